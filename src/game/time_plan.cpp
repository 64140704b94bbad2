#include "game/time_plan.h"

#include <algorithm>

#include "search/search_params.h"

namespace jungle::game {

int64_t plan_movetime_ms(const Limits& limits, Side side, int64_t overhead_ms) {
  // One search, one deadline: the open search's optimum (its soft limit)
  // with its constants, so that one clock means the same in every family.
  using namespace search_params;
  constexpr int64_t kFloorMs = 1;
  // Clocks and increments beyond about 31 years are read as that, so that
  // the products below cannot overflow whoever fills the Limits.
  constexpr int64_t kMaxMs = 1'000'000'000'000;
  if (limits.movetime_ms > 0) return std::max(kFloorMs, limits.movetime_ms - overhead_ms);
  if (limits.infinite || !limits.has_clock(side)) return 0;
  const int64_t left = std::max(kFloorMs, std::min(limits.time_ms[side], kMaxMs) - overhead_ms);
  const int moves_to_go =
      limits.moves_to_go > 0 ? std::min(limits.moves_to_go, kMaxMovesToGo) : kDefaultMovesToGo;
  int64_t plan = left / moves_to_go +
                 std::clamp<int64_t>(limits.inc_ms[side], 0, kMaxMs) * kIncrementPercent / 100;
  plan = std::min(plan, left * kOptimumMaxPercentOfLeft / 100);
  return std::max(kFloorMs, plan);
}

}  // namespace jungle::game
