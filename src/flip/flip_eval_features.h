#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "flip/flip_eval_weights.h"
#include "flip/flip_position.h"

// What the Flip Jungle evaluation (flip_evaluate) reads of a position,
// apart from every weight and value: the tuner (flip_tuner.h) reads each
// position once and evaluates it again under new weights and values from
// this alone. The evaluation is linear in the weights and the values
// except where it takes a maximum (the best capture threatened, the best
// prey hunted), so those keep every candidate the maximum chooses among.

namespace jungle::flip {

struct FlipEvalFeatures {
  // Animals of each value kind (flip_value_kind), face up and in the pool,
  // the side to move's less the other's.
  std::array<int8_t, kFlipValueKinds> up{}, pool{};
  // Squares to step to, the side to move's less the other's.
  double mobility = 0;
  // A candidate for a side's maximum: a threatened capture (it gains
  // value[victim] less value[loser] when both die) or a hunted prey
  // (hunt * steps * value[victim]). Each distinct one once.
  struct Candidate {
    bool mover = true;  // the side to move's, or the other's
    bool hunt = false;  // a hunted prey, or a threatened capture
    int8_t victim = 0;  // its value kind
    int8_t loser = -1;  // a capture's: the taker's kind when both die, else -1
    int8_t steps = 0;   // a hunt's: 6 less the distance
    bool operator==(const Candidate&) const = default;
  };
  std::vector<Candidate> candidates;
  // flip_boxed_in(pos, 1, 0) and (pos, 0, 1), at the default values (the
  // term reads flip_piece_value).
  double boxed_own = 0, boxed_enemy = 0;
};

// The features of `pos`; all 0 while its colours are not known (the
// evaluation is 0 there).
FlipEvalFeatures flip_eval_features(const FlipPosition& pos);
// The evaluation from them: flip_evaluate(pos, w) up to rounding.
double flip_evaluate_features(const FlipEvalFeatures& f, const FlipEvalWeights& w);

}  // namespace jungle::flip
