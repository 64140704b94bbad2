#pragma once

#include <array>
#include <functional>
#include <ostream>
#include <string>

#include "core/random_bits.h"
#include "core/types.h"

// The set-up phase of a family that has one (Capabilities::setup: a hidden
// game whose rule set lets each side arrange its animals in secret, a
// "chosen" set; docs/hidden.md). Each person arranges its animals on a
// screen the other does not see; an engine's side takes a random
// arrangement.

namespace jungle {

struct SetupScreen {
  std::array<bool, kSides> person = {true, false};  // the sides a person arranges
  // The next line typed; false at the end of the input.
  std::function<bool(std::string&)> read_line;
  // Makes sure only `side` looks (the hot-seat hand-over); may do nothing.
  std::function<void(Side side)> hand_over;
};

// The arbiter's start (every animal shown) as FEN, or "" when the game has
// no set-up phase (Family::setup_to_choose: any game of the open or flip
// family, a hidden set that leaves the set-up to chance or fixes it, which
// the family then draws). Throws std::invalid_argument when the variant
// cannot be read.
// `chance` draws the engines' arrangements (and `random`).
std::string choose_setup(const std::string& variant, const SetupScreen& screen, RandomBits chance,
                         std::ostream& out);

}  // namespace jungle
