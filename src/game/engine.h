#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"
#include "game/limits.h"
#include "game/observation.h"
#include "game/score.h"

// The engine facade of every family (Stockfish's engine.h, OpenSpiel's
// Bot): it is given an Observation, never a State, so it cannot see what
// its side may not (the one exception, the seer and the cheater, upper
// bounds made privileged by construction: builtin_engines.h); it searches in the background (go
// returns at once), reports each completed depth through on_info and its choice once through
// on_done. The protocol, the terminal, the web app and the match runner
// drive engines only through it.

namespace jungle::game {

// One line of analysis.
struct Line {
  Score score;
  std::vector<std::string> actions;  // the principal variation, the best action first
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  Score score;
  bool lowerbound = false, upperbound = false;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = -1;                      // per mille; -1: not reported
  int64_t tbhits = -1;                    // -1: no tables in use
  std::optional<std::array<int, 3>> wdl;  // win, draw, loss per mille
  std::vector<std::string> pv;
  // What a family adds in words ("worlds 8 expected 0.61 ..."); "" for none.
  std::string text;
};

struct Answer {
  std::string action;  // "" when there is nothing to do (the game is over)
  std::string ponder;  // the reply it expects; "" for none
  Score score;
  int depth = 0;
  uint64_t nodes = 0;
  std::vector<Line> lines;            // with more than one line asked for: best first
  std::vector<std::string> warnings;  // e.g. damaged endgame tables, each naming its file
};

// An option as the protocol's `uci` announces it.
struct OptionSpec {
  enum class Type { kSpin, kCheck, kCombo, kString, kButton };
  std::string name;
  Type type = Type::kSpin;
  std::string default_value;
  int64_t min = 0, max = 0;         // kSpin
  std::vector<std::string> values;  // kCombo
};

// Refuses an observation of a side that is not to move, which is the
// other side's to answer: std::invalid_argument "Red is to move, and the
// observation is Blue's".
void check_viewer_to_move(const Observation& observation);

class Engine {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const Answer&)>;

  virtual ~Engine() = default;

  // The options this engine takes, by what the family's games can do.
  virtual std::vector<OptionSpec> options() const = 0;
  // Sets one (names case-insensitive, as the protocol's). Throws
  // std::invalid_argument naming the option and the value when it is
  // unknown, out of range or cannot be used, changing nothing; waits for a
  // running search to finish. Returns what was set but cannot be wholly
  // used (a damaged table in a TablebasePath folder), each naming what.
  virtual std::vector<std::string> set_option(std::string_view name, std::string_view value) = 0;
  virtual void new_game() = 0;

  // Checks that an observation can be searched (a position the engine can
  // read, the viewer to move); throws std::invalid_argument saying why.
  virtual void validate(const Observation& observation) const = 0;
  // Starts thinking about what `observation.viewer` should do; returns at
  // once. on_info runs on the search's thread; on_done runs once, with an
  // action from observation.legal_actions, or "" when there is none.
  virtual void go(const Observation& observation, const Limits& limits, InfoCallback on_info,
                  DoneCallback on_done) = 0;
  virtual void stop() = 0;  // ends the search early; its answer is still delivered
  virtual void wait() = 0;  // until the running search has delivered its answer
  virtual bool searching() const = 0;

  // A secret arrangement for `side` where the family has a set-up phase
  // (Capabilities::setup); "" otherwise.
  virtual std::string choose_setup(Side side) {
    (void)side;
    return "";
  }

  // The protocol's `d`: the board the observation describes, its FEN or
  // view, and what the engine reads in it (legal actions, deductions).
  // Throws std::invalid_argument as validate does.
  virtual std::string describe(const Observation& observation) const = 0;
  // The protocol's `eval`: the evaluation's terms for the observation's
  // position. Throws std::invalid_argument where the family has no one
  // position to evaluate, saying so.
  virtual std::string eval_text(const Observation& observation) const;

  // go + wait.
  Answer think(const Observation& observation, const Limits& limits, InfoCallback on_info = {});
};

}  // namespace jungle::game
