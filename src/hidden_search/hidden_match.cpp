#include "hidden_search/hidden_match.h"

#include <bit>
#include <limits>
#include <memory>
#include <vector>

#include "search/evaluation.h"

namespace jungle::hidden {

namespace {

// The random player's choice: uniformly among the view's tries.
Move random_try(const PlayerView& view, std::mt19937_64& rng) {
  const MoveList tries = view.legal_moves();
  return tries[std::uniform_int_distribution<int>(0, tries.size() - 1)(rng)];
}

// What a won (or lost) game is worth to the greedy player: more than any material.
constexpr int kGreedyWin = 1 << 20;

// What trying `m` gains `world`'s side to move in that world, one ply deep:
// the material it takes or loses when the arbiter resolves the try there,
// or a won or lost game.
int greedy_gain(const Position& world, const RuleSet& rules, const Evaluator& values, Move m) {
  const Side us = world.side_to_move();
  const Square from = m.from(), to = m.to();
  if (rules.den_bb(opponent(us)) & square_bb(to)) return kGreedyWin;
  const Piece defender = world.piece_on(to);
  if (defender == kNoPiece) return 0;
  const Animal attacker = animal_of(world.piece_on(from));
  if (rules.may_capture(us, attacker, from, animal_of(defender), to)) {
    if (std::popcount(world.pieces(opponent(us))) == 1) return kGreedyWin;
    return values.piece_value(animal_of(defender));
  }
  switch (rules.rules().failed_attack) {
    case FailedAttack::kAttackerDies:
      if (std::popcount(world.pieces(us)) == 1) return -kGreedyWin;
      return -values.piece_value(attacker);
    case FailedAttack::kBounce:
      return 0;
    case FailedAttack::kRefused:
      break;
  }
  // Refused in the world it believes: the try gains nothing and the turn
  // is still to play, so it ranks just below every move that changes nothing.
  return -1;
}

// The greedy player's choice from the view alone; `values` an evaluator of
// the view's rule set, whose piece values it counts.
Move greedy_try(const PlayerView& view, std::mt19937_64& rng, const Evaluator& values) {
  const Position world = view.determinize(view.sample_arrangement(rng));
  const MoveList tries = view.legal_moves();
  std::vector<Move> best;
  int best_gain = std::numeric_limits<int>::min();
  for (const Move m : tries) {
    const int gain = greedy_gain(world, view.rule_set(), values, m);
    if (gain > best_gain) {
      best_gain = gain;
      best.clear();
    }
    if (gain == best_gain) best.push_back(m);
  }
  return best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(rng)];
}

}  // namespace

HiddenPlayer random_player(uint64_t seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [rng](const PlayerView& view) { return random_try(view, *rng); };
}

HiddenPlayer greedy_player(uint64_t seed) {
  struct State {
    std::mt19937_64 rng;
    RuleSetPtr rules;
    std::unique_ptr<Evaluator> values;
  };
  auto state = std::make_shared<State>();
  state->rng.seed(seed);
  return [state](const PlayerView& view) {
    if (state->rules != view.rule_set_ptr()) {
      state->rules = view.rule_set_ptr();
      state->values = std::make_unique<Evaluator>(*state->rules);
    }
    return greedy_try(view, state->rng, *state->values);
  };
}

HiddenPlayer sampler_player(const HiddenLimits& limits, uint64_t seed) {
  HiddenSearchOptions options;
  options.seed = seed;
  auto searcher = std::make_shared<HiddenSearcher>(options);
  return [searcher, limits](const PlayerView& view) {
    return searcher->search_one_world(view, limits).best;
  };
}

HiddenPlayer pimc_player(const HiddenLimits& limits, uint64_t seed, int worlds) {
  PimcOptions options;
  options.seed = seed;
  options.worlds = worlds;
  auto searcher = std::make_shared<PimcSearcher>(options);
  return [searcher, limits](const PlayerView& view) { return searcher->search(view, limits).best; };
}

HiddenPlayer ismcts_player(const HiddenLimits& limits, uint64_t seed) {
  IsmctsOptions options;
  options.seed = seed;
  auto searcher = std::make_shared<IsmctsSearcher>(options);
  return [searcher, limits](const PlayerView& view) { return searcher->search(view, limits).best; };
}

Move cheating_try(const HiddenGame& game, WorldSearch& engine, const HiddenLimits& limits) {
  SearchLimits l;
  l.movetime_ms = limits.nodes > 0 ? 0 : limits.movetime_ms;
  l.nodes = limits.nodes;
  l.clock = limits.clock;
  l.depth = limits.movetime_ms > 0 || limits.nodes > 0 ? 0 : std::max(1, limits.depth);
  const SearchResult r = engine.search(game.truth(), l);
  // Every move of the open game is one its view allows.
  const MoveList tries = game.view(game.side_to_move()).legal_moves();
  return tries.contains(r.best) ? r.best : tries[0];
}

}  // namespace jungle::hidden
