#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

#include "core/types.h"

namespace jungle {

struct HiddenTerminalOptions {
  std::array<bool, kSides> human = {true, false};  // the sides a person plays
  int64_t movetime_ms = 1000;
  std::string variant = "hidden";
  std::string save_file;  // the arbiter's record, written when the program ends
  uint64_t seed = 0;      // the secret set-ups (0: the system's cryptographic generator)
  // Clear the screen at each hand-over, so that the next player does not
  // see the last one's board (only on a terminal).
  bool clear_screen = false;
};

// `jungle play --variant hidden`: a hidden-pieces game (docs/hidden.md) on
// a terminal or a pipe. A person sees only its own view: its animals, the
// squares of the enemy's (X or x until an attack shows one) and the
// arbiter's announcements; the engine plays from its own view. With two
// people (hot-seat) a "pass the device" screen stands between the turns
// and between the two secret set-ups of a "chosen" set, so that neither
// sees the other's pieces. At the end the whole truth is shown, and the
// arbiter's record can be saved. Returns the exit code (2 for a bad variant).
int run_hidden_terminal(const HiddenTerminalOptions& options, std::istream& in, std::ostream& out);

}  // namespace jungle
