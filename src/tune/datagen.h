#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/rule_set.h"

namespace jungle::match {

// Self-play with the in-process engine at a fixed node budget, for tuning the
// evaluation: each game starts with a few random plies (so that games differ
// and some are lopsided), then the engine plays both sides to the end.
// Every quiet position of a game is written with the game's result.
//
// A line of the output: "<FEN>;<result>;<score>" where result is Blue's
// points (1, 0.5 or 0) and score the search's score in centipawns from
// Blue's view. Quiet means: the game is not over, neither side can step into
// the enemy den, the move that led here and the move chosen here are not
// captures, the score is not a forced win, and the search agrees with the
// static evaluation to within `quiet_margin` (no tactics pending).
struct DatagenOptions {
  int games = 1000;
  uint64_t nodes = 4000;  // per move
  int min_random_plies = 6;
  int max_random_plies = 10;
  int max_plies = 400;  // a game this long is scored a draw
  int threads = 1;      // games played at a time
  int quiet_margin = 120;
  uint64_t seed = 1;                // game i uses seed + i: the output does not depend on threads
  std::ostream* records = nullptr;  // when set, every game's record, in game order
  std::function<void(int games_done, int64_t positions)> progress;
};

struct DatagenStats {
  int games = 0;
  int64_t positions = 0;
  int blue_wins = 0, red_wins = 0, draws = 0;
};

// Writes the games' positions to `out` in game order.
DatagenStats generate_training_data(const RuleSetPtr& rules, const DatagenOptions& options,
                                    std::ostream& out);

}  // namespace jungle::match
