#pragma once

#include <bit>
#include <cstdint>

#include "core/types.h"

namespace jungle {

// Bit i is square i of the board's Geometry (core/geometry.h); the board's
// shape, and so every mask and step, comes from the rule set.
using Bitboard = uint64_t;

// Only for real squares (0..63): kNoSquare has no bit.
constexpr Bitboard square_bb(Square s) {
  return Bitboard(1) << s;
}

inline int popcount(Bitboard b) {
  return std::popcount(b);
}
inline Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace jungle
