#pragma once

#include <cstdint>

#include "core/types.h"
#include "game/limits.h"

// The one time manager of the engines that take one deadline a move (flip,
// hidden; the open search plans its own soft and hard limits from the same
// clocks and the same constants, search.cpp plan_time): how long to think
// for the side to move under the protocol's `go`.

namespace jungle::game {

// The Move Overhead option's default: time lost between the engine's answer
// and the clock's stopping (the protocol, the GUI, the network).
inline constexpr int64_t kDefaultMoveOverheadMs = 30;

// The milliseconds to think for `side`, 0 for no time limit (infinite, or
// neither a movetime nor `side`'s clock given):
// - `movetime` given: it, less the overhead;
// - a clock: (clock - overhead) / moves to go (movestogo, at most
//   search_params::kMaxMovesToGo; kDefaultMovesToGo without), plus
//   kIncrementPercent of the increment, and never more than
//   kOptimumMaxPercentOfLeft of what is left after the overhead;
// and never below 1 ms (0 would mean no limit).
int64_t plan_movetime_ms(const Limits& limits, Side side,
                         int64_t overhead_ms = kDefaultMoveOverheadMs);

}  // namespace jungle::game
