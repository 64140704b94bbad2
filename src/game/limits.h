#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/search_clock.h"
#include "core/types.h"

// How long an engine may think about one action, as the protocol's `go`
// gives it, for every family (one parser: protocol; one time manager:
// time_plan.h). Zero means "no such limit".

namespace jungle::game {

struct Limits {
  int depth = 0;
  uint64_t nodes = 0;
  int64_t movetime_ms = 0;
  std::array<int64_t, kSides> time_ms{-1, -1};  // the clocks left; -1: none given
  std::array<int64_t, kSides> inc_ms{0, 0};
  int moves_to_go = 0;
  bool infinite = false;
  int mate = 0;  // stop once a win in this many moves is proven (where scores can prove one)
  // Only these actions at the root; empty: all.
  std::vector<std::string> search_actions;
  // The clock movetime_ms is counted on. Wall time, always, over the
  // protocol and in the web app; the searching thread's CPU time where an
  // in-process match asks for it (`--cpu-time`), so that each player gets
  // the same CPU a move on a loaded machine. The flip and hidden engines
  // read it; the open engine counts wall time.
  SearchClock clock;

  bool has_clock(Side s) const { return time_ms[s] >= 0; }
};

}  // namespace jungle::game
