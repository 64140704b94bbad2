// `jungle flip-match` and `jungle hidden-match`: `jungle match` with
// engines in this process, written once. Each alias is a row of one
// table (its family, its defaults, the players it offers, the options it
// adds and how they make its players); the games, the seed, the limits,
// chance, the lines printed for each game and the summary are the same
// code for both. Here: the table and that code; each family's pieces of
// its row are its own file's (flip_match_alias.cpp,
// hidden_match_alias.cpp), what they share is match_alias.h's.

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/match_alias.h"
#include "app/variant_option.h"
#include "core/variants.h"
#include "game/family.h"
#include "match/chance.h"
#include "match/match_report.h"
#include "match/match_runner.h"

namespace jungle::app {

namespace alias {

namespace {

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

}  // namespace alias

void add_match_aliases(CLI::App& app) {
  for (const alias::Alias& row : alias::aliases()) alias::add_alias(app, row);
}

}  // namespace jungle::app
