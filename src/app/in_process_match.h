#pragma once

#include <cstdint>
#include <string>

#include "match/match_config.h"
#include "match/match_runner.h"

// What `jungle flip-match` and `jungle hidden-match`, aliases of `jungle
// match` with engines made in this process, have in common.

namespace jungle::app {

// Sets `config` up for an alias's match: `games` games of `variant` in
// order on one thread, played to their end by the rules (no adjudication,
// no ply limit) and with no deadline that matters (the players keep to
// their own budgets), as the aliases' own game loops played them.
void in_process_match(match::MatchConfig& config, const std::string& variant, int games,
                      uint64_t seed);
// Prints the match's error, or its incidents, to stderr; false when the
// match could not be played.
bool finished_in_process(const match::MatchResult& result);

}  // namespace jungle::app
