#pragma once

#include <cstdint>
#include <vector>

#include "flip/flip_position.h"
#include "flip/flip_search.h"

// The flip searches' speed on a fixed set of positions: the engine's
// search (FlipSearcher, default options) and PIMC's (FlipPimcSearcher) at
// one node budget each, one thread, CPU time. The node counts are the
// searches' signature: a change that makes a node cheaper without changing
// the tree leaves them as they were (docs/flip.md, "Speed").

namespace jungle::flip {

// The bench's positions: seeded random play from the set's start, 0 to 24
// plies in (a game that ends sooner stops one ply before its end).
std::vector<FlipPosition> flip_bench_positions(const FlipRulesPtr& rules, int count = 36);

struct FlipBenchFigures {
  uint64_t nodes = 0;
  double seconds = 0;       // CPU time of the searches alone
  double wall_seconds = 0;  // and the time they took
  double nodes_per_second() const { return seconds > 0 ? double(nodes) / seconds : 0; }
};

struct FlipBenchResult {
  int positions = 0;
  FlipBenchFigures engine, pimc;
};

// Each position searched by the engine and by PIMC (seed 1), one searcher
// of each for the whole set, at `limits` (nodes, or a move time: then the CPU time each
// takes for a move, its overshoot and its set-up included, is the figure).
FlipBenchResult flip_bench(const std::vector<FlipPosition>& positions, const FlipLimits& limits);

}  // namespace jungle::flip
