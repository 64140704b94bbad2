// Engine help through the pool (web/engines/game_engine_job.h): a worker
// keeps one engine per family between jobs, and what it answers must depend
// on the asking reader's Observation alone. A table kept from an earlier
// search, above all the opponent's, which saw the opponent's own hidden
// animals, would steer the next answer by what its reader may not know.
#include "web/engines/game_engine_job.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>

#include "game/families.h"
#include "game/state.h"

namespace jungle::web {
namespace {

EnginePoolLimits one_worker() {
  EnginePoolLimits limits;
  limits.workers = 1;
  limits.hash_mb = 1;
  // No time cap: a search cut by the clock (a sanitizer build is several
  // times slower) stops at another depth, and its answer is not repeatable.
  limits.max_movetime_ms = 10 * 60 * 1000;
  return limits;
}

// The hint without its timings, which alone may differ between two
// searches of one observation.
Json without_timings(Json hint) {
  hint.erase("time_ms");
  hint.erase("nps");
  return hint;
}

// Three plies meet positions worth keeping; a Flip Jungle search counts
// its chance nodes as plies too and takes a hundred times the nodes at three
// as at two, so two serve it.
Json hint_of(EnginePool& pool, const game::Observation& observation, int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return without_timings(game_hint(pool, observation, limits, 2, "client", "127.0.0.1"));
}

// One side asks, the other asks from its own view, the first asks again:
// its second answer is its first, node for node. Families whose pool
// searches stop at a fixed depth only: a hidden game's engine searches by
// the pool's time cap (it reads a depth given with a time as no bound), so
// its answers are not repeatable, though the same clearing guards them.
TEST(GameEngineJob, AHintDependsOnItsReadersObservationAlone) {
  for (const char* variant : {"standard", "animal-checkers", "flip"}) {
    SCOPED_TRACE(variant);
    std::mt19937_64 rng(7);
    const game::Family& family = game::family_of_variant(variant);
    std::unique_ptr<game::State> state = family.new_state(variant, "", rng);
    // A few plies in, so that searches meet positions worth keeping.
    auto step = [](game::State& s, bool last) {
      if (s.actor().is_chance()) {
        s.apply(s.chance_outcomes().front().action);
      } else {
        s.apply(last ? s.legal_actions().back() : s.legal_actions().front());
      }
    };
    for (int n = 0; n < 4 && state->actor().kind != game::Actor::Kind::kNobody; ++n) {
      step(*state, false);
    }
    if (state->actor().is_chance()) step(*state, false);
    ASSERT_TRUE(state->actor().is_side());
    const Side mover = state->actor().side;
    EnginePool pool(one_worker());
    const int depth = family.capabilities().chance ? 2 : 3;
    const Json first = hint_of(pool, state->observe(mover), depth);
    // The other seat's view, one move on: what it searches knows the
    // other seat's own animals.
    std::unique_ptr<game::State> after = state->clone();
    step(*after, true);
    if (after->actor().is_chance()) step(*after, false);
    ASSERT_TRUE(after->actor().is_side());
    ASSERT_NE(after->actor().side, mover);
    (void)hint_of(pool, after->observe(after->actor().side), depth);
    const Json again = hint_of(pool, state->observe(mover), depth);
    EXPECT_EQ(again, first);
  }
}

}  // namespace
}  // namespace jungle::web
