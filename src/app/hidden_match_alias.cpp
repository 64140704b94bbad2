// `jungle hidden-match`'s row of the aliases' table (match_aliases.cpp):
// the hidden-pieces players (the engine, its search's flags set as the
// protocol's options, and the baselines), its own options, its title, and
// its judge of the first player's belief (--belief-stats).

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/match_alias.h"
#include "app/variant_option.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "game/hidden_baselines.h"
#include "game/hidden_engine.h"
#include "game/option_limits.h"
#include "hidden/hidden_record.h"
#include "hidden_search/belief_check.h"
#include "hidden_search/enemy_activity.h"
#include "hidden_search/hidden_match.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/move_reading.h"

namespace jungle::app::alias {

namespace {

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

// An option of a share (or the activity's power) that the engine's option
// takes as a whole percentage, from `lowest` to `highest` percent.
void add_percent_option(CLI::App& cmd, const std::string& name, double& value,
                        const std::string& help, int lowest, int highest) {
  cmd.add_option(name, value, help)
      ->check(CLI::Range(lowest / 100.0, highest / 100.0))
      ->check(kWholePercent)
      ->capture_default_str();
}

}  // namespace

std::vector<std::string> hidden_players(bool) {
  std::vector<std::string> names = {"engine"};
  for (const game::HiddenBaseline& b : game::hidden_baselines()) names.emplace_back(b.name);
  return names;
}

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
      ->check(CLI::Range(1, hidden::kMaxSearchWorlds))
      ->capture_default_str();
  cmd.add_option("--pimc-worlds", opt.pimc_worlds,
                 "The worlds the pimc baseline draws a move, each searched with an equal share "
                 "of the budget")
      ->check(CLI::Range(1, hidden::kMaxSearchWorlds))
      ->capture_default_str();
  cmd.add_option("--candidates", opt.hidden.candidates, "Moves the engine compares in every world")
      ->check(CLI::Range(1, hidden::kMaxCandidates))
      ->capture_default_str();
  cmd.add_option("--contact", opt.hidden.contact_steps,
                 "The engine searches one world while no piece of its is this many steps from "
                 "an unknown enemy piece (0: never)")
      ->check(CLI::Range(0, hidden::kMaxContactSteps))
      ->capture_default_str();
  cmd.add_option("--lines", opt.hidden.lines, "Moves each world's search ranks exactly (multi-PV)")
      ->check(CLI::Range(1, hidden::kMaxWorldLines))
      ->capture_default_str();
  add_percent_option(cmd, "--first-share", opt.hidden.first_share,
                     "Share of the engine's time for deepening the worlds; the rest values the "
                     "candidates in every world",
                     hidden::kMinFirstSharePercent, 100);
  add_percent_option(cmd, "--risk", opt.hidden.risk,
                     "How far a move's value leans from its mean over the worlds to its worst "
                     "(0: the mean, 1: the worst)",
                     0, 100);
  add_percent_option(cmd, "--anchor", opt.hidden.anchor_share,
                     "Share of the engine's budget for one world searched deep, whose best moves "
                     "are the candidates (0: none)",
                     0, hidden::kMaxAnchorSharePercent);
  add_percent_option(cmd, "--least-share", opt.hidden.least_share,
                     "The tree searches no animal that a piece is less likely than this to be "
                     "(its other animals share its chance), so it goes deeper (0: every animal)",
                     0, hidden::kMaxLeastSharePercent);
  cmd.add_option("--read-temperature", opt.read_temperature,
                 "The softmax temperature, in centipawns, of the engine's model of how the enemy "
                 "chooses its moves, which its belief reads (0: the moves are not read)")
      ->check(CLI::Range(0, hidden::kMaxReadTemperature))
      ->capture_default_str();
  add_percent_option(cmd, "--read-uniform", opt.hidden.reading.uniform,
                     "The share of a random choice among its moves in the engine's model of the "
                     "enemy",
                     0, 100);
  cmd.add_option("--read-worlds", opt.hidden.reading.worlds,
                 "The engine's model of the enemy guesses our unshown animals in this many "
                 "worlds and chooses by the softmax of its moves' values in its guess, at "
                 "--read-temperature (1 or less: its best move) (0: a softmax of its moves' "
                 "values averaged over our animals)")
      ->check(CLI::Range(0, hidden::kMaxReadWorlds))
      ->capture_default_str();
  add_percent_option(cmd, "--read-activity", opt.hidden.reading.activity,
                     "The power of the enemy's activity learnt from its games in the engine's "
                     "reading: each move of an unknown enemy piece weighs its animals by how often "
                     "each moves, raised to this power (0: not at all)",
                     0, hidden::kMaxReadActivityPercent);
  cmd.add_flag("--belief-stats", opt.belief_stats,
               "At the end, how well the first player's belief knew the second's animals: the "
               "mean log-probability and probability it gave each unknown piece's true animal "
               "before each of its moves, read as the engine's flags read the enemy, by the "
               "deductions alone, and by each --belief-reading, on the same games; and how "
               "often each of the second player's animals moved while the first did not know it "
               "(what --read-activity's weights are fitted to)");
  cmd.add_option("--belief-reading", opt.belief_readings,
                 "With --belief-stats, another reading scored on the same games: "
                 "TEMPERATURE:UNIFORM[:WORLDS[:ACTIVITY]] (50:0.2, 100:0.2:8, 20:0.2:8:0.5); "
                 "repeatable")
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
      {"Least Share", std::to_string(whole_percent(o.least_share))},
      {"Read Temperature", std::to_string(opt.read_temperature)},
      {"Read Uniform", std::to_string(whole_percent(o.reading.uniform))},
      {"Read Worlds", std::to_string(o.reading.worlds)},
      {"Read Activity", std::to_string(whole_percent(o.reading.activity))}};
  return protocol_engine(game::make_hidden_engine(), opt.variant, settings,
                         per_move_limits(limits));
}

bool hidden_deals(const AliasOptions&) {
  return false;
}

namespace {

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
    activity_.add(*read.front().game, out.side_of(0));
    return "";
  }
  void summary(std::ostream& out) const override {
    tally_.print(out);
    activity_.print(out);
  }

 private:
  hidden::BeliefTally tally_;
  // What the reading's learnt activity (enemy_activity.h) is fitted to.
  hidden::ActivityTally activity_;
};

}  // namespace

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

}  // namespace jungle::app::alias
