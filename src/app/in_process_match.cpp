#include "app/in_process_match.h"

#include <iostream>

namespace jungle::app {

void in_process_match(match::MatchConfig& config, const std::string& variant, int games,
                      uint64_t seed) {
  config.variant = variant;
  config.games = games;
  config.seed = seed;
  config.concurrency = 1;
  config.max_plies = 0;
  config.adjudicate_mate = false;
  // The players carry their own limits; the match's, a depth, has no clock
  // to lose on, and a move is waited for a day before it counts as hung.
  config.tc.kind = match::TimeControl::Kind::kDepth;
  config.tc.depth = 1;
  config.move_timeout_ms = 24LL * 3600 * 1000;
  config.event = "jungle match (in-process)";
}

bool finished_in_process(const match::MatchResult& result) {
  if (!result.error.empty()) {
    std::cerr << "error: " << result.error << "\n";
    return false;
  }
  for (const std::string& line : result.incident_log) std::cerr << "incident: " << line << "\n";
  return true;
}

}  // namespace jungle::app
