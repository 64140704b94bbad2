#include <gtest/gtest.h>

#include <vector>

#include "flip/flip_bench.h"
#include "flip/flip_rules.h"

namespace jungle::flip {
namespace {

TEST(FlipBench, ThePositionsAndTheSearchesNodesArePinned) {
  // The bench's node counts are the flip searches' signature: a change that
  // makes a node cheaper leaves them as they are (docs/flip.md, "Speed").
  const FlipRulesPtr rules = load_flip_rules("flip");
  const std::vector<FlipPosition> positions = flip_bench_positions(rules);
  ASSERT_EQ(positions.size(), 36u);
  EXPECT_EQ(positions.front().fen(), FlipPosition::start_fen(*rules));
  EXPECT_EQ(positions.back().fen(), "p1d?/1DPe/t1E1/WTCw b R 1 13");
  const std::vector<FlipPosition> some(positions.begin() + 20, positions.begin() + 26);
  FlipLimits limits;
  limits.nodes = 2000;
  const FlipBenchResult r = flip_bench(some, limits);
  EXPECT_EQ(r.positions, 6);
  EXPECT_EQ(r.engine.nodes, 12013u);
  EXPECT_EQ(r.pimc.nodes, 12076u);
  EXPECT_GT(r.engine.seconds, 0);
}

}  // namespace
}  // namespace jungle::flip
