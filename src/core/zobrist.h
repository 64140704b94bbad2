#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

// Random keys for hashing positions. The keys are fixed (a seeded generator),
// so hashes are the same in every run and on every machine.
namespace jungle::zobrist {

// Defined in zobrist.cpp; read inline because do_move needs it on every ply.
extern const std::array<std::array<uint64_t, 64>, 17> kPieceKeys;
extern const uint64_t kSideKey;

inline uint64_t piece_key(Piece p, Square s) {
  return kPieceKeys[p][s];
}
inline uint64_t side_key() {
  return kSideKey;
}
// Counter values are hashed rather than tabulated: they are rare and unbounded.
uint64_t water_turns_key(int water_index, int turns);
uint64_t den_turns_key(Side side, int turns);

}  // namespace jungle::zobrist
