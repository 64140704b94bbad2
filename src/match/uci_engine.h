#pragma once

// The match runner's side of the protocol with one engine process (as
// fastchess's engine/uci_engine): the handshake, options, new games, and
// reading answers under a deadline while noting the scores it reports.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "match/engine_connection.h"
#include "match/engine_process.h"
#include "match/match_config.h"

namespace jungle::match {

// The score an engine gave for the move it chose, from its own side's view.
struct ScoreReport {
  bool valid = false;
  bool mate = false;
  int value = 0;  // centipawns, or moves to mate (negative: being mated)
  int depth = 0;
};

// Reads the score and depth of an `info` line into `report`; lines about
// other than the best line, and malformed numbers, leave it as it was.
void parse_info(std::string_view line, ScoreReport& report);

// An engine process with what the runner knows about it.
struct UciEngine : EngineConnection {
  std::vector<std::string> option_names;

  // Reads lines until one starting with `token`, feeding `info` lines to `score`.
  EngineProcess::ReadResult wait_for(std::string_view token, int64_t timeout_ms,
                                     std::string* found = nullptr, ScoreReport* score = nullptr);
  // Starts the engine if needed and brings it to a new game.
  bool prepare(const MatchConfig& config, const std::string& variant_value, Incident* incident,
               std::string* reason);
};

}  // namespace jungle::match
