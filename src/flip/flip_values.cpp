#include "flip/flip_values.h"

namespace jungle::flip {

double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat) {
  return kFlipPieceValues[size_t(flip_value_kind(r, a, enemy_rat))];
}

std::array<bool, kSides> flip_rats_left(const FlipPosition& pos) {
  std::array<bool, kSides> rat_left{};
  for (Side s : {kBlue, kRed}) rat_left[s] = pos.pool_count(make_piece(s, kRat)) > 0;
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c < kEmpty && animal_of(Piece(c)) == kRat) rat_left[side_of(Piece(c))] = true;
  }
  return rat_left;
}

}  // namespace jungle::flip
