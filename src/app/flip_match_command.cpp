#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "flip/flip_match.h"
#include "flip/flip_rules.h"
#include "game/builtin_engines.h"
#include "game/flip_baselines.h"
#include "game/flip_observation.h"
#include "match/match_report.h"
#include "match/match_runner.h"

namespace jungle::app {

namespace {

struct FlipMatchOptions {
  std::string variant = "flip";
  std::string engine = "engine";
  std::string opponent = "greedy";
  bool dealt = false;
  int games = 200;
  int movetime = 0;
  int depth = 0;
  uint64_t nodes = 0;
  uint64_t opponent_nodes = 0;
  uint64_t seed = 1;
  bool verbose = false;
  bool no_quiescence = false;
  bool no_tt = false;
  bool records = false;
  double contempt = 0;
  double chance_scale = -1;
  int tables = 0;
};

// The endgame tables' verdicts by the games' results.
struct TableSummary {
  // [engine lost, drew, won][tables: engine loses, draws, wins, tiles face
  // down at the end, never within the tables]
  int count[3][5] = {};
  int at_last_flip[3] = {};  // verdicts given right after the last flip, by result
  void add(double points, const flip::TableVerdict& v) {
    const size_t result = points == 0 ? 0 : points == 1 ? 2 : 1;
    using Kind = flip::TableVerdict::Kind;
    const size_t column = v.kind == Kind::kFaceDown     ? 3
                          : v.kind == Kind::kNotCovered ? 4
                                                        : size_t(v.wdl + 1);
    ++count[result][column];
    if (v.kind == Kind::kJudged && v.ply == v.last_flip_ply) ++at_last_flip[result];
  }
  void print(std::ostream& out, int max_animals, const std::string& who) const {
    out << "Endgame tables (every tile up, at most " << max_animals
        << " animals) at the first position after the last flip that they hold:\n";
    const char* names[3] = {"lost", "drew", "won"};
    for (size_t r = 3; r-- > 0;) {
      const int games = count[r][0] + count[r][1] + count[r][2] + count[r][3] + count[r][4];
      out << "  " << who << " " << names[r] << " " << games << ": the tables say it wins "
          << count[r][2] << ", draws " << count[r][1] << ", loses " << count[r][0] << " ("
          << at_last_flip[r] << " of these right after the last flip); ended with tiles face down "
          << count[r][3] << ", never within the tables " << count[r][4] << "\n";
    }
  }
};

std::string verdict_text(const flip::TableVerdict& v, int max_animals, const std::string& who) {
  using Kind = flip::TableVerdict::Kind;
  if (v.kind == Kind::kFaceDown) return "tables: the game ended with tiles face down";
  std::string text = "tables: last flip at ply " + std::to_string(v.last_flip_ply) + " (" +
                     std::to_string(v.animals_at_last_flip) + " animals); ";
  if (v.kind == Kind::kNotCovered) {
    return text + "never " + std::to_string(max_animals) + " animals or fewer";
  }
  return text + "at ply " + std::to_string(v.ply) + " (" + std::to_string(v.animals) +
         " animals) the " + who + " " +
         (v.wdl > 0   ? "wins"
          : v.wdl < 0 ? "loses"
                      : "draws");
}

// Flip-match's chance as it drew before it was an alias of `jungle match`:
// a flip's outcome drawn from the pool by count (draw_from_pool), from
// the match's one stream; with a deal, what was dealt.
std::string pool_draw(const flip::FlipRulesPtr& rules, bool dealt, const game::State& state,
                      RandomBits bits) {
  const std::vector<game::ChanceOutcome> outcomes = state.chance_outcomes();
  if (dealt) return outcomes.at(0).action;
  const flip::FlipPosition pos =
      game::flip_position_of(rules, state.observe(std::nullopt).position);
  const Piece piece = flip::draw_from_pool(pos.outcomes(), bits);
  for (const game::ChanceOutcome& o : outcomes) {
    flip::Ply ply;
    if (pos.parse_ply(o.action, ply) && ply.revealed == piece) return o.action;
  }
  throw std::logic_error("the pool's draw is not among chance's outcomes");
}

int run_flip_match(const FlipMatchOptions& opt) {
  flip::FlipRulesPtr rules;
  try {
    rules = flip::load_flip_rules(opt.variant);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  flip::FlipLimits limits;
  limits.movetime_ms = opt.movetime;
  limits.nodes = opt.nodes;
  limits.depth = opt.depth > 0 ? opt.depth : (opt.movetime > 0 || opt.nodes > 0 ? 64 : 4);
  flip::FlipSearchOptions options;
  options.quiescence = !opt.no_quiescence;
  options.transposition_table = !opt.no_tt;
  options.contempt = opt.contempt;
  if (opt.chance_scale >= 0) options.chance_scale = opt.chance_scale;
  const bool dealt = opt.dealt || opt.engine == "seer";
  // The baselines as the family's registry makes them
  // (game/flip_baselines.h), their own generators (their ties, the random
  // player's choices) seeded apart from the flips' and from each other.
  auto baseline = [&opt, rules](const std::string& name, uint64_t salt) {
    const uint64_t seed = opt.seed * (name == "random" ? 7919 : 104729) + salt;
    return game::flip_player_engine(rules, game::flip_baseline_named(name)->make(seed));
  };
  const bool engine_is_baseline = opt.engine == "greedy" || opt.engine == "careful";
  // The engine as the opponent: at its own node budget when given one,
  // the measure `jungle match --variant flip` is checked against.
  flip::FlipLimits opponent_limits = limits;
  if (opt.opponent_nodes > 0) {
    opponent_limits.nodes = opt.opponent_nodes;
    opponent_limits.movetime_ms = 0;
    opponent_limits.depth = opt.depth > 0 ? opt.depth : 64;
  }
  match::MatchConfig config = match::in_process_config(opt.variant, opt.games, opt.seed);
  config.engines[0].name = opt.engine;
  config.engines[0].make = [&] {
    return opt.engine == "seer" ? game::flip_seer_engine(rules, limits, options)
           : engine_is_baseline
               ? baseline(opt.engine, 1)
               : game::flip_player_engine(rules, flip::engine_player(limits, options));
  };
  config.engines[1].name = opt.opponent;
  config.engines[1].make = [&] {
    return opt.opponent == "engine"
               ? game::flip_player_engine(rules, flip::engine_player(opponent_limits, options))
               : baseline(opt.opponent, 0);
  };
  config.chance = std::make_shared<match::OneStream>(
      opt.seed, dealt, [rules, dealt](const game::State& state, RandomBits bits) {
        return pool_draw(rules, dealt, state, bits);
      });
  std::cout << "Flip Jungle (" << rules->name << "): " << opt.engine << " ("
            << (engine_is_baseline ? std::string("one ply")
                : opt.movetime > 0 ? std::to_string(opt.movetime) + " ms a move"
                : opt.nodes > 0    ? std::to_string(opt.nodes) + " nodes a move"
                                   : "depth " + std::to_string(limits.depth))
            << (opt.engine == "seer" ? ", every face-down tile known" : "") << ") against "
            << opt.opponent
            << (opt.opponent == "engine" && opt.opponent_nodes > 0
                    ? " (" + std::to_string(opt.opponent_nodes) + " nodes a move)"
                    : std::string())
            << ", " << opt.games << " games"
            << (dealt ? ", the tiles dealt at each game's start" : "") << "\n";
  TableSummary tables;
  match::MatchRunner runner(config);
  const match::MatchResult r =
      runner.run([&](const match::GameOutcome& out, const match::MatchResult&) {
        const int game = out.index;
        const double points = out.first_engine_points();
        const flip::FlipPosition pos =
            game::flip_position_of(rules, out.state->observe(std::nullopt).position);
        std::optional<flip::TableVerdict> verdict;
        if (opt.tables > 0) {
          // A table set per game: six-animal tables are 40 MB each.
          flip::FlipEndgames endgames(opt.tables);
          const Side first = flip::first_player_colour(pos);
          const Side engine_side = game % 2 == 0 ? first : opponent(first);
          verdict = flip::judge_by_tables(pos, engine_side, endgames);
          tables.add(points, *verdict);
        }
        if (!opt.verbose) return;
        GameResult result;
        const flip::FlipEnd end = pos.end(&result);
        std::cout << "game " << game + 1 << ": " << opt.engine << " "
                  << (points == 1   ? "won"
                      : points == 0 ? "lost"
                                    : "drew")
                  << ", " << result_tag(result) << " (" << flip::flip_end_tag(end) << ", "
                  << pos.ply_count() << " plies, " << opt.engine << " "
                  << (game % 2 == 0 ? "first" : "second") << ")\n";
        if (verdict) std::cout << "  " << verdict_text(*verdict, opt.tables, opt.engine) << "\n";
        if (opt.records) std::cout << out.state->record() << "\n";
      });
  if (!match::print_in_process_summary(r, std::cout, std::cerr)) return 2;
  if (opt.tables > 0) tables.print(std::cout, opt.tables, opt.engine);
  return 0;
}

}  // namespace

void add_flip_match_command(CLI::App& app) {
  auto opt = std::make_shared<FlipMatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "flip-match",
      "Flip Jungle's engine against a baseline in-process (jungle match with builtin engines)");
  cmd->add_option("--variant", opt->variant, "A Flip Jungle rule set (flip, flip-fixed, ...)");
  cmd->add_option("--engine", opt->engine,
                  "The first player: engine (the search), seer (the search knowing every "
                  "face-down tile: an upper bound; implies --dealt), or a baseline: greedy, "
                  "careful")
      ->check(CLI::IsMember({"engine", "seer", "greedy", "careful"}));
  cmd->add_option("--opponent", opt->opponent,
                  "greedy (one ply: the most material, ties at random), careful (one ply over "
                  "the engine's evaluation, then a capture search), random, or engine (the "
                  "search, at --opponent-nodes)")
      ->check(CLI::IsMember({"greedy", "careful", "random", "engine"}));
  cmd->add_option("--opponent-nodes", opt->opponent_nodes,
                  "With --opponent engine: its nodes a move (default: the engine's limits)");
  cmd->add_flag("--dealt", opt->dealt,
                "Deal each game's tiles at its start, a flip revealing what was dealt there "
                "(the seer's model; the same distribution as drawing at the flip, other games)");
  cmd->add_option("--games", opt->games, "Number of games (colours alternate)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--movetime", opt->movetime, "Engine time a move in ms (default: depth 4)")
      ->check(CLI::Range(0, 600000));
  cmd->add_option("--depth", opt->depth, "Engine depth a move")->check(CLI::Range(0, 64));
  cmd->add_option("--nodes", opt->nodes,
                  "Engine nodes a move (the same games on any machine and under any load)");
  cmd->add_option("--seed", opt->seed, "Seed of the chance outcomes");
  cmd->add_flag("--verbose", opt->verbose, "Print each game's result");
  cmd->add_flag("--no-quiescence", opt->no_quiescence, "Engine without its capture search");
  cmd->add_flag("--records", opt->records, "With --verbose, print each game's record");
  cmd->add_option("--chance-scale", opt->chance_scale,
                  "Chance nodes average expected results on this scale, in points (0: points)");
  cmd->add_option("--contempt", opt->contempt, "What a draw costs the engine, in points (a Cat 10)")
      ->check(CLI::Range(0.0, 500.0));
  cmd->add_flag("--no-tt", opt->no_tt, "Engine without its transposition table");
  cmd->add_option("--tables", opt->tables,
                  "Judge each game by the endgame tables of up to N animals at the first "
                  "position after the last flip that they hold (a summary by result)")
      ->check(CLI::Range(0, flip::kMaxEndgameAnimals));
  cmd->callback([opt] {
    const int code = run_flip_match(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
