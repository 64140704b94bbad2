#pragma once

#include <array>
#include <cstdint>
#include <ostream>

#include "hidden/hidden_game.h"

// A model of the enemy learnt from its games (docs/hidden.md, "The enemy's
// activity, learnt from its games"): how often each animal is the one that
// moves, by where the move takes it. The enemy the baselines and the engine
// meet moves its strong animals more than its weak ones (an open search
// finds more for a Tiger to do than for a Cat), and above all it steps them
// up beside ours, to attack next: a piece that stops beside ours is likelier
// a strong animal, which the reading's one-ply model of the enemy's choice
// does not see (it values the move by what can be taken at once, not by the
// threat it makes). The reading (move_reading.h) weighs the animal of each
// enemy piece that moves by its activity in the move's context, raised to
// MoveReadingOptions::activity.

namespace jungle::hidden {

using AnimalWeights = std::array<double, kAnimals>;

// Where an enemy move takes its piece, against the viewer's pieces (steps
// along files and ranks to the nearest of them, water and all): to stand
// beside one (one step or none: an attack), nearer to them, as near as it
// was, or farther.
enum class MoveContext : uint8_t { kBeside, kCloser, kLevel, kFarther };
inline constexpr int kMoveContexts = 4;

// The context of `move`, by the piece on its from-square in `view` (the view
// before the move), against that piece's enemies: the viewer's pieces when
// the enemy moves. kLevel where the piece has no enemy on the board.
MoveContext move_context(const PlayerView& view, Move move);

// The name of a context as ActivityTally::print writes it ("beside").
const char* context_name(MoveContext context);

// By context, then by Animal (Rat, Cat, Dog, Wolf, Leopard, Tiger, Lion,
// Elephant): the moves of an unknown enemy piece of that animal over the
// moves it would have made had every unknown piece on the board moved
// alike, measured by ActivityTally on 800 games of the sampler against the
// engine, from the engine's side (`jungle hidden-match --opponent sampler
// --games 800 --nodes 5000 --paired --seed 21 --belief-stats
// --read-activity 0`: 34,870 moves of unknown pieces). A Tiger or a Lion
// stops beside one of ours twelve times as often as a Cat; moving away,
// the Dog and the Wolf are the likeliest and the Lion and the Elephant
// the least.
inline constexpr std::array<AnimalWeights, kMoveContexts> kLearntActivity = {{
    {0.24, 0.22, 0.39, 0.89, 1.43, 2.63, 2.63, 2.06},  // beside (6,174 moves)
    {0.54, 0.64, 1.12, 1.25, 1.38, 1.79, 1.64, 1.16},  // closer (13,837)
    {0.69, 0.66, 1.09, 1.29, 0.90, 1.50, 1.65, 1.30},  // level (2,104)
    {0.74, 0.96, 1.37, 1.15, 1.01, 1.13, 0.93, 0.81},  // farther (12,755)
}};

// The activity of the enemy's animals over games, from one player's point
// of view: a piece counts while that player does not know its animal.
class ActivityTally {
 public:
  // Over `game` replayed from its start, each move of `side`'s enemy by a
  // piece whose animal `side`'s view does not know, in the move's context:
  // its animal counts one move, and each such piece of the enemy on the
  // board, the mover's among them, counts one in n of a move alike (n of
  // them).
  void add(const HiddenGame& game, Side side);
  // The moves counted, in every context or in one.
  int moves() const;
  int moves(MoveContext context) const { return moves_[size_t(context)]; }
  // By animal, (its moves + 1) over (its share alike + 1): 1 for an animal
  // that moves as often as the others, or that was never seen. In every
  // context together, or in one.
  AnimalWeights activity() const;
  AnimalWeights activity(MoveContext context) const;
  // "enemy activity: R 0.63 C 0.77 D 0.96 W 1.07 P 1.16 T 1.89 L 1.85 E 1.25
  // (17749 moves of unknown pieces)", then a line for each context
  // ("  beside: R 0.31 ... (2423 moves)").
  void print(std::ostream& out) const;

 private:
  std::array<AnimalWeights, kMoveContexts> moved_{};
  std::array<AnimalWeights, kMoveContexts> share_{};
  std::array<int, kMoveContexts> moves_{};
};

}  // namespace jungle::hidden
