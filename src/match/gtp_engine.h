#pragma once

// The match runner's side of GTP in KataGo-AnimalChess's dialect
// (docs/dialects.md) with one engine process (`proto=gtp`): the handshake,
// the limits as that dialect sets them, the game played onto its board
// (`setfen` or `clear_board`, then each move as two `play` stages) and its
// move as two `genmove` answers, all under the runner's deadlines. The open
// game on the 7x9 board only: the dialect names no other.

#include <cstdint>
#include <string>
#include <vector>

#include "game/limits.h"
#include "game/observation.h"
#include "match/uci_engine.h"

namespace jungle::match {

// A GTP engine's answer to one move.
struct GtpMove {
  // kLine: it answered; kTimeout: not within the deadline; kEof: it crashed
  // or refused a move the arbiter allowed, `crash` saying which.
  EngineProcess::ReadResult read = EngineProcess::ReadResult::kLine;
  // Ours ("a3a4"), or the engine's word where it gave no vertex ("resign",
  // "pass"), which the arbiter refuses as a move.
  std::string action;
  std::string crash;
};

struct GtpEngine : EngineConnection {
  // What the engine's board holds: the start it was given ("startpos" or
  // our FEN) and the moves played on it since, so that each move sends only
  // what is new and the engine keeps the history its rules may need.
  std::string board_start;
  std::vector<std::string> board_moves;

  // Sends one command and reads its answer within `timeout_ms`: `ok` when
  // it began with '=', `text` what followed the '=' or '?' and its id.
  EngineProcess::ReadResult command(const std::string& line, int64_t timeout_ms, bool* ok,
                                    std::string* text);
  // Starts the engine if needed and brings it to a new game under the
  // limit `tc` (GTP has none for depth: refused).
  bool prepare(const MatchConfig& config, const TimeControl& tc, Incident* incident,
               std::string* reason);
  // The move of the observation's viewer, `limits` giving the clocks.
  GtpMove ask(const game::Observation& observation, const game::Limits& limits,
              int64_t deadline_ms);
};

}  // namespace jungle::match
