#include "flip/flip_boxed_in.h"

#include <array>
#include <bit>
#include <cmath>

#include "flip/flip_values.h"

namespace jungle::flip {

namespace {

bool takes(const FlipPosition& pos, Animal attacker, Animal defender) {
  return pos.combat(attacker, defender) == Combat::kTakes;
}

// Whether a face-up enemy of `side` that takes `victim` stands beside `square`.
bool taker_beside(const FlipPosition& pos, Square square, Side side, Animal victim) {
  for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << square); t; t &= t - 1) {
    const Cell c = pos.cell(std::countr_zero(t));
    if (c < kEmpty && side_of(Piece(c)) != side && takes(pos, animal_of(Piece(c)), victim))
      return true;
  }
  return false;
}

}  // namespace

double flip_boxed_in(const FlipPosition& pos, double own_weight, double enemy_weight) {
  if (!pos.colours_known()) return 0;
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  std::array<double, kSides> at_risk{};
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const Side side = side_of(Piece(c));
    const Animal animal = animal_of(Piece(c));
    int empty = 0, face_down = 0;
    Square way_out = sq;
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << sq); t; t &= t - 1) {
      const Square n = Square(std::countr_zero(t));
      if (pos.cell(n) == kEmpty) {
        ++empty;
        way_out = n;
      } else if (pos.cell(n) == kHidden) {
        ++face_down;
      }
    }
    double chance = 0;
    if (empty == 0 && face_down > 0) {
      int takers = 0;
      for (int a = 0; a < kAnimals; ++a) {
        if (takes(pos, Animal(a), animal))
          takers += pos.pool_count(make_piece(opponent(side), Animal(a)));
      }
      const double one = double(takers) / pos.hidden_count();
      chance = 1 - std::pow(1 - one, face_down);
    } else if (empty == 1 && taker_beside(pos, way_out, side, animal)) {
      chance = 1;
    }
    at_risk[side] += chance * flip_piece_value(pos.rules(), animal, rat_left[opponent(side)]);
  }
  const Side us = pos.side_to_move();
  return enemy_weight * at_risk[opponent(us)] - own_weight * at_risk[us];
}

}  // namespace jungle::flip
