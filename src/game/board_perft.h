#pragma once

#include <string_view>
#include <vector>

#include "core/variants.h"
#include "game/family.h"

// `jungle perft` on a 7x9 or 7x7 board with every animal known: the open
// game's count, and a hidden game's arbiter's (docs/perft.md), which only
// differ in which family's rule sets they take.

namespace jungle::game {

// The leaves `depth` plies below `start` (a FEN, or "" for the rule set's
// start) after `moves`, split by the root's moves (none at depth 0), as
// core's perft_divide counts them: the fastest count, with no stop flag.
// Throws std::invalid_argument with the FEN reader's words, or "move 2:
// illegal move b3b4: no piece on b3".
std::vector<PerftLine> board_perft(const RuleSetPtr& rules, std::string_view start,
                                   const std::vector<std::string>& moves, int depth);

}  // namespace jungle::game
