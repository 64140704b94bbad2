#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"

// The fixed action encoding of one board (docs/python.md, "Actions"): every
// action text of a family is one integer, the same on every board of that
// size, so that a network's output layer and a legal-action mask keep one
// shape for the whole game.
//
// With S squares (index = rank * files + file, a1 = 0):
//   kind * S + from     a move from `from`, kind 0..3 a step north, east,
//                       south, west, kind 4..7 a jump (across water) north,
//                       east, south, west: a square and a direction name at
//                       most one step and one jump, even for an animal that
//                       both swims and jumps;
//   8 * S + square      turning the tile on `square` over (Flip Jungle).
// Chance's outcomes, while chance acts, are the piece revealed: side * 8 +
// animal (0..15, Blue's Rat 0, Red's Elephant 15).

namespace jungle::python {

class ActionCodec {
 public:
  ActionCodec(Geometry geometry, bool flips);

  int num_distinct_actions() const { return (flips_ ? 9 : 8) * geometry_.squares(); }
  static constexpr int kMaxChanceOutcomes = 16;
  const Geometry& geometry() const { return geometry_; }

  // The integer of a side's action text ("a3a4", "b2?", a hidden try
  // "e3e4") or chance's ("b2?=L"); -1 for a text that names none.
  int encode(std::string_view text) const;
  // The integer of a move from `from` to `to`: a step or a jump in one of
  // the four directions; -1 for any other pair. A table lookup: VectorGame
  // encodes every legal move of every game at each step.
  int encode_move(Square from, Square to) const {
    if (!geometry_.contains(from) || !geometry_.contains(to)) return -1;
    return move_codes_[size_t(from * geometry_.squares() + to)];
  }
  // The text of an integer among `legal` (the texts allowed now), or "".
  std::string decode(int action, const std::vector<std::string>& legal) const;
  // Words for an integer with no state at hand: "step north from a3",
  // "jump east from d5", "flip b2", for error messages and action_to_string.
  std::string describe(int action) const;

 private:
  int compute_move_code(Square from, Square to) const;

  Geometry geometry_;
  bool flips_;
  std::vector<int16_t> move_codes_;  // by from * squares + to
};

}  // namespace jungle::python
