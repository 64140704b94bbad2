#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/hidden_baselines.h"
#include "hidden_search/hidden_match.h"
#include "match/match_report.h"
#include "match/match_runner.h"

namespace jungle::app {

namespace {

struct HiddenMatchOptions {
  std::string variant = "hidden";
  std::string engine = "engine";
  std::string opponent = "greedy";
  int games = 200;
  int movetime = 30;
  int depth = 0;
  uint64_t nodes = 0;
  uint64_t opponent_nodes = 0;
  uint64_t seed = 1;
  int worlds = hidden::HiddenSearchOptions().worlds;
  int candidates = hidden::HiddenSearchOptions().candidates;
  int contact = hidden::HiddenSearchOptions().contact_steps;
  int lines = hidden::HiddenSearchOptions().lines;
  double first_share = hidden::HiddenSearchOptions().first_share;
  double risk = hidden::HiddenSearchOptions().risk;
  double anchor = hidden::HiddenSearchOptions().anchor_share;
  std::string method =
      hidden::HiddenSearchOptions().method == hidden::HiddenMethod::kTree ? "tree" : "worlds";
  std::string model = hidden::HiddenSearchOptions().opponent == hidden::OpponentModel::kInformed
                          ? "informed"
                          : "averaged";
  bool tree_pruning = hidden::HiddenSearchOptions().tree_pruning;
  int pimc_worlds = hidden::kPimcWorlds;
  bool verbose = false;
  bool records = false;
};

game::BuiltinEngine make_player(const RuleSetPtr& rules, const std::string& kind,
                                const HiddenMatchOptions& opt, uint64_t seed, uint64_t nodes) {
  hidden::HiddenLimits limits;
  limits.movetime_ms = opt.depth > 0 || nodes > 0 ? 0 : opt.movetime;
  limits.nodes = opt.depth > 0 ? 0 : nodes;
  limits.depth = opt.depth;
  // PIMC with the alias's own --pimc-worlds; every other baseline as the
  // family's registry makes it (game/hidden_baselines.h).
  if (kind == "pimc") {
    return game::hidden_player_engine(rules, hidden::pimc_player(limits, seed, opt.pimc_worlds));
  }
  if (const game::HiddenBaseline* b = game::hidden_baseline_named(kind)) {
    return b->make ? game::hidden_player_engine(rules, b->make(seed, limits))
                   : game::hidden_cheater_engine(rules, limits);
  }
  hidden::HiddenSearchOptions options;
  options.worlds = opt.worlds;
  options.candidates = opt.candidates;
  options.contact_steps = opt.contact;
  options.lines = opt.lines;
  options.first_share = opt.first_share;
  options.risk = opt.risk;
  options.anchor_share = opt.anchor;
  options.method =
      opt.method == "tree" ? hidden::HiddenMethod::kTree : hidden::HiddenMethod::kWorlds;
  options.opponent = opt.model == "informed"   ? hidden::OpponentModel::kInformed
                     : opt.model == "guessing" ? hidden::OpponentModel::kGuessing
                                               : hidden::OpponentModel::kAveraged;
  options.tree_pruning = opt.tree_pruning;
  options.seed = seed;
  return game::hidden_player_engine(rules, hidden::engine_player(limits, options));
}

int run_hidden_match(const HiddenMatchOptions& opt) {
  RuleSetPtr rules;
  try {
    rules = load_variant(opt.variant);
  } catch (const VariantError& e) {
    for (const VariantIssue& issue : e.issues())
      std::cerr << "error: " << issue.to_string() << "\n";
    return 2;
  }
  // The alias plays games with private information, whichever family's
  // capabilities say so; an in-process hidden engine needs those.
  if (!game::family_of_variant(opt.variant).capabilities().hidden_information) {
    std::cerr << "error: rule set '" << opt.variant
              << "' does not hide pieces; hidden-match plays hidden sets (hidden, "
                 "hidden-stratego or a file with [pieces] hidden = true)\n";
    return 2;
  }
  match::MatchConfig config = match::in_process_config(opt.variant, opt.games, opt.seed);
  config.engines[0].name = opt.engine;
  config.engines[0].make = [&] {
    return make_player(rules, opt.engine, opt, opt.seed * 2 + 1, opt.nodes);
  };
  config.engines[1].name = opt.opponent;
  config.engines[1].make = [&] {
    return make_player(rules, opt.opponent, opt, opt.seed * 7919 + 3,
                       opt.opponent_nodes > 0 ? opt.opponent_nodes : opt.nodes);
  };
  // The set-ups (and the arrangements of a "chosen" set, which both
  // players leave to chance) from one stream, game after game.
  config.chance = std::make_shared<match::OneStream>(opt.seed, false);
  std::cout << "Hidden pieces (" << rules->rules().name << "): " << opt.engine << " ("
            << (opt.depth > 0   ? "depth " + std::to_string(opt.depth)
                : opt.nodes > 0 ? std::to_string(opt.nodes) + " nodes a move"
                                : std::to_string(opt.movetime) + " ms a move")
            << ") against " << opt.opponent
            << (opt.opponent_nodes > 0
                    ? " (" + std::to_string(opt.opponent_nodes) + " nodes a move)"
                    : std::string())
            << ", " << opt.games << " games\n";
  match::MatchRunner runner(config);
  const match::MatchResult r =
      runner.run([&opt](const match::GameOutcome& out, const match::MatchResult&) {
        if (!opt.verbose) return;
        const double points = out.first_engine_points();
        const game::State& g = *out.state;
        std::cout << "game " << out.index + 1 << ": " << opt.engine << " "
                  << (points == 1   ? "won"
                      : points == 0 ? "lost"
                                    : "drew")
                  << ", " << result_tag(g.result()) << " (" << g.termination() << ", " << g.plies()
                  << " plies, " << opt.engine << " " << (out.index % 2 == 0 ? "Blue" : "Red") << ")"
                  << std::endl;
        if (opt.records) std::cout << g.record() << "\n";
      });
  return match::print_in_process_summary(r, std::cout, std::cerr) ? 0 : 2;
}

}  // namespace

void add_hidden_match_command(CLI::App& app) {
  auto opt = std::make_shared<HiddenMatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "hidden-match",
      "The hidden-pieces engine against a baseline in-process (jungle match, builtin engines)");
  cmd->add_option("--variant", opt->variant, "A rule set with hidden pieces")
      ->capture_default_str();
  std::vector<std::string> names = {"engine"};
  for (const game::HiddenBaseline& b : game::hidden_baselines()) names.emplace_back(b.name);
  const auto kinds = CLI::IsMember(names);
  cmd->add_option(
         "--engine", opt->engine,
         "The first player: engine, greedy, sampler, pimc, ismcts, random or cheater (sees "
         "everything)")
      ->check(kinds)
      ->capture_default_str();
  cmd->add_option("--opponent", opt->opponent,
                  "The second player: greedy (one sampled arrangement, the move that gains "
                  "most there, one ply), sampler (one sampled arrangement searched by the "
                  "open engine), pimc (perfect-information Monte Carlo: --pimc-worlds worlds, "
                  "each searched by the open engine, the most voted move), ismcts "
                  "(information-set Monte Carlo tree search), random, cheater or engine")
      ->check(kinds)
      ->capture_default_str();
  cmd->add_option("--games", opt->games, "Number of games (colours alternate)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--movetime", opt->movetime, "Time a move in ms, the same for both players")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  cmd->add_option("--depth", opt->depth, "Instead of time: each world's search depth")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--nodes", opt->nodes,
                  "Instead of time: nodes a move, the same for both players (the engine's worlds "
                  "share them); unlike time, the same on a busy machine")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--opponent-nodes", opt->opponent_nodes,
                  "Instead of time: the second player's nodes a move, where it differs from "
                  "--nodes (--depth overrides both)")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--seed", opt->seed, "Seed of the set-ups and the players")
      ->capture_default_str();
  cmd->add_option("--method", opt->method,
                  "How the engine searches in contact with unknown pieces: tree (one search "
                  "over its view, chance nodes at attacks) or worlds (determinization)")
      ->check(CLI::IsMember({"tree", "worlds"}))
      ->capture_default_str();
  cmd->add_option(
         "--model", opt->model,
         "The tree's enemy: informed (it knows its own animals: a move only some can "
         "make, it makes when it can), averaged (its attacks are chance nodes too) or guessing "
         "(it knows its animals, not ours: it attacks an unshown piece of ours as a "
         "guess, and a wrong guess costs it the attacker)")
      ->check(CLI::IsMember({"informed", "averaged", "guessing"}))
      ->capture_default_str();
  cmd->add_flag("--tree-pruning", opt->tree_pruning,
                "The tree prunes near the leaves as the open search does (reverse futility, "
                "futility, late moves)");
  cmd->add_option("--worlds", opt->worlds, "The engine's worlds a move (--method worlds)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--pimc-worlds", opt->pimc_worlds,
                  "The worlds the pimc baseline draws a move, each searched with an equal share "
                  "of the budget")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--candidates", opt->candidates, "Moves the engine compares in every world")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--contact", opt->contact,
                  "The engine searches one world while no piece of its is this many steps from "
                  "an unknown enemy piece (0: never)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  cmd->add_option("--lines", opt->lines, "Moves each world's search ranks exactly (multi-PV)")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  cmd->add_option("--first-share", opt->first_share,
                  "Share of the engine's time for deepening the worlds; the rest values the "
                  "candidates in every world")
      ->check(CLI::Range(0.05, 1.0))
      ->capture_default_str();
  cmd->add_option("--risk", opt->risk,
                  "How far a move's value leans from its mean over the worlds to its worst "
                  "(0: the mean, 1: the worst)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--anchor", opt->anchor,
                  "Share of the engine's budget for one world searched deep, whose best moves "
                  "are the candidates (0: none)")
      ->check(CLI::Range(0.0, 0.9))
      ->capture_default_str();
  cmd->add_flag("--verbose", opt->verbose, "Print each game's result");
  cmd->add_flag("--records", opt->records, "With --verbose, print each game's arbiter's record");
  cmd->callback([opt] {
    const int code = run_hidden_match(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
