#include "hidden_search/pimc.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"

namespace jungle::hidden {

PimcSearcher::PimcSearcher(PimcOptions options)
    : options_(options), engine_(options.hash_mb), rng_(options.seed ? options.seed : 1) {
  engine_.set_whole_time(true);  // each world's share spent whole
  if (options_.worlds < 1) {
    throw std::invalid_argument("pimc: worlds must be 1 or more, not " +
                                std::to_string(options_.worlds));
  }
}

HiddenSearchResult PimcSearcher::search(const PlayerView& view, const HiddenLimits& limits) {
  HiddenSearchResult out;
  const MoveList tries = view.legal_moves();
  if (tries.empty()) return out;
  if (engine_.rules() != view.rule_set_ptr()) engine_.set_rules(view.rule_set_ptr());
  const Side us = view.side_to_move();
  const uint64_t arrangements = view.belief(opponent(us)).arrangements();
  const int count = int(std::clamp<uint64_t>(arrangements, 1, uint64_t(options_.worlds)));
  // Each world's equal share of the move's budget; a depth is each world's.
  // Time: each world an equal share of what is left of the move when it
  // begins (drawing and replaying a world costs time too), and no world
  // begun past the move's end but the first, which searches one ply then.
  const bool timed = limits.nodes == 0 && limits.movetime_ms > 0;
  const SearchClock::time_point end = move_end(limits);
  SearchLimits each;
  each.clock = limits.clock;
  if (limits.nodes > 0) {
    each.nodes = std::max<uint64_t>(1, limits.nodes / uint64_t(count));
  } else if (!timed) {
    each.depth = std::max(1, limits.depth);
  }
  struct Tally {
    Move move;
    int votes = 0;
    double expected = 0;  // summed over the worlds that voted for it
  };
  std::vector<Tally> tally;
  for (int k = 0; k < count; ++k) {
    const Position world = view.determinize(view.sample_arrangement(rng_));
    if (timed) {
      const int64_t left =
          std::chrono::duration_cast<std::chrono::milliseconds>(end - limits.clock.now()).count();
      if (left <= 0 && k > 0) break;
      each.movetime_ms = left > 0 ? std::max<int64_t>(1, left / (count - k)) : 0;
      each.depth = left > 0 ? 0 : 1;
    }
    SearchResult r = engine_.search(world, each);
    if (r.depth == 0 && !r.best.is_none()) {
      // The share ran out before one ply: its move would mean nothing, and
      // one ply costs next to nothing.
      SearchLimits one;
      one.depth = 1;
      const uint64_t spent = r.nodes;
      r = engine_.search(world, one);
      r.nodes += spent;
    }
    out.nodes += r.nodes;
    out.depth = std::max(out.depth, r.depth);
    // The open engine's moves in a world are tries of the view; an attack
    // that fails in this world is no move of it, so gets no vote here.
    if (!tries.contains(r.best)) continue;
    ++out.worlds;
    auto it =
        std::find_if(tally.begin(), tally.end(), [&](const Tally& t) { return t.move == r.best; });
    if (it == tally.end()) it = tally.insert(tally.end(), Tally{r.best, 0, 0});
    ++it->votes;
    it->expected += expected_result(r.score);
  }
  if (tally.empty()) {
    out.best = tries[0];
    out.candidates.push_back({tries[0], 0.5, 0});
    return out;
  }
  // The most votes; among as many, the higher summed expected result (so a
  // tie is broken by the worlds' values, not by their order).
  std::stable_sort(tally.begin(), tally.end(), [](const Tally& a, const Tally& b) {
    return a.votes != b.votes ? a.votes > b.votes : a.expected > b.expected;
  });
  for (const Tally& t : tally) out.candidates.push_back({t.move, t.expected / t.votes, t.votes});
  out.best = tally[0].move;
  out.expected = out.candidates[0].expected;
  return out;
}

}  // namespace jungle::hidden
