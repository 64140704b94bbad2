#pragma once

#include "match/match_runner.h"

// What `jungle flip-match` and `jungle hidden-match`, aliases of `jungle
// match` with engines made in this process (match::in_process_config),
// have in common.

namespace jungle::app {

// Prints the match's error, or its incidents to stderr and its score
// (match::score_text) to stdout; false when the match could not be played.
bool print_in_process(const match::MatchResult& result);

}  // namespace jungle::app
