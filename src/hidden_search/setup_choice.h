#pragma once

#include <vector>

#include "core/random_bits.h"
#include "hidden/setup.h"

// The engine's own secret set-up where the rule set lets each side arrange
// its animals (`setup = "chosen"`, docs/hidden.md, "The engine's set-up").
// Every arrangement of the side's animals on its start squares is valued by
// the open game's evaluation against the enemy's usual arrangement (the
// evaluation's square tables say where each animal stands well); the
// engine draws one at random among those within kSetupMargin of the best,
// so that its set-up is sensible and yet not one the opponent can count on.

namespace jungle::hidden {

// How far below the best arrangement's value, in centipawns, an
// arrangement may be and still be drawn.
inline constexpr int kSetupMargin = 20;

// The arrangements of `side`'s animals within `margin` centipawns of the
// best, best first (ties in the order of enumeration).
// Values every arrangement (tens of thousands of evaluations, a fraction of
// a second): a caller that sets up many games keeps the list.
std::vector<Arrangement> sensible_arrangements(const RuleSetPtr& rules, Side side,
                                               int margin = kSetupMargin);
// One of `sensible` (sensible_arrangements' list), each equally likely.
Arrangement draw_arrangement(const std::vector<Arrangement>& sensible, RandomBits rng);

}  // namespace jungle::hidden
