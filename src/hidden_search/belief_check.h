#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "hidden/hidden_game.h"
#include "hidden_search/move_reading.h"

// How well a player's belief knows the enemy's animals (docs/hidden.md,
// "How well the belief knows the enemy"): over a finished game's positions
// where that player is to move and some enemy piece on the board is still
// more than one animal, the probability its belief (the deductions, weighed
// by what the enemy's moves say: the tree's root marginals) gives each such
// piece's true animal. A direct measure of the reading, with far less noise
// than the games it is taken from.

namespace jungle::hidden {

struct BeliefAccuracy {
  int positions = 0;   // the player to move with an unknown enemy piece on the board
  int pieces = 0;      // unknown enemy pieces scored, summed over those positions
  double log_sum = 0;  // of the natural log of the true animal's probability
  double p_sum = 0;    // of that probability
  // Of the Brier score: the squared distance of the piece's probabilities
  // from the truth (1 for its animal, 0 for the others); 0 is sure and
  // right, 2 sure and wrong. Proper, as the log is, but bounded: a few
  // animals given next to nothing do not rule it.
  double brier_sum = 0;
  // The player's moves, and the nodes the reading's model took before
  // them (what it costs the engine's budget).
  int moves = 0;
  uint64_t model_nodes = 0;
  double mean_log() const { return pieces ? log_sum / pieces : 0.0; }
  double mean_p() const { return pieces ? p_sum / pieces : 0.0; }
  double mean_brier() const { return pieces ? brier_sum / pieces : 0.0; }
  double nodes_a_move() const { return moves ? double(model_nodes) / moves : 0.0; }
  void add(const BeliefAccuracy& other);
};

// A probability below this counts as this in the logs (a weight never
// rules an animal out, but floats may round one to nothing).
inline constexpr double kLeastScoredProbability = 1e-12;

// `side`'s belief over `game` (replayed from its start) with `reading`
// (temperature 0: the deductions alone).
BeliefAccuracy belief_accuracy(const HiddenGame& game, Side side,
                               const MoveReadingOptions& reading);

// A reading written "T:U", "T:U:K" or "T:U:K:A": the temperature in
// centipawns, the uniform share, the guessing model's worlds (0 if not
// written), the power of the enemy's activity (0 if not written)
// (`hidden-match --belief-reading 50:0.2`); the other settings the
// default's. Throws std::invalid_argument saying what is wrong.
MoveReadingOptions parse_reading(std::string_view text);
std::string reading_text(const MoveReadingOptions& reading);

// The accuracy of several readings over the same games (`hidden-match
// --belief-stats`): each game's player scored under every reading.
class BeliefTally {
 public:
  explicit BeliefTally(std::vector<MoveReadingOptions> readings);
  void add(const HiddenGame& game, Side side);
  const std::vector<BeliefAccuracy>& accuracy() const { return accuracy_; }
  const std::vector<MoveReadingOptions>& readings() const { return readings_; }
  // A line per reading: "belief T:U:K: N positions, M pieces, mean log p
  // -0.9120, mean p 0.5310, brier 0.6012, model nodes a move 317"
  // ("deductions alone" for
  // temperature 0), and for the readings after the first, the difference
  // of their mean log p from the first's with its 95% interval over the
  // games (each game's pieces counted together: a game's positions are
  // not independent).
  void print(std::ostream& out) const;

 private:
  std::vector<MoveReadingOptions> readings_;
  std::vector<BeliefAccuracy> accuracy_;
  // By game, each reading's sum of log p (the games' pieces are the same
  // under every reading: the deductions decide which are unknown).
  std::vector<std::vector<double>> game_logs_;
  std::vector<int> game_pieces_;
};

}  // namespace jungle::hidden
