// `jungle flip-match`'s row of the aliases' table (match_aliases.cpp):
// Flip Jungle's players (the engine, the seer, PIMC and the one-ply
// baselines), its own options, its title, and its judge of finished games
// by the endgame tables (--tables).

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/match_alias.h"
#include "flip/flip_match.h"
#include "flip/flip_rules.h"
#include "game/builtin_engines.h"
#include "game/flip_baselines.h"
#include "game/flip_engine.h"
#include "game/flip_observation.h"

namespace jungle::app::alias {

namespace {

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

}  // namespace

std::vector<std::string> flip_players(bool second) {
  if (second) return {"greedy", "careful", "random", "pimc", "engine"};
  return {"engine", "seer", "pimc", "greedy", "careful"};
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
  return protocol_engine(game::make_flip_engine(), opt.variant, settings, per_move_limits(limits));
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

namespace {

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

}  // namespace

std::unique_ptr<GameJudge> flip_judge(const AliasOptions& opt) {
  if (opt.tables <= 0) return nullptr;
  return std::make_unique<TablesJudge>(opt);
}

}  // namespace jungle::app::alias
