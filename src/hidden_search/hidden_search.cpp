#include "hidden_search/hidden_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

namespace jungle::hidden {

namespace {

// Centipawns at which a side is expected to score about 0.76: the scale
// of the evaluation, which values a Cat at about 100.
constexpr double kExpectationScale = 400.0;

using Clock = std::chrono::steady_clock;

int64_t elapsed_ms(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

}  // namespace

double expected_result(int score) {
  if (score >= kMateBound) return 1.0;
  if (score <= -kMateBound) return 0.0;
  return 1.0 / (1.0 + std::pow(10.0, -score / kExpectationScale));
}

HiddenSearcher::HiddenSearcher(HiddenSearchOptions options)
    : options_(options), rng_(options.seed ? options.seed : 1) {
  EngineOptions eo;
  eo.hash_mb = options_.hash_mb;
  eo.threads = 1;
  eo.move_overhead_ms = 0;
  eo.seed = options_.seed ? options_.seed : 1;
  engine_.set_options(eo);
}

void HiddenSearcher::set_options(const HiddenSearchOptions& options) {
  options_ = options;
  rng_.seed(options.seed ? options.seed : 1);
}

void HiddenSearcher::new_game() {
  engine_.new_game();
}

void HiddenSearcher::stop() {
  stop_ = true;
  engine_.stop();
}

void HiddenSearcher::prepare(const PlayerView& view) {
  if (rules_ != view.rule_set_ptr()) {
    rules_ = view.rule_set_ptr();
    engine_.set_rules(rules_);
  }
  stop_ = false;
}

SearchResult HiddenSearcher::search_world(const Position& world, int64_t movetime_ms, int depth,
                                          std::vector<Move> only) {
  SearchLimits limits;
  limits.movetime_ms = movetime_ms > 0 ? std::max<int64_t>(1, movetime_ms) : 0;
  limits.depth = depth;
  if (limits.movetime_ms == 0 && limits.depth == 0) limits.depth = 1;
  limits.search_moves = std::move(only);
  return engine_.search(world, limits);
}

HiddenSearchResult HiddenSearcher::search_one_world(const PlayerView& view,
                                                    const HiddenLimits& limits) {
  prepare(view);
  HiddenSearchResult out;
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  const Position world = view.determinize(view.sample_arrangement(rng_));
  const SearchResult r = search_world(world, limits.movetime_ms, limits.depth);
  out.best = tries.contains(r.best) ? r.best : tries[0];
  out.expected = expected_result(r.score);
  out.worlds = 1;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.candidates.push_back({out.best, out.expected, 1});
  return out;
}

HiddenSearchResult HiddenSearcher::search(const PlayerView& view, const HiddenLimits& limits) {
  prepare(view);
  const Clock::time_point start = Clock::now();
  HiddenSearchResult out;
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  out.best = tries[0];
  if (tries.size() == 1) {
    out.candidates.push_back({tries[0], 0.5, 0});
    return out;
  }
  const Side us = view.side_to_move();
  const uint64_t arrangements = view.belief(opponent(us)).arrangements();
  const int count =
      int(std::clamp<uint64_t>(arrangements, 1, uint64_t(std::max(1, options_.worlds))));

  // The worlds, and each one's best move.
  struct World {
    Position position;
    SearchResult best;
  };
  std::vector<World> worlds;
  worlds.reserve(size_t(count));
  const int64_t first_budget =
      limits.movetime_ms > 0 ? int64_t(double(limits.movetime_ms) * options_.first_share) : 0;
  for (int k = 0; k < count && !stop_; ++k) {
    Position world = view.determinize(view.sample_arrangement(rng_));
    const int64_t left = first_budget - elapsed_ms(start);
    const int64_t share = limits.movetime_ms > 0 ? std::max<int64_t>(1, left / (count - k)) : 0;
    SearchResult r = search_world(world, share, limits.depth);
    if (!tries.contains(r.best)) continue;  // a world whose game the search saw as over
    out.nodes += r.nodes;
    out.depth = std::max(out.depth, r.depth);
    worlds.push_back({std::move(world), r});
  }
  if (worlds.empty()) return out;
  out.worlds = int(worlds.size());

  // The candidates: the moves most often best.
  std::map<uint16_t, int> votes;
  for (const World& w : worlds) ++votes[w.best.best.raw()];
  std::vector<std::pair<int, uint16_t>> ranked;
  for (const auto& [raw, n] : votes) ranked.emplace_back(n, raw);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (int(ranked.size()) > options_.candidates) ranked.resize(size_t(options_.candidates));
  if (ranked.size() == 1 || worlds.size() == 1) {
    out.best = Move::from_raw(ranked[0].second);
    double sum = 0;
    for (const World& w : worlds) sum += expected_result(w.best.score);
    out.expected = sum / double(worlds.size());
    out.candidates.push_back({out.best, out.expected, ranked[0].first});
    return out;
  }

  // Every candidate in every world: the world's own best move keeps its
  // score; another move is searched alone, to the world's depth.
  int to_search = 0;
  for (const auto& [n, raw] : ranked) to_search += int(worlds.size()) - n;
  const FailedAttack failed = view.rules().failed_attack;
  std::vector<MoveValue> values;
  for (const auto& [n, raw] : ranked) {
    const Move m = Move::from_raw(raw);
    double sum = 0;
    for (const World& w : worlds) {
      int score = w.best.score;
      if (w.best.best != m) {
        const int64_t left = limits.movetime_ms > 0 ? limits.movetime_ms - elapsed_ms(start) : 0;
        const int64_t share =
            limits.movetime_ms > 0 ? std::max<int64_t>(1, left / std::max(1, to_search)) : 0;
        --to_search;
        const int depth = std::max(1, w.best.depth - 1);
        if (stop_) {
          score = w.best.score - 50;  // out of time: a small doubt for a move not searched
        } else if (is_legal(w.position, m)) {
          score = search_world(w.position, share, limits.movetime_ms > 0 ? 0 : depth, {m}).score;
        } else if (failed == FailedAttack::kRefused) {
          // Refused: nothing happens; the best move of this world remains.
          score = w.best.score;
        } else {
          // The attack fails in this world: the attacker dies or bounces.
          Position after = w.position;
          after.do_failed_attack(m, failed == FailedAttack::kAttackerDies);
          const GameResult r = game_result(after);
          if (r != GameResult::kOngoing) {
            score = r == GameResult::kDraw                          ? 0
                    : (r == GameResult::kBlueWins) == (us == kBlue) ? kMateScore - 1
                                                                    : -kMateScore + 1;
          } else {
            score = -search_world(after, share, limits.movetime_ms > 0 ? 0 : depth).score;
          }
        }
      }
      sum += expected_result(score);
    }
    values.push_back({m, sum / double(worlds.size()), n});
  }
  std::stable_sort(values.begin(), values.end(),
                   [](const MoveValue& a, const MoveValue& b) { return a.expected > b.expected; });
  out.best = values[0].move;
  out.expected = values[0].expected;
  out.candidates = std::move(values);
  return out;
}

}  // namespace jungle::hidden
