// Flip Jungle's in-process players behind the engine facade, the seer
// among them (builtin_engines.h).

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>

#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/flip_baselines.h"
#include "game/flip_observation.h"
#include "game/player_engine.h"

namespace jungle::game {

namespace {

// The deal of the game `truth` is: under each face-down tile of its start,
// the one outcome chance offers when that tile is turned over (State::deal).
flip::FlipDeal deal_of(const State& truth, const flip::FlipRulesPtr& rules) {
  const std::unique_ptr<State> start = start_of(truth);
  const flip::FlipPosition pos = flip_position_of(rules, start->observe(std::nullopt).position);
  flip::FlipDeal tiles;
  tiles.fill(kNoPiece);
  for (Square sq = 0; sq < flip::kFlipSquares; ++sq) {
    if (pos.cell(sq) != flip::kHidden) continue;
    start->apply(flip::action_text(flip::Action::flip(sq)));
    const std::vector<ChanceOutcome> outcomes = start->chance_outcomes();
    flip::Ply ply;
    if (outcomes.size() != 1 || outcomes[0].probability != 1.0 ||
        !pos.parse_ply(outcomes[0].action, ply)) {
      throw std::invalid_argument("the seer plays dealt games only: what the flip " +
                                  flip::action_text(flip::Action::flip(sq)) +
                                  " reveals is not dealt");
    }
    tiles[sq] = ply.revealed;
    start->undo();
  }
  return tiles;
}

}  // namespace

BuiltinEngine flip_player_engine(flip::FlipRulesPtr rules, flip::FlipPlayer player) {
  BuiltinEngine out;
  out.engine = std::make_unique<PlayerEngine>(
      [rules = std::move(rules), player = std::move(player)](const Observation& o, const Limits&) {
        flip::FlipPosition pos = flip_position_of(rules, o.position);
        return flip::action_text(player(pos));
      });
  return out;
}

BuiltinEngine flip_seer_engine(flip::FlipRulesPtr rules, const flip::FlipLimits& limits,
                               flip::FlipSearchOptions options) {
  BuiltinEngine out;
  out.truth = std::make_shared<TruthLink>();
  const auto tiles = std::make_shared<flip::FlipDeal>();
  flip::FlipPlayer seer = flip::seer_player(limits, tiles, std::move(options));
  out.engine =
      std::make_unique<PlayerEngine>([rules = std::move(rules), seer = std::move(seer), tiles,
                                      truth = out.truth](const Observation& o, const Limits&) {
        if (!truth->state) throw std::invalid_argument("the seer was shown no game");
        *tiles = deal_of(*truth->state, rules);
        flip::FlipPosition pos = flip_position_of(rules, o.position);
        return flip::action_text(seer(pos));
      });
  return out;
}

BuiltinEngine flip_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                            const Limits& per_move) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules(variant);
  const FlipBaseline* baseline = flip_baseline_named(name);
  if (!baseline) throw std::invalid_argument("builtin=" + std::string(name) + ": no flip baseline");
  if (baseline->searches) require_per_move_limits(name, per_move);
  flip::FlipLimits limits;
  limits.depth = per_move.depth > 0 ? per_move.depth : 64;
  limits.nodes = per_move.nodes;
  limits.movetime_ms = int(std::min<int64_t>(per_move.movetime_ms, int64_t(1) << 30));
  if (baseline->make) return flip_player_engine(rules, baseline->make(seed, limits));
  return flip_seer_engine(rules, limits);
}

}  // namespace jungle::game
