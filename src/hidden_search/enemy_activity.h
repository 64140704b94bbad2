#pragma once

#include <array>
#include <ostream>

#include "hidden/hidden_game.h"

// A model of the enemy learnt from its games (docs/hidden.md, "The enemy's
// activity, learnt from its games"): how often each animal is the one that
// moves. The enemy the baselines and the engine meet moves its strong
// animals more than its weak ones (an open search finds more for a Tiger to
// do than for a Cat), so that a piece which moves is likelier one of the
// active animals. The reading (move_reading.h) weighs the animal of each
// enemy piece that moves by its activity, raised to
// MoveReadingOptions::activity.

namespace jungle::hidden {

using AnimalWeights = std::array<double, kAnimals>;

// By Animal (Rat, Cat, Dog, Wolf, Leopard, Tiger, Lion, Elephant): the
// moves of an unknown enemy piece of that animal over the moves it would
// have made had every unknown piece on the board moved alike, measured by
// ActivityTally on 800 games of the sampler against the engine, from the
// engine's side (`jungle hidden-match --opponent sampler --games 800
// --nodes 5000 --paired --seed 21 --belief-stats --read-activity 0`:
// 34,870 moves of unknown pieces). The Tiger and the Lion move three
// times as often as the Rat, the Cat a little more.
inline constexpr AnimalWeights kLearntActivity = {0.58, 0.70, 1.09, 1.15, 1.23, 1.81, 1.69, 1.23};

// The activity of the enemy's animals over games, from one player's point
// of view: a piece counts while that player does not know its animal.
class ActivityTally {
 public:
  // Over `game` replayed from its start, each move of `side`'s enemy by a
  // piece whose animal `side`'s view does not know: its animal counts one
  // move, and each such piece of the enemy on the board, the mover's among
  // them, counts one in n of a move alike (n of them).
  void add(const HiddenGame& game, Side side);
  int moves() const { return moves_; }
  // By animal, (its moves + 1) over (its share alike + 1): 1 for an animal
  // that moves as often as the others, or that was never seen.
  AnimalWeights activity() const;
  // "enemy activity: R 0.63 C 0.77 D 0.96 W 1.07 P 1.16 T 1.89 L 1.85 E 1.25
  // (17749 moves of unknown pieces)"
  void print(std::ostream& out) const;

 private:
  AnimalWeights moved_{};
  AnimalWeights share_{};
  int moves_ = 0;
};

}  // namespace jungle::hidden
