#include "flip/flip_values.h"

namespace jungle::flip {

namespace {

// Points per animal in rank order; the Rat is worth more than its rank
// while it may take the Elephant, and the Elephant less while an enemy Rat
// that may take it is left.
constexpr double kValue[kAnimals] = {10, 10, 20, 30, 40, 50, 65, 80};
constexpr double kRatHunter = 25;
constexpr double kHuntedElephant = 70;

}  // namespace

double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat) {
  if (a == kRat && r.rat_takes_elephant) return kRatHunter;
  if (a == kElephant && r.rat_takes_elephant && enemy_rat) return kHuntedElephant;
  return kValue[a];
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
