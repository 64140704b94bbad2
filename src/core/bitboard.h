#pragma once

#include <bit>
#include <cstdint>

#include "core/types.h"

namespace jungle {

// Bit i is square i (see types.h); bit 63 is always clear.
using Bitboard = uint64_t;

inline constexpr Bitboard kAllSquares = (Bitboard(1) << kSquares) - 1;

constexpr Bitboard square_bb(Square s) {
  return Bitboard(1) << s;
}

constexpr Bitboard file_bb(int file) {
  Bitboard b = 0;
  for (int r = 0; r < kRanks; ++r) b |= square_bb(make_square(file, r));
  return b;
}
constexpr Bitboard rank_bb(int rank) {
  return Bitboard(0x7F) << (rank * kFiles);
}

inline constexpr Bitboard kFileA = file_bb(0);
inline constexpr Bitboard kFileG = file_bb(kFiles - 1);

// One step in each direction. East and west mask the edge file the step would
// wrap onto; north masks the bits above g9.
constexpr Bitboard shift_north(Bitboard b) {
  return (b << kFiles) & kAllSquares;
}
constexpr Bitboard shift_south(Bitboard b) {
  return b >> kFiles;
}
constexpr Bitboard shift_east(Bitboard b) {
  return (b << 1) & ~kFileA & kAllSquares;
}
constexpr Bitboard shift_west(Bitboard b) {
  return (b >> 1) & ~kFileG;
}
constexpr Bitboard neighbours(Bitboard b) {
  return shift_north(b) | shift_south(b) | shift_east(b) | shift_west(b);
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

// The fixed geometry of the board; a rule set may switch water or traps off.
inline constexpr Bitboard kWaterSquares =
    square_bb(make_square(1, 3)) | square_bb(make_square(2, 3)) | square_bb(make_square(1, 4)) |
    square_bb(make_square(2, 4)) | square_bb(make_square(1, 5)) | square_bb(make_square(2, 5)) |
    square_bb(make_square(4, 3)) | square_bb(make_square(5, 3)) | square_bb(make_square(4, 4)) |
    square_bb(make_square(5, 4)) | square_bb(make_square(4, 5)) | square_bb(make_square(5, 5));

inline constexpr Square kDenSquare[kSides] = {make_square(3, 0), make_square(3, 8)};

// Traps around each side's den: c1 e1 d2 for Blue, c9 e9 d8 for Red.
inline constexpr Bitboard kTrapSquares[kSides] = {
    square_bb(make_square(2, 0)) | square_bb(make_square(4, 0)) | square_bb(make_square(3, 1)),
    square_bb(make_square(2, 8)) | square_bb(make_square(4, 8)) | square_bb(make_square(3, 7))};

}  // namespace jungle
