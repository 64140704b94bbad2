#include "flip/flip_pimc.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

namespace jungle::flip {

FlipPimcSearcher::FlipPimcSearcher(FlipPimcOptions options)
    : options_(options), rng_(options.seed ? options.seed : 1) {
  if (options_.worlds < 1) {
    throw std::invalid_argument("pimc: worlds must be 1 or more, not " +
                                std::to_string(options_.worlds));
  }
  searcher_.set_hash_mb(options_.hash_mb);
}

FlipPimcResult FlipPimcSearcher::search(FlipPosition& pos, const FlipLimits& limits) {
  FlipPimcResult out;
  if (pos.end() != FlipEnd::kNone || pos.legal_actions().size == 0) return out;
  // With every tile face up there is one world: the position itself.
  const int count = pos.hidden_count() == 0 ? 1 : options_.worlds;
  FlipLimits each;
  each.depth = limits.depth;
  if (limits.nodes > 0) each.nodes = std::max<uint64_t>(1, limits.nodes / uint64_t(count));
  // A move time is the whole move's: each world ends by an equal share of
  // what is left of it when it starts, after its deal (emptying the table
  // takes time too), so that the worlds together keep to the move's time.
  // (Each world's own movetime_ms of a whole millisecond, the move's over
  // the worlds, gave 8 worlds 2 ms each at 20 ms a move, each begun after
  // its table was emptied: together more than the move's time where a
  // search overran its 2 ms.)
  // On the limits' clock: wall time, or this thread's CPU time.
  each.clock = limits.clock;
  const SearchClock::time_point end =
      limits.clock.now() + std::chrono::milliseconds(limits.movetime_ms);
  for (int k = 0; k < count; ++k) {
    if (count > 1) {
      searcher_.know_tiles(deal_tiles(pos, rng_));
    } else {
      searcher_.know_tiles(std::nullopt);
    }
    if (limits.movetime_ms > 0) {
      const SearchClock::time_point now = limits.clock.now();
      each.deadline = now + std::max(end - now, SearchClock::duration(0)) / (count - k);
    }
    const FlipSearchResult r = searcher_.search(pos, each);
    out.nodes += r.nodes;
    out.depth = std::max(out.depth, r.depth);
    if (!r.has_move) continue;
    ++out.worlds;
    auto it = std::find_if(out.votes.begin(), out.votes.end(),
                           [&](const FlipPimcVote& v) { return v.action == r.best; });
    if (it == out.votes.end()) it = out.votes.insert(out.votes.end(), FlipPimcVote{r.best, 0, 0});
    ++it->votes;
    it->expected += expected_of_points(r.score);  // summed here, a mean below
  }
  searcher_.bound_tables(options_.table_bytes);
  if (out.votes.empty()) return out;
  for (FlipPimcVote& v : out.votes) v.expected /= v.votes;
  // The most votes; among as many, the higher mean (so that a tie is
  // broken by the worlds' values, not by their order).
  std::stable_sort(out.votes.begin(), out.votes.end(),
                   [](const FlipPimcVote& a, const FlipPimcVote& b) {
                     return a.votes != b.votes ? a.votes > b.votes : a.expected > b.expected;
                   });
  out.best = out.votes[0].action;
  out.has_move = true;
  return out;
}

FlipPlayer pimc_player(const FlipLimits& limits, FlipPimcOptions options) {
  auto searcher = std::make_shared<FlipPimcSearcher>(options);
  return [searcher, limits](FlipPosition& pos) { return searcher->search(pos, limits).best; };
}

}  // namespace jungle::flip
