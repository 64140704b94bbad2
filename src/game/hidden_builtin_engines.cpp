// The in-process players of hidden games behind the engine facade, the
// cheater among them (builtin_engines.h).

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/position.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/hidden_baselines.h"
#include "game/hidden_observation.h"
#include "game/player_engine.h"

namespace jungle::game {

namespace {

// The arbiter's game a State holds, rebuilt from its start and its tries,
// and kept from one move to the next while the game goes on.
class ArbiterCopy {
 public:
  explicit ArbiterCopy(RuleSetPtr rules) : rules_(std::move(rules)) {}

  const hidden::HiddenGame& of(const TruthLink& link) {
    const State& truth = *link.state;
    const std::vector<std::string>& actions = truth.actions();
    if (link.game != game_number_ || !game_ || played_ > actions.size()) {
      game_.emplace(Position::from_fen(start_of(truth)->fen(), rules_), truth.variant());
      game_number_ = link.game;
      played_ = 0;
    }
    for (; played_ < actions.size(); ++played_) {
      const std::optional<Move> m = rules_->geometry().parse_move_text(actions[played_]);
      if (!m) {
        throw std::invalid_argument("the arbiter's try '" + actions[played_] +
                                    "' reads as no move");
      }
      game_->play(*m);
    }
    return *game_;
  }

 private:
  RuleSetPtr rules_;
  std::optional<hidden::HiddenGame> game_;
  uint64_t game_number_ = 0;
  size_t played_ = 0;
};

}  // namespace

BuiltinEngine hidden_player_engine(RuleSetPtr rules, hidden::HiddenPlayer player) {
  BuiltinEngine out;
  out.engine = std::make_unique<PlayerEngine>(
      [rules = std::move(rules), player = std::move(player)](const Observation& o, const Limits&) {
        const hidden::PlayerView view = hidden_view_of(rules, o.position);
        return rules->geometry().move_text(player(view));
      });
  return out;
}

BuiltinEngine hidden_cheater_engine(RuleSetPtr rules, const hidden::HiddenLimits& limits) {
  BuiltinEngine out;
  out.truth = std::make_shared<TruthLink>();
  auto arbiter = std::make_shared<ArbiterCopy>(rules);
  auto search = std::make_shared<hidden::WorldSearch>();
  out.engine =
      std::make_unique<PlayerEngine>([rules = std::move(rules), arbiter, search, limits,
                                      truth = out.truth](const Observation&, const Limits&) {
        if (!truth->state) throw std::invalid_argument("the cheater was shown no game");
        const hidden::HiddenGame& game = arbiter->of(*truth);
        return rules->geometry().move_text(hidden::cheating_try(game, *search, limits));
      });
  return out;
}

BuiltinEngine hidden_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                              const Limits& per_move) {
  const RuleSetPtr rules = load_variant(variant);
  const HiddenBaseline* baseline = hidden_baseline_named(name);
  if (!baseline) {
    throw std::invalid_argument("builtin=" + std::string(name) + ": no hidden-pieces baseline");
  }
  if (baseline->searches) require_per_move_limits(name, per_move);
  hidden::HiddenLimits limits;
  limits.depth = per_move.depth;
  limits.nodes = per_move.depth > 0 ? 0 : per_move.nodes;
  limits.movetime_ms = per_move.depth > 0 || per_move.nodes > 0 ? 0 : per_move.movetime_ms;
  if (baseline->make) return hidden_player_engine(rules, baseline->make(seed, limits));
  return hidden_cheater_engine(rules, limits);
}

}  // namespace jungle::game
