#pragma once

#include <string>
#include <vector>

#include "core/rule_set.h"

namespace jungle {

// A rule set in plain sentences for a beginner: the board, the ranks, what
// takes what, the water, the jumps, the traps, the dens and how games end.
// Written from the derived rules, so every shipped set and a user's file
// describe themselves; the web page's rules panel and the terminal's
// `rules` command show it.
std::vector<std::string> rules_summary(const RuleSet& rs);

}  // namespace jungle
