#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "core/types.h"

namespace jungle {

struct FlipTerminalOptions {
  // Which players a person plays: [0] the one who moves first, [1] the
  // other. In a first-flip set nobody knows their colour before the first flip.
  std::array<bool, 2> human = {true, false};
  int64_t movetime_ms = 1000;
  std::string variant = "flip";
  std::string fen;        // start here instead of the set's start
  std::string save_file;  // the record, written on exit
  std::string load_file;  // a record to go on from (its first game)
  uint64_t seed = 0;      // what flips reveal; 0: the system's cryptographic generator
};

// `jungle play --variant flip`: Flip Jungle on a terminal or a pipe. A
// person types a move (a1a2) or a flip (b2?; what it reveals is drawn from
// the pool, or given as b2?=L to replay a game played on a real board),
// `moves`, `undo`, `save FILE`, `load FILE`, `help` or `quit`. The board shows face-down
// tiles as `?`, and the pool of hidden animals is listed under it.
// Returns the exit code (2 for a bad variant or FEN).
int run_flip_terminal(const FlipTerminalOptions& options, std::istream& in, std::ostream& out);

}  // namespace jungle
