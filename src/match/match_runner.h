#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_record.h"
#include "core/types.h"
#include "match/elo.h"
#include "match/sprt.h"

namespace jungle::match {

// One engine of a match: how to start it and what to tell it first.
struct EngineSpec {
  std::string name;
  std::string command;  // a command line: "./build/release/jungle uci"
  std::vector<std::pair<std::string, std::string>> options;  // `setoption` name, value
  std::string stderr_path = "/dev/null";
};

// Reads "cmd=./jungle name=A option.Hash=16 option.Mode=random stderr=a.log".
// Words are split like a shell's, so "cmd='./jungle uci'" or
// "'option.Move Overhead=10'" keep their spaces. Throws std::invalid_argument.
EngineSpec parse_engine_spec(std::string_view text);

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

struct MatchConfig {
  std::array<EngineSpec, 2> engines;
  TimeControl tc;
  int games = 100;  // played in pairs: each opening once with each engine as Blue
  int concurrency = 1;
  std::string variant = "standard";   // a shipped name or a .toml path
  std::vector<std::string> openings;  // FENs; empty: every game from the start position
  std::optional<SprtConfig> sprt;     // stop as soon as it decides
  std::string record_path;            // games are appended here; empty: not written
  int max_plies = 600;                // then the arbiter calls a draw; 0: no limit
  bool adjudicate_mate = true;        // a win both engines announce ends the game
  int64_t time_margin_ms = 100;       // allowed beyond the clock or movetime
  int64_t move_timeout_ms = 60000;    // with node or depth limits: an engine that hangs
  int64_t handshake_timeout_ms = 10000;
  std::string event = "jungle match";
};

// What went wrong with an engine, each a loss for it.
enum class Incident { kNone, kCrash, kTimeLoss, kNoResponse, kIllegalMove, kStartFailure };
inline constexpr int kIncidentKinds = 6;
std::string_view incident_name(Incident i);  // "crash", "time loss", ...

struct GameOutcome {
  int index = 0;        // 0-based; games 2k and 2k+1 form a pair
  int opening = -1;     // index into MatchConfig::openings, -1: the start position
  int blue_engine = 0;  // the engine (0 or 1) that played Blue
  GameResult result = GameResult::kDraw;
  std::string termination;  // the record's Termination tag
  std::string reason;       // a sentence: "B played an illegal move c3c5: ..."
  int plies = 0;
  int offender = -1;  // the engine an incident is charged to
  Incident incident = Incident::kNone;
  bool aborted = false;  // stopped before its end (the SPRT decided): not counted

  double first_engine_points() const;  // 1, 0.5 or 0 for engine 0
};

struct MatchResult {
  int games = 0;  // counted games
  WdlCounts wdl;  // engine 0's view
  PentanomialCounts penta;
  int blue_wins = 0, red_wins = 0, draws = 0;
  std::array<std::array<int, kIncidentKinds>, 2> incidents{};
  std::vector<std::string> incident_log;  // one line per incident
  std::map<std::string, int> terminations;
  double llr = 0;
  SprtDecision decision = SprtDecision::kContinue;
  std::string error;  // set when the match could not be played at all
};

// Plays a match between two engines spoken to over the protocol. The runner
// is the arbiter: it checks every move with our own rules, ends games by the
// rule set (game_result), charges crashes, time losses and illegal moves to
// the engine responsible, and never waits on an engine without a deadline.
class MatchRunner {
 public:
  using GameCallback = std::function<void(const GameOutcome&, const MatchResult&)>;

  explicit MatchRunner(MatchConfig config);
  // Blocks until the games are played or the SPRT decides. `on_game` runs
  // after each counted game, one call at a time.
  MatchResult run(const GameCallback& on_game = {});
  // Asks the workers to finish: games under way are abandoned and not counted.
  void request_stop() { stop_ = true; }

 private:
  struct Player;
  struct Shared;
  void worker(Shared& shared);
  GameOutcome play_game(int index, std::array<Player, 2>& players, const Shared& shared,
                        GameRecord& record);
  void record_outcome(const GameOutcome& out, const GameRecord& record, Shared& shared);

  MatchConfig config_;
  std::atomic<bool> stop_{false};
};

// One line for a terminal, no newline: "[12/200] W 5 D 2 L 5  Elo +0.0 +/- 95.1  LLR 0.12 ...".
std::string progress_line(const MatchConfig& config, const MatchResult& result);
// The final report: results, Elo from games and pairs, SPRT, terminations, incidents.
std::string match_summary(const MatchConfig& config, const MatchResult& result);

}  // namespace jungle::match
