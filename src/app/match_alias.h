#pragma once

// What the files of the match aliases (`jungle flip-match`, `jungle
// hidden-match`) share: the options a command line sets, the judge of
// finished games, the helpers both families' players are made with, and
// each family's pieces of its row of the aliases' table. match_aliases.cpp
// holds the table and the code both aliases run; flip_match_alias.cpp and
// hidden_match_alias.cpp each family's pieces. A named namespace: those
// files share these names (src/app builds as one unity file, where the
// same name in two anonymous namespaces would clash).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/search_clock.h"
#include "game/builtin_engines.h"
#include "game/engine.h"
#include "game/limits.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/move_reading.h"
#include "hidden_search/pimc.h"
#include "match/match_runner.h"

namespace jungle::app::alias {

// What an alias's command line sets: the options both share, then each
// family's own.
struct AliasOptions {
  std::string variant;
  std::string engine;    // the first player
  std::string opponent;  // the second
  int games = 200;
  int movetime = 0;
  int opponent_movetime = 0;  // the second player's, where it differs (0: --movetime)
  // A move's time is the searching thread's CPU time (SearchClock).
  bool cpu_time = false;
  int depth = 0;
  uint64_t nodes = 0;
  uint64_t opponent_nodes = 0;
  uint64_t seed = 1;
  bool verbose = false;
  bool records = false;
  bool paired = false;

  // Flip Jungle's.
  bool dealt = false;
  bool no_quiescence = false;
  bool no_tt = false;
  int contempt = 0;
  int chance_scale = -1;  // below 0: the search's own
  bool boxed_in = false;
  int lead_draw_cost = 0;
  int tables = 0;
  std::string eval_weights;  // a weights file for the engine (flip_eval_weights.h); empty: none

  // Hidden pieces'.
  hidden::HiddenSearchOptions hidden;
  std::string method =
      hidden::HiddenSearchOptions().method == hidden::HiddenMethod::kTree ? "tree" : "worlds";
  std::string model = hidden::HiddenSearchOptions().opponent == hidden::OpponentModel::kInformed
                          ? "informed"
                          : "averaged";
  int pimc_worlds = hidden::kPimcWorlds;
  // The engine's reading's temperature in whole centipawns, as its option
  // takes it (hidden.reading.temperature is a double).
  int read_temperature = int(hidden::MoveReadingOptions().temperature);
  // How well the first player's belief knows the enemy (--belief-stats),
  // under the engine's reading, the deductions alone and each of
  // --belief-reading.
  bool belief_stats = false;
  std::vector<std::string> belief_readings;
};

// What an alias says of each finished game beyond its result, and of all
// of them at the end (Flip Jungle's endgame tables).
class GameJudge {
 public:
  virtual ~GameJudge() = default;
  // A line on a finished game (its state, who sat where, engine 0's
  // points): the match runner's word on the seats, never recomputed here.
  virtual std::string judge(const match::GameOutcome& out) = 0;
  virtual void summary(std::ostream& out) const = 0;
};

// The ms a move of the first (`second` false) or the second player.
int movetime_of(const AliasOptions& opt, bool second);

// The clock both players' move times are counted on.
SearchClock clock_of(const AliasOptions& opt);

// How a player's time reads in a title: "20 ms a move", with ", CPU time"
// on the thread CPU clock.
std::string time_text(const AliasOptions& opt, bool second);

// An engine's options, name and value, in the order they are set.
using Settings = std::vector<std::pair<std::string, std::string>>;

// A family's own engine, the one the protocol and `builtin=engine` play,
// given only its seat's Observation: the alias's flags set as `jungle
// match --engine "cmd=jungle option.NAME=VALUE ..."` sets them, so that
// this match and one over the protocol play one engine, and its
// per-player limits fixed (fixed_limits_engine.h). Move Overhead 0: in
// this process there is no pipe to keep time for.
game::BuiltinEngine protocol_engine(std::unique_ptr<game::Engine> engine,
                                    const std::string& variant, const Settings& settings,
                                    const game::Limits& per_move);

// A family's own limits (flip::FlipLimits, hidden::HiddenLimits: the same
// four fields) as the game interface's, for protocol_engine.
template <typename FamilyLimits>
game::Limits per_move_limits(const FamilyLimits& limits) {
  game::Limits per_move;
  per_move.movetime_ms = limits.movetime_ms;
  per_move.nodes = limits.nodes;
  per_move.depth = limits.depth;
  per_move.clock = limits.clock;
  return per_move;
}

// Each family's pieces of its row of the aliases' table, as Alias
// (match_aliases.cpp) describes them: the players --engine and --opponent
// take, the family's own options, how a player is made, whether chance is
// dealt at each game's start, the first line, and the judge (null: none).

// Flip Jungle's (flip_match_alias.cpp).
std::vector<std::string> flip_players(bool second);
void add_flip_options(CLI::App& cmd, AliasOptions& opt);
game::BuiltinEngine make_flip_player(const AliasOptions& opt, const std::string& name, bool second);
bool flip_deals(const AliasOptions& opt);
std::string flip_title(const AliasOptions& opt);
std::unique_ptr<GameJudge> flip_judge(const AliasOptions& opt);

// Hidden pieces' (hidden_match_alias.cpp).
std::vector<std::string> hidden_players(bool second);
void add_hidden_options(CLI::App& cmd, AliasOptions& opt);
game::BuiltinEngine make_hidden_player(const AliasOptions& opt, const std::string& name,
                                       bool second);
bool hidden_deals(const AliasOptions& opt);
std::string hidden_title(const AliasOptions& opt);
std::unique_ptr<GameJudge> hidden_judge(const AliasOptions& opt);

}  // namespace jungle::app::alias
