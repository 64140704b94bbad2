#pragma once

// One engine of a match as the runner drives it: a process spoken to over
// the protocol (uci_engine.h; in mistboard's dialect, mistboard_engine.h) or GTP
// (gtp_engine.h), or an engine in this process behind the
// game::Engine facade (game/builtin_engines.h), which is told the same and
// answers the same, under the same deadlines.

#include <cstdint>
#include <string>

#include "game/builtin_engines.h"
#include "game/limits.h"
#include "game/observation.h"
#include "match/gtp_engine.h"
#include "match/match_config.h"
#include "match/uci_engine.h"

namespace jungle::match {

// An engine's answer to one `go`.
struct Reply {
  // kLine: it answered; kTimeout: not within the deadline (it was stopped);
  // kEof: it crashed, `crash` saying how.
  EngineProcess::ReadResult read = EngineProcess::ReadResult::kLine;
  std::string action;
  ScoreReport score;
  std::string crash;
};

class MatchPlayer {
 public:
  MatchPlayer(int index, const EngineSpec& spec) : index_(index), spec_(&spec) {}
  MatchPlayer(const MatchPlayer&) = delete;
  MatchPlayer& operator=(const MatchPlayer&) = delete;
  ~MatchPlayer() { shut(); }

  bool in_process() const { return !spec_->builtin.empty() || bool(spec_->make); }
  bool speaks_gtp() const { return !in_process() && spec_->protocol == EngineSpec::Protocol::kGtp; }
  bool speaks_mistboard() const {
    return !in_process() && spec_->protocol == EngineSpec::Protocol::kMistboard;
  }
  // Starts the engine if needed (its handshake and options) and brings it
  // to a new game; false, with the incident and why, when it cannot play.
  bool prepare(const MatchConfig& config, const std::string& variant_value, Incident* incident,
               std::string* reason);
  // Shows a privileged engine (the seer, the cheater) the arbiter's state
  // of the game about to be played; nothing for any other.
  void show_truth(const game::State& state);
  // The engine's secret arrangement for `side` where the game begins by
  // choosing one (game::Engine::choose_setup); "" for an engine that does
  // not choose (a random one stands for it) and for a process.
  std::string choose_setup(Side side);
  // Asks for the action of the observation's viewer: `go` is the
  // protocol's line, `limits` the same for an engine in this process.
  Reply ask(const game::Observation& observation, const std::string& go, const game::Limits& limits,
            int64_t deadline_ms);
  // After a timeout: a process that does not answer `stop` at once is
  // killed, so that no late answer falls into the next game.
  void resynchronise(int64_t grace_ms);
  // Ends the process, or drops the engine.
  void shut();

 private:
  Reply ask_local(const game::Observation& observation, const game::Limits& limits,
                  int64_t deadline_ms);

  int index_;
  const EngineSpec* spec_;
  UciEngine uci_;
  GtpEngine gtp_;
  game::BuiltinEngine local_;
};

}  // namespace jungle::match
