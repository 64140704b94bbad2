// `jungle flip-match` and `jungle hidden-match`: `jungle match` with
// engines in this process, written once. Each alias is a row of one
// table (its family, its defaults, the players it offers, the options it
// adds and how they make its players); the games, the seed, the limits,
// chance, the lines printed for each game and the summary are the same
// code for both.

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/search_clock.h"
#include "core/variants.h"
#include "flip/flip_match.h"
#include "flip/flip_rules.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/fixed_limits_engine.h"
#include "game/flip_baselines.h"
#include "game/flip_engine.h"
#include "game/flip_observation.h"
#include "game/hidden_baselines.h"
#include "game/hidden_engine.h"
#include "game/option_limits.h"
#include "hidden/hidden_record.h"
#include "hidden_search/belief_check.h"
#include "match/chance.h"
#include "match/match_report.h"
#include "match/match_runner.h"

namespace jungle::app {

namespace {

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

// One alias: a row of the table below.
struct Alias {
  const char* command;
  const char* about;
  const char* family;        // Family::name() of the rule sets it plays
  const char* wrong_family;  // why another family's rule set is refused
  const char* variant;
  const char* engine;
  const char* opponent;
  int movetime;      // its default, in ms a move
  int min_movetime;  // 0 where no limit at all means the family's default depth
  // The first player's (--engine's, engine 0's) seat when it moved first
  // and when it moved second, by GameOutcome::first_engine.
  const char* seats[2];
  const char* engine_help;
  const char* opponent_help;
  // The players --engine and --opponent take.
  std::vector<std::string> (*players)(bool second);
  // The family's own options.
  void (*add_options)(CLI::App& cmd, AliasOptions& opt);
  // Player `name`, as --engine (`second` false) or --opponent.
  game::BuiltinEngine (*make)(const AliasOptions& opt, const std::string& name, bool second);
  // Whether each game's chance is dealt at its start (State::deal).
  bool (*deals)(const AliasOptions& opt);
  // The first line: the players, their limits, the games.
  std::string (*title)(const AliasOptions& opt);
  // Its judge of finished games; null for none.
  std::unique_ptr<GameJudge> (*judge)(const AliasOptions& opt);
};

// The ms a move of the first (`second` false) or the second player.
int movetime_of(const AliasOptions& opt, bool second) {
  return second && opt.opponent_movetime > 0 ? opt.opponent_movetime : opt.movetime;
}

// The clock both players' move times are counted on.
SearchClock clock_of(const AliasOptions& opt) {
  return opt.cpu_time ? SearchClock::thread_cpu() : SearchClock::wall();
}

// How a player's time reads in a title: "20 ms a move", with ", CPU time"
// on the thread CPU clock.
std::string time_text(const AliasOptions& opt, bool second) {
  return std::to_string(movetime_of(opt, second)) + " ms" + (opt.cpu_time ? " of CPU time" : "") +
         " a move";
}

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
                                    const game::Limits& per_move) {
  engine->set_option("Variant", variant);
  engine->set_option("Move Overhead", "0");
  for (const auto& [option, value] : settings) engine->set_option(option, value);
  game::BuiltinEngine out;
  out.engine = game::at_fixed_limits(std::move(engine), per_move);
  return out;
}

// ---- Flip Jungle ----

std::vector<std::string> flip_players(bool second) {
  if (second) return {"greedy", "careful", "random", "pimc", "engine"};
  return {"engine", "seer", "pimc", "greedy", "careful"};
}

// A one-ply baseline of the family's registry (random, greedy, careful);
// not PIMC or the seer, which search.
bool flip_is_baseline(const std::string& name) {
  const game::FlipBaseline* b = game::flip_baseline_named(name);
  return b && b->make && !b->searches;
}

// The engine's depth: the one given, else unbounded under a time or node
// limit, else the family's default of 4.
int flip_depth(const AliasOptions& opt) {
  return opt.depth > 0 ? opt.depth : (opt.movetime > 0 || opt.nodes > 0 ? 64 : 4);
}

void add_flip_options(CLI::App& cmd, AliasOptions& opt) {
  cmd.add_flag("--dealt", opt.dealt,
               "Deal each game's tiles at its start, a flip revealing what was dealt there "
               "(the seer's model; the same distribution as drawing at the flip, other games)");
  cmd.add_flag("--no-quiescence", opt.no_quiescence,
               "Engine without its capture search (the engine's option Quiescence)");
  cmd.add_option("--chance-scale", opt.chance_scale,
                 "Chance nodes average expected results on this scale, in points (0: points; "
                 "the engine's option Chance Scale)")
      ->check(CLI::Range(0, 1000));
  cmd.add_option("--contempt", opt.contempt,
                 "What a draw costs the engine, in points (a Cat 10; the engine's option Draw "
                 "Cost)")
      ->check(CLI::Range(0, 500));
  cmd.add_flag("--boxed-in", opt.boxed_in,
               "Engine weighing its animals boxed in beside face-down tiles (the engine's "
               "option Boxed In)");
  cmd.add_option("--lead-draw-cost", opt.lead_draw_cost,
                 "What a draw costs the engine, in points, while tiles are face down and it is "
                 "ahead (the engine's option Lead Draw Cost)")
      ->check(CLI::Range(0, 500));
  cmd.add_flag("--no-tt", opt.no_tt,
               "Engine without its transposition table (the engine's option Transposition "
               "Table)");
  cmd.add_option("--eval-weights", opt.eval_weights,
                 "The engine's evaluation weights from FILE (lines '<name> <value>', as jungle "
                 "flip-tune writes them) for --engine engine, which then plays in this process; "
                 "the opponent keeps the defaults");
  cmd.add_option("--tables", opt.tables,
                 "Judge each game by the endgame tables of up to N animals at the first "
                 "position after the last flip that they hold (a summary by result)")
      ->check(CLI::Range(0, flip::kMaxEndgameAnimals));
}

// The search options the flags give the seer and the in-process engine.
flip::FlipSearchOptions flip_search_options(const AliasOptions& opt) {
  flip::FlipSearchOptions options;
  options.quiescence = !opt.no_quiescence;
  options.transposition_table = !opt.no_tt;
  options.contempt = opt.contempt;
  if (opt.chance_scale >= 0) options.chance_scale = opt.chance_scale;
  options.boxed_in = opt.boxed_in;
  options.lead_draw_cost = opt.lead_draw_cost;
  return options;
}

game::BuiltinEngine make_flip_player(const AliasOptions& opt, const std::string& name,
                                     bool second) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules(opt.variant);
  if (flip_is_baseline(name)) {
    // The baselines as the family's registry makes them, their generators
    // (ties, the random player's choices) seeded apart from chance's and
    // from each other.
    const uint64_t seed = opt.seed * (name == "random" ? 7919 : 104729) + (second ? 0 : 1);
    return game::flip_player_engine(rules, game::flip_baseline_named(name)->make(seed, {}));
  }
  flip::FlipLimits limits;
  limits.movetime_ms = movetime_of(opt, second);
  limits.clock = clock_of(opt);
  limits.nodes = opt.nodes;
  limits.depth = flip_depth(opt);
  // The engine as the opponent: at its own node budget when given one, the
  // measure `jungle match --variant flip` is checked against.
  if (second && opt.opponent_nodes > 0) {
    limits.nodes = opt.opponent_nodes;
    limits.movetime_ms = 0;
    limits.depth = opt.depth > 0 ? opt.depth : 64;
  }
  if (name == "pimc") {
    // Seeded apart from chance's and from the one-ply players' generators.
    const uint64_t seed = opt.seed * 15485863 + (second ? 0 : 1);
    return game::flip_player_engine(rules, game::flip_baseline_named(name)->make(seed, limits));
  }
  if (name == "seer") {
    return game::flip_seer_engine(rules, limits, flip_search_options(opt));
  }
  if (!opt.eval_weights.empty() && !second) {
    // The first player only (an engine as the opponent keeps the defaults).
    // The protocol's engine has no option for the weights: the same search
    // in this process, told of each new game as the protocol's is, plays the
    // protocol engine's games at a node limit (and its time plan at a move
    // time: the move's whole time, Move Overhead 0).
    flip::FlipSearchOptions options = flip_search_options(opt);
    options.weights = flip::load_flip_eval_weights(opt.eval_weights);
    limits.cut_short_counts = limits.nodes == 0;
    return game::flip_player_engine(rules, flip::engine_match_player(limits, options));
  }
  // The engine is the protocol's (game/flip_engine.h).
  Settings settings;
  if (opt.no_quiescence) settings.emplace_back("Quiescence", "false");
  if (opt.no_tt) settings.emplace_back("Transposition Table", "false");
  if (opt.contempt != 0) settings.emplace_back("Draw Cost", std::to_string(opt.contempt));
  if (opt.chance_scale >= 0)
    settings.emplace_back("Chance Scale", std::to_string(opt.chance_scale));
  if (opt.boxed_in) settings.emplace_back("Boxed In", "true");
  if (opt.lead_draw_cost != 0)
    settings.emplace_back("Lead Draw Cost", std::to_string(opt.lead_draw_cost));
  game::Limits per_move;
  per_move.movetime_ms = limits.movetime_ms;
  per_move.nodes = limits.nodes;
  per_move.depth = limits.depth;
  per_move.clock = limits.clock;
  return protocol_engine(game::make_flip_engine(), opt.variant, settings, per_move);
}

bool flip_deals(const AliasOptions& opt) {
  return opt.dealt || opt.engine == "seer" || opt.paired;
}

std::string flip_title(const AliasOptions& opt) {
  return "Flip Jungle (" + flip::load_flip_rules(opt.variant)->name + "): " + opt.engine + " (" +
         (flip_is_baseline(opt.engine) ? std::string("one ply")
          : opt.movetime > 0           ? time_text(opt, false)
          : opt.nodes > 0              ? std::to_string(opt.nodes) + " nodes a move"
                                       : "depth " + std::to_string(flip_depth(opt))) +
         (opt.engine == "seer" ? ", every face-down tile known" : "") +
         (opt.engine == "engine" && !opt.eval_weights.empty()
              ? ", evaluation weights from " + opt.eval_weights
              : std::string()) +
         ") against " + opt.opponent +
         ((opt.opponent == "engine" || opt.opponent == "pimc") && opt.opponent_nodes > 0
              ? " (" + std::to_string(opt.opponent_nodes) + " nodes a move)"
          : (opt.opponent == "engine" || opt.opponent == "pimc") && opt.opponent_movetime > 0
              ? " (" + time_text(opt, true) + ")"
              : std::string()) +
         ", " + std::to_string(opt.games) + " games" +
         (flip_deals(opt) ? ", the tiles dealt at each game's start" : "");
}

// The endgame tables' verdicts (--tables), for the first player.
class TablesJudge final : public GameJudge {
 public:
  explicit TablesJudge(const AliasOptions& opt)
      : rules_(flip::load_flip_rules(opt.variant)), animals_(opt.tables), who_(opt.engine) {}
  std::string judge(const match::GameOutcome& out) override {
    // A table set per game: six-animal tables are 40 MB each.
    flip::FlipEndgames endgames(animals_);
    const flip::FlipPosition pos =
        game::flip_position_of(rules_, out.state->observe(std::nullopt).position);
    // The first player's colour as the match runner settled it (the colour
    // its first flip revealed, or the other when it moved second).
    const flip::TableVerdict v = flip::judge_by_tables(pos, out.side_of(0), endgames);
    tally_.add(out.first_engine_points(), v);
    return flip::verdict_text(v, animals_, who_);
  }
  void summary(std::ostream& out) const override { tally_.print(out, animals_, who_); }

 private:
  flip::FlipRulesPtr rules_;
  int animals_;
  std::string who_;
  flip::TableTally tally_;
};

std::unique_ptr<GameJudge> flip_judge(const AliasOptions& opt) {
  if (opt.tables <= 0) return nullptr;
  return std::make_unique<TablesJudge>(opt);
}

// ---- Hidden pieces ----

std::vector<std::string> hidden_players(bool) {
  std::vector<std::string> names = {"engine"};
  for (const game::HiddenBaseline& b : game::hidden_baselines()) names.emplace_back(b.name);
  return names;
}

// A share (--first-share, --risk, --anchor) as the engine's option takes
// it: in whole percent.
int64_t whole_percent(double share) {
  return std::lround(share * 100);
}

// Refuses a share that is not a whole percentage, which the engine's option
// could not take.
const CLI::Validator kWholePercent(
    [](const std::string& text) {
      const double share = std::strtod(text.c_str(), nullptr);
      return std::abs(share * 100 - double(whole_percent(share))) < 1e-9
                 ? std::string()
                 : "a share in whole percent (0.4, 0.05, ...): the engine's option is a "
                   "percentage";
    },
    "", "whole percent");

void add_hidden_options(CLI::App& cmd, AliasOptions& opt) {
  cmd.add_option("--method", opt.method,
                 "How the engine searches in contact with unknown pieces: tree (one search "
                 "over its view, chance nodes at attacks) or worlds (determinization)")
      ->check(CLI::IsMember({"tree", "worlds"}))
      ->capture_default_str();
  cmd.add_option("--model", opt.model,
                 "The tree's enemy: informed (it knows its own animals: a move only some can "
                 "make, it makes when it can), averaged (its attacks are chance nodes too) or "
                 "guessing (it knows its animals, not ours: it attacks an unshown piece of ours "
                 "as a guess, and a wrong guess costs it the attacker)")
      ->check(CLI::IsMember({"informed", "averaged", "guessing"}))
      ->capture_default_str();
  cmd.add_flag("--tree-pruning", opt.hidden.tree_pruning,
               "The tree prunes near the leaves as the open search does (reverse futility, "
               "futility, late moves)");
  cmd.add_option("--worlds", opt.hidden.worlds, "The engine's worlds a move (--method worlds)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd.add_option("--pimc-worlds", opt.pimc_worlds,
                 "The worlds the pimc baseline draws a move, each searched with an equal share "
                 "of the budget")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd.add_option("--candidates", opt.hidden.candidates, "Moves the engine compares in every world")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd.add_option("--contact", opt.hidden.contact_steps,
                 "The engine searches one world while no piece of its is this many steps from "
                 "an unknown enemy piece (0: never)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  cmd.add_option("--lines", opt.hidden.lines, "Moves each world's search ranks exactly (multi-PV)")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  cmd.add_option("--first-share", opt.hidden.first_share,
                 "Share of the engine's time for deepening the worlds; the rest values the "
                 "candidates in every world")
      ->check(CLI::Range(0.05, 1.0))
      ->check(kWholePercent)
      ->capture_default_str();
  cmd.add_option("--risk", opt.hidden.risk,
                 "How far a move's value leans from its mean over the worlds to its worst "
                 "(0: the mean, 1: the worst)")
      ->check(CLI::Range(0.0, 1.0))
      ->check(kWholePercent)
      ->capture_default_str();
  cmd.add_option("--anchor", opt.hidden.anchor_share,
                 "Share of the engine's budget for one world searched deep, whose best moves "
                 "are the candidates (0: none)")
      ->check(CLI::Range(0.0, 0.9))
      ->check(kWholePercent)
      ->capture_default_str();
  cmd.add_option("--read-temperature", opt.read_temperature,
                 "The softmax temperature, in centipawns, of the engine's model of how the enemy "
                 "chooses its moves, which its belief reads (0: the moves are not read)")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  cmd.add_option("--read-uniform", opt.hidden.reading.uniform,
                 "The share of a random choice among its moves in the engine's model of the "
                 "enemy")
      ->check(CLI::Range(0.0, 1.0))
      ->check(kWholePercent)
      ->capture_default_str();
  cmd.add_option("--read-worlds", opt.hidden.reading.worlds,
                 "The engine's model of the enemy guesses our unshown animals in this many "
                 "worlds and plays its best move in its guess (0: a softmax of its moves' values "
                 "averaged over our animals)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  cmd.add_flag("--belief-stats", opt.belief_stats,
               "At the end, how well the first player's belief knew the second's animals: the "
               "mean log-probability and probability it gave each unknown piece's true animal "
               "before each of its moves, read as the engine's flags read the enemy, by the "
               "deductions alone, and by each --belief-reading, on the same games");
  cmd.add_option("--belief-reading", opt.belief_readings,
                 "With --belief-stats, another reading scored on the same games: "
                 "TEMPERATURE:UNIFORM[:WORLDS] (50:0.2, 100:0.2:8); repeatable")
      ->check([](const std::string& text) {
        try {
          hidden::parse_reading(text);
          return std::string();
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
      });
}

game::BuiltinEngine make_hidden_player(const AliasOptions& opt, const std::string& name,
                                       bool second) {
  const RuleSetPtr rules = load_variant(opt.variant);
  const uint64_t seed = second ? opt.seed * 7919 + 3 : opt.seed * 2 + 1;
  const uint64_t nodes = second && opt.opponent_nodes > 0 ? opt.opponent_nodes : opt.nodes;
  hidden::HiddenLimits limits;
  limits.movetime_ms = opt.depth > 0 || nodes > 0 ? 0 : movetime_of(opt, second);
  limits.clock = clock_of(opt);
  limits.nodes = opt.depth > 0 ? 0 : nodes;
  limits.depth = opt.depth;
  // PIMC with the alias's own --pimc-worlds; every other baseline as the
  // family's registry makes it.
  if (name == "pimc") {
    return game::hidden_player_engine(rules, hidden::pimc_player(limits, seed, opt.pimc_worlds));
  }
  if (const game::HiddenBaseline* b = game::hidden_baseline_named(name)) {
    return b->make ? game::hidden_player_engine(rules, b->make(seed, limits))
                   : game::hidden_cheater_engine(rules, limits);
  }
  // The engine is the protocol's (game/hidden_engine.h), its search's
  // settings its options; its seed folded into the option's range.
  const hidden::HiddenSearchOptions& o = opt.hidden;
  const Settings settings = {
      {"Seed", std::to_string(seed % (uint64_t(game::option_limits::kMaxSeed) + 1))},
      {"Method", opt.method},
      {"Model", opt.model},
      {"Tree Pruning", o.tree_pruning ? "true" : "false"},
      {"Worlds", std::to_string(o.worlds)},
      {"Candidates", std::to_string(o.candidates)},
      {"Contact", std::to_string(o.contact_steps)},
      {"World Lines", std::to_string(o.lines)},
      {"First Share", std::to_string(whole_percent(o.first_share))},
      {"Risk", std::to_string(whole_percent(o.risk))},
      {"Anchor", std::to_string(whole_percent(o.anchor_share))},
      {"Read Temperature", std::to_string(opt.read_temperature)},
      {"Read Uniform", std::to_string(whole_percent(o.reading.uniform))},
      {"Read Worlds", std::to_string(o.reading.worlds)}};
  game::Limits per_move;
  per_move.movetime_ms = limits.movetime_ms;
  per_move.nodes = limits.nodes;
  per_move.depth = limits.depth;
  per_move.clock = limits.clock;
  return protocol_engine(game::make_hidden_engine(), opt.variant, settings, per_move);
}

bool hidden_deals(const AliasOptions&) {
  return false;
}

// The first player's belief, scored after each game (--belief-stats): the
// game read back from its arbiter's record, which holds the truth.
class BeliefJudge final : public GameJudge {
 public:
  explicit BeliefJudge(std::vector<hidden::MoveReadingOptions> readings)
      : tally_(std::move(readings)) {}
  std::string judge(const match::GameOutcome& out) override {
    std::vector<hidden::HiddenRecord> read = hidden::read_hidden_records(out.state->record());
    // The first player's colour as the runner settled it (GameOutcome).
    tally_.add(*read.front().game, out.side_of(0));
    return "";
  }
  void summary(std::ostream& out) const override { tally_.print(out); }

 private:
  hidden::BeliefTally tally_;
};

std::unique_ptr<GameJudge> hidden_judge(const AliasOptions& opt) {
  if (!opt.belief_stats) return nullptr;
  hidden::MoveReadingOptions engine = opt.hidden.reading;
  engine.temperature = opt.read_temperature;
  std::vector<hidden::MoveReadingOptions> readings = {engine};
  if (engine.temperature > 0) readings.push_back(hidden::MoveReadingOptions{0, 0});
  for (const std::string& text : opt.belief_readings)
    readings.push_back(hidden::parse_reading(text));
  return std::make_unique<BeliefJudge>(std::move(readings));
}

std::string hidden_title(const AliasOptions& opt) {
  return "Hidden pieces (" + load_variant(opt.variant)->rules().name + "): " + opt.engine + " (" +
         (opt.depth > 0   ? "depth " + std::to_string(opt.depth)
          : opt.nodes > 0 ? std::to_string(opt.nodes) + " nodes a move"
                          : time_text(opt, false)) +
         ") against " + opt.opponent +
         (opt.opponent_nodes > 0      ? " (" + std::to_string(opt.opponent_nodes) + " nodes a move)"
          : opt.opponent_movetime > 0 ? " (" + time_text(opt, true) + ")"
                                      : std::string()) +
         ", " + std::to_string(opt.games) + " games";
}

const std::vector<Alias>& aliases() {
  static const std::vector<Alias> table = {
      {.command = "flip-match",
       .about = "Flip Jungle's engine against a baseline in-process (jungle match with builtin "
                "engines)",
       .family = "flip",
       .wrong_family = "is not a Flip Jungle rule set; flip-match plays flip sets (flip, "
                       "flip-fixed, ...)",
       .variant = "flip",
       .engine = "engine",
       .opponent = "greedy",
       .movetime = 0,
       .min_movetime = 0,
       .seats = {"first", "second"},
       .engine_help = "The first player: engine (the search), seer (the search knowing every "
                      "face-down tile: an upper bound; implies --dealt), or a baseline: pimc, "
                      "greedy, careful",
       .opponent_help = "greedy (one ply: the most material, ties at random), careful (one ply "
                        "over the engine's evaluation, then a capture search), random, pimc (the "
                        "search on deals drawn from the pool, voting: PIMC, at the engine's "
                        "limits or --opponent-nodes), or engine (the search, at "
                        "--opponent-nodes)",
       .players = flip_players,
       .add_options = add_flip_options,
       .make = make_flip_player,
       .deals = flip_deals,
       .title = flip_title,
       .judge = flip_judge},
      {.command = "hidden-match",
       .about = "The hidden-pieces engine against a baseline in-process (jungle match, builtin "
                "engines)",
       .family = "hidden",
       .wrong_family = "does not hide pieces; hidden-match plays hidden sets (hidden, "
                       "hidden-stratego or a file with [pieces] hidden = true)",
       .variant = "hidden",
       .engine = "engine",
       .opponent = "greedy",
       .movetime = 30,
       .min_movetime = 1,
       .seats = {"Blue", "Red"},
       .engine_help = "The first player: engine, greedy, sampler, pimc, ismcts, random or "
                      "cheater (sees everything)",
       .opponent_help =
           "The second player: greedy (one sampled arrangement, the move that gains most there, "
           "one ply), sampler (one sampled arrangement searched by the open engine), pimc "
           "(perfect-information Monte Carlo: --pimc-worlds worlds, each searched by the open "
           "engine, the most voted move), ismcts (information-set Monte Carlo tree search), "
           "random, cheater or engine",
       .players = hidden_players,
       .add_options = add_hidden_options,
       .make = make_hidden_player,
       .deals = hidden_deals,
       .title = hidden_title,
       .judge = hidden_judge},
  };
  return table;
}

int run_alias(const Alias& alias, const AliasOptions& opt) {
  try {
    if (game::family_of_variant(opt.variant).name() != alias.family) {
      std::cerr << "error: rule set '" << opt.variant << "' " << alias.wrong_family << "\n";
      return 2;
    }
  } catch (const std::invalid_argument& e) {
    // A rule-set file no family reads: its problems, line by line.
    if (load_variant_or_report(opt.variant)) std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  // A move's time (its clock, the second player's own) means nothing where
  // nodes or a depth replace it.
  if ((opt.cpu_time || opt.opponent_movetime > 0) &&
      (opt.movetime <= 0 || opt.nodes > 0 || opt.opponent_nodes > 0 || opt.depth > 0)) {
    std::cerr << "error: --cpu-time and --opponent-movetime count a move's time: give --movetime, "
                 "not --nodes, --opponent-nodes or --depth\n";
    return 2;
  }
  match::MatchConfig config = match::in_process_config(opt.variant, opt.games, opt.seed);
  for (const bool second : {false, true}) {
    match::EngineSpec& spec = config.engines[size_t(second)];
    spec.name = second ? opt.opponent : opt.engine;
    spec.make = [&alias, &opt, name = spec.name, second] { return alias.make(opt, name, second); };
  }
  // Every game's start (a set-up, a deal) and chance's outcomes from one
  // stream, game after game, the games the aliases always played; or, with
  // --paired, jungle match's sampler: each deal twice, colours swapped
  // (match/chance.h).
  if (opt.paired) {
    config.chance = std::make_shared<match::PairedDeals>(opt.seed);
  } else {
    config.chance = std::make_shared<match::OneStream>(opt.seed, alias.deals(opt));
  }
  std::cout << alias.title(opt)
            << (opt.paired ? ", paired deals (each played twice, colours swapped)" : "") << "\n";
  const std::unique_ptr<GameJudge> judge = alias.judge(opt);
  match::MatchRunner runner(config);
  const match::MatchResult r =
      runner.run([&](const match::GameOutcome& out, const match::MatchResult&) {
        const double points = out.first_engine_points();
        const game::State& g = *out.state;
        const std::string verdict = judge ? judge->judge(out) : "";
        if (!opt.verbose) return;
        std::cout << "game " << out.index + 1 << ": " << opt.engine << " "
                  << (points == 1   ? "won"
                      : points == 0 ? "lost"
                                    : "drew")
                  << ", " << result_tag(g.result()) << " (" << g.termination() << ", " << g.plies()
                  << " plies, " << opt.engine << " " << alias.seats[out.first_engine] << ")\n";
        if (!verdict.empty()) std::cout << "  " << verdict << "\n";
        if (opt.records) std::cout << g.record() << "\n";
        std::cout << std::flush;
      });
  if (!match::print_in_process_summary(r, std::cout, std::cerr)) return 2;
  if (judge) judge->summary(std::cout);
  return 0;
}

void add_alias(CLI::App& app, const Alias& alias) {
  auto opt = std::make_shared<AliasOptions>();
  opt->variant = alias.variant;
  opt->engine = alias.engine;
  opt->opponent = alias.opponent;
  opt->movetime = alias.movetime;
  CLI::App* cmd = app.add_subcommand(alias.command, alias.about);
  cmd->add_option("--variant", opt->variant, "A rule set of the family")->capture_default_str();
  cmd->add_option("--engine", opt->engine, alias.engine_help)
      ->check(CLI::IsMember(alias.players(false)))
      ->capture_default_str();
  cmd->add_option("--opponent", opt->opponent, alias.opponent_help)
      ->check(CLI::IsMember(alias.players(true)))
      ->capture_default_str();
  cmd->add_option("--games", opt->games, "Number of games (colours alternate)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--movetime", opt->movetime, "Time a move in ms, the same for both players")
      ->check(CLI::Range(alias.min_movetime, 600000))
      ->capture_default_str();
  cmd->add_option("--opponent-movetime", opt->opponent_movetime,
                  "The second player's time a move in ms, where it differs from --movetime "
                  "(how strength grows with time)")
      ->check(CLI::Range(1, 600000));
  cmd->add_flag("--cpu-time", opt->cpu_time,
                "Count a move's time in the searching thread's CPU time, not wall time: each "
                "player gets the same CPU a move however loaded the machine is (wall time, the "
                "protocol's, is the default)");
  cmd->add_option("--depth", opt->depth, "Instead of time: each search's depth")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--nodes", opt->nodes,
                  "Instead of time: nodes a move, the same for both players; unlike time, the "
                  "same games on any machine and under any load")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--opponent-nodes", opt->opponent_nodes,
                  "The second player's nodes a move, where it differs from --nodes")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--seed", opt->seed, "Seed of chance (set-ups, deals, flips) and the players")
      ->capture_default_str();
  cmd->add_flag("--paired", opt->paired,
                "Paired deals, as jungle match plays them: each game's start and chance drawn "
                "once for two games, played with colours swapped (by default each game draws "
                "its own from one stream)");
  cmd->add_flag("--verbose", opt->verbose, "Print each game's result");
  cmd->add_flag("--records", opt->records, "With --verbose, print each game's arbiter's record");
  alias.add_options(*cmd, *opt);
  cmd->callback([&alias, opt] {
    const int code = run_alias(alias, *opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace

void add_match_aliases(CLI::App& app) {
  for (const Alias& alias : aliases()) add_alias(app, alias);
}

}  // namespace jungle::app
