#pragma once

#include <array>

#include "flip/flip_position.h"

// The animals' values the Flip Jungle evaluation counts in points (about
// 10 a Cat), apart from the evaluation so that its terms (flip_boxed_in)
// read them without including it. Fixed: the tuner fits the weights
// around them (flip_eval_weights.h).

namespace jungle::flip {

// An animal's worth to the evaluation, in points: a Cat 10 ... an Elephant
// 80; the Rat more while it may take the Elephant, the Elephant less while
// an enemy Rat that may take it is left (`enemy_rat`).
double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat);
// Whether each side still has a Rat, face up or in the pool.
std::array<bool, kSides> flip_rats_left(const FlipPosition& pos);

}  // namespace jungle::flip
