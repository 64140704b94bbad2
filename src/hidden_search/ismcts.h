#pragma once

#include <cstdint>
#include <memory>
#include <random>

#include "hidden/player_view.h"
#include "hidden_search/hidden_search.h"
#include "search/evaluation.h"

// ISMCTS, single-observer information-set Monte Carlo tree search (Cowling,
// Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
// TCIAIG 4(2), 2012), the field's other standard baseline for hidden
// information (docs/hidden.md, "The baselines"). One tree over the
// player's information sets: a node is the sequence of moves from the
// view now (the enemy's moves as the player sees them: from- and
// to-square). Each iteration
//   1. determinizes: draws one arrangement of the enemy's unknown animals
//      from the view's Belief, uniformly, and replays the game in it;
//   2. selects down the tree among the moves legal in that world, by UCB1
//      with availability counts (a child's "parent visits" are the
//      iterations in which it was available);
//   3. expands one child, a move of that world not yet in the tree, drawn
//      at random;
//   4. evaluates the leaf with the open game's static evaluation turned
//      into an expected result (expected_result, the scale the engine's
//      worlds use) for the side to move there; a finished game is 1, 0 or
//      0.5. No playouts: a random Jungle playout is long and says little,
//      and at a few thousand nodes a move the evaluation is worth more;
//   5. backs the value up, each node counting it for the side that made
//      its move.
// At the root the player's own tries are the view's: an attack that fails
// in the drawn world is played there as it fails (the attacker removed or
// bounced; refused, the same side moves again). Deeper, each side has its
// moves in that world. The move played is the root's most visited child.
// It never sees anything but the view.

namespace jungle::hidden {

// UCB1's exploration constant, for rewards in 0..1: Cowling et al. use 0.7.
inline constexpr double kIsmctsExploration = 0.7;
// Nodes an iteration counts (HiddenLimits::nodes): one for each move it
// plays in its world below the root and one for the leaf's evaluation, so
// an alpha-beta search and ISMCTS given `--nodes N` both visit about N
// positions. (The replay of the game in each drawn world is not counted,
// as the open engine's replay of a game is not.)
// With a depth and no node or time budget, `depth` times this many nodes.
inline constexpr uint64_t kIsmctsNodesPerDepth = 1000;

struct IsmctsOptions {
  double exploration = kIsmctsExploration;  // more than 0
  uint64_t seed = 1;
};

class IsmctsSearcher {
 public:
  // Throws std::invalid_argument naming the option when `options` is bad.
  explicit IsmctsSearcher(IsmctsOptions options = {});
  ~IsmctsSearcher();
  // The move to try in `view`, whose viewer is to move. `worlds` is the
  // iterations (each one drawn world), `depth` the deepest node, and
  // `candidates` the root's children, the most visited first, each with
  // its mean value.
  HiddenSearchResult search(const PlayerView& view, const HiddenLimits& limits);

 private:
  IsmctsOptions options_;
  std::mt19937_64 rng_;
  RuleSetPtr rules_;
  std::unique_ptr<Evaluator> evaluator_;
};

}  // namespace jungle::hidden
