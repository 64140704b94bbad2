#pragma once

// What a match prints: a progress line after each game and the final summary.

#include <ostream>
#include <string>

#include "match/match_runner.h"

namespace jungle::match {

// One line for a terminal, no newline: "[12/200] W 5 D 2 L 5  Elo +0.0 +/- 95.1  LLR 0.12 ...".
std::string progress_line(const MatchConfig& config, const MatchResult& result);
// The final report: results, Elo from games and pairs, SPRT, terminations, incidents.
std::string match_summary(const MatchConfig& config, const MatchResult& result);
// What the in-process aliases (`jungle flip-match`, `jungle hidden-match`)
// print at the end: the score line (score_text) on `out` and the
// incidents on `err`, one a line; or, false, the match's error on `err`.
bool print_in_process_summary(const MatchResult& result, std::ostream& out, std::ostream& err);

}  // namespace jungle::match
