#pragma once

#include <array>

#include "flip/flip_position.h"

// The animals' values the Flip Jungle evaluation counts in points (about
// 10 a Cat), apart from the evaluation so that its terms (flip_boxed_in)
// read them without including it. These defaults are what the endgame
// tables, the boxed-in term, the greedy baseline and the draw cost's lead
// read; the evaluation's own terms read FlipEvalWeights' copies of them
// (flip_eval_weights.h), which `jungle flip-tune` may fit.

namespace jungle::flip {

// The kinds of value an animal counts at: its rank's (the Animal, kRat ..
// kElephant), the Rat's while it may take the Elephant, the Elephant's
// while an enemy Rat that may take it is left.
inline constexpr int kFlipRatHunter = kAnimals;
inline constexpr int kFlipHuntedElephant = kAnimals + 1;
inline constexpr int kFlipValueKinds = kAnimals + 2;

// The points of each kind: a Cat 10 ... an Elephant 80, the hunting Rat
// 25, the hunted Elephant 70 (first guesses; docs/flip.md, "Fitting the
// animals' values", fits them).
inline constexpr std::array<double, kFlipValueKinds> kFlipPieceValues = {10, 10, 20, 30, 40,
                                                                         50, 65, 80, 25, 70};

// Which value an animal counts at (`enemy_rat`: an enemy Rat is left).
inline int flip_value_kind(const FlipRules& r, Animal a, bool enemy_rat) {
  if (a == kRat && r.rat_takes_elephant) return kFlipRatHunter;
  if (a == kElephant && r.rat_takes_elephant && enemy_rat) return kFlipHuntedElephant;
  return a;
}

// An animal's worth at the default values, in points.
double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat);
// Whether each side still has a Rat, face up or in the pool.
std::array<bool, kSides> flip_rats_left(const FlipPosition& pos);

}  // namespace jungle::flip
