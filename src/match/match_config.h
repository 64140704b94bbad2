#pragma once

// What a match is: the two engines and how to start them, the time control,
// the games, openings and adjudication. Read from the command line here.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/builtin_engines.h"
#include "match/chance.h"
#include "match/sprt.h"

namespace jungle::match {

// How long each engine may think: a clock (moves per period, time, increment),
// or a fixed budget per move.
struct TimeControl {
  enum class Kind { kClock, kMoveTime, kNodes, kDepth };
  Kind kind = Kind::kMoveTime;
  int moves = 0;  // clock: moves per period; 0 when the period is the whole game
  int64_t time_ms = 0;
  int64_t inc_ms = 0;
  int64_t movetime_ms = 100;
  uint64_t nodes = 0;
  int depth = 0;

  std::string text() const;  // "40/60+0.6", "10+0.1", "movetime 100", "nodes 5000", "depth 6"
};

// "10+0.1" (seconds + increment), "40/60+0.5" (40 moves in 60 s, then again),
// "60" (the whole game). Throws std::invalid_argument.
TimeControl parse_clock(std::string_view text);

// One engine of a match: how to start it and what to tell it first. It is
// a process spoken to over the protocol (`command`), or an engine made in
// this process (`builtin`, or `make` where a program builds its own), which
// plays behind the same facade without a process in between.
struct EngineSpec {
  // The language a process speaks: the engine protocol (UCI), GTP in
  // KataGo-AnimalChess's dialect (gtp_engine.h), or mistboard's engine
  // protocol (UCI with its FENs, squares and `reps`: mistboard_engine.h);
  // the last two the open game's 7x9 board only.
  enum class Protocol { kUci, kGtp, kMistboard };
  std::string name;
  std::string command;  // a command line: "./build/release/jungle uci"
  Protocol protocol = Protocol::kUci;
  // An engine in this process by name: game::make_builtin_engine's
  // ("engine", "random", "greedy", "careful", "seer", "sampler", "cheater").
  std::string builtin;
  // An engine in this process made by the caller (`jungle flip-match`):
  // called once by each worker and once to check it starts.
  std::function<game::BuiltinEngine()> make;
  std::vector<std::pair<std::string, std::string>> options;  // `setoption` name, value
  std::string stderr_path = "/dev/null";
  // Its own limit (tc=, movetime=, nodes=, depth=), in place of the match's:
  // an engine against itself at another budget, as fastchess allows.
  std::optional<TimeControl> tc;
};

// Reads "cmd=./jungle name=A option.Hash=16 option.Mode=random stderr=a.log",
// with at most one of tc=10+0.1, movetime=MS, nodes=N, depth=N, and
// proto=uci (the default), proto=gtp or proto=mistboard; in place of cmd=, builtin=NAME plays
// an engine of this process.
// Words are split like a shell's, so "cmd='./jungle uci'" or
// "'option.Move Overhead=10'" keep their spaces. Throws std::invalid_argument.
EngineSpec parse_engine_spec(std::string_view text);

struct MatchConfig {
  std::array<EngineSpec, 2> engines;
  TimeControl tc;
  int games = 100;  // in pairs: each opening and deal once with each engine moving first
  int concurrency = 1;
  std::string variant = "standard";   // a shipped name or a .toml path, of any family
  std::vector<std::string> openings;  // FENs; empty: every game from the start position
  // Seeds the deals: each pair's set-up and chance outcomes (pair_seed),
  // and the generators of builtin baselines.
  uint64_t seed = 1;
  // Where chance comes from; null: PairedDeals(seed), the match's sampler.
  std::shared_ptr<ChanceSource> chance;
  std::optional<SprtConfig> sprt;   // stop as soon as it decides
  std::string record_path;          // games are appended here; empty: not written
  int max_plies = 600;              // then the arbiter calls a draw; 0: no limit
  bool adjudicate_mate = true;      // a win both engines announce ends the game
  int64_t time_margin_ms = 100;     // allowed beyond the clock or movetime
  int64_t move_timeout_ms = 60000;  // with node or depth limits: an engine that hangs
  int64_t handshake_timeout_ms = 10000;
  std::string event = "jungle match";

  // The limit engine `e` plays under: its own, or the match's.
  const TimeControl& tc_of(int e) const {
    return engines[size_t(e)].tc ? *engines[size_t(e)].tc : tc;
  }
};

// A match of engines in this process as `jungle flip-match` and `jungle
// hidden-match` play it: `games` games of `variant` in order on one thread,
// played to their end by the rules (no adjudication, no ply limit) and with
// no deadline that matters (their players keep to their own budgets), as
// their own game loops played them. The engines and chance are the caller's.
MatchConfig in_process_config(const std::string& variant, int games, uint64_t seed);

}  // namespace jungle::match
