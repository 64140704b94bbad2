#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "flip/flip_position.h"
#include "flip/flip_search.h"

// Training data for the Flip Jungle evaluation's weights (flip_tuner.h):
// the positions of real games, each with its game's result. The games are
// the engine against PIMC, the opponent the weights are meant to beat, at
// a small node budget each (`jungle flip-datagen`), as src/tune/datagen
// writes the open game's.
//
// A line of the output: "<FEN>;<points>", the points the side to move in
// the position scored in its game (1, 0.5 or 0). Written are the positions
// whose colours are known and whose game had not ended, and that are quiet:
// the capture search from there (flip_quiet) values it as the evaluation
// does, so no capture is pending that the static evaluation misjudges.

namespace jungle::flip {

struct FlipDatagenOptions {
  int games = 1000;
  uint64_t nodes = 1500;  // each side's budget a move
  // Game i deals its tiles and seeds PIMC from seed + i. Keep it off 1 and
  // 2, the seeds the matches that measure the weights use.
  uint64_t seed = 1000;
  // The engine's evaluation weights (`flip-datagen --eval-weights`: data
  // from a fitted engine's own games); PIMC keeps the defaults.
  FlipEvalWeights weights;
  std::ostream* records = nullptr;  // where set, each game's plies, a game a line
  std::function<void(int games_done, int64_t positions)> progress;
};

struct FlipDatagenStats {
  int games = 0;
  int64_t positions = 0;
  int engine_wins = 0, pimc_wins = 0, draws = 0;
};

// Plays the games (the engine first in even games, PIMC in odd ones; the
// engine with the default search options but `weights`, PIMC with its own) and writes
// their positions to `out` in game order.
FlipDatagenStats generate_flip_training_data(const FlipRulesPtr& rules,
                                             const FlipDatagenOptions& options, std::ostream& out);

// Writes the positions of one finished game as above; how many.
int64_t write_flip_game_positions(const FlipPosition& finished, std::ostream& out);

// Whether `pos` is quiet: the capture search's value is the evaluation's.
bool flip_quiet(FlipPosition& pos);

// A line of the training data, read back.
struct FlipSample {
  std::string fen;
  double points = 0.5;  // the side to move's: 1, 0.5 or 0
};
// Reads the lines generate_flip_training_data writes; blank lines are
// skipped. Throws std::invalid_argument naming `origin` and the line of a
// malformed one (no ';', points not 0, 0.5 or 1, a FEN the rules refuse).
std::vector<FlipSample> parse_flip_training_data(const FlipRulesPtr& rules, std::string_view text,
                                                 std::string_view origin);

}  // namespace jungle::flip
