// The bench's node count is the search's signature (docs/engine.md): it moves
// only when the search's behaviour does, and then the commit says the new
// value as "Bench: N" (scripts/check_bench.sh compares the two in CI).

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "protocol/uci.h"
#include "search/pick_best.h"

namespace jungle {
namespace {

// Update together with the "Bench: N" line of the commit that changes it.
constexpr uint64_t kBenchSignature = 4519333;

TEST(BenchSignature, MatchesThePinnedNodeCount) {
  const BenchResult result = run_bench(kDefaultBenchDepth, [](const std::string&) {});
  EXPECT_EQ(result.nodes, kBenchSignature)
      << "the search's behaviour changed: if that is intended, set kBenchSignature to "
      << result.nodes << " and write 'Bench: " << result.nodes << "' in the commit message";
}

// The search tries its moves in the order pick_best gives, the first of the
// highest scores; the vectorised pick must give the same index as the plain
// two passes, or ties among quiet moves would reorder and the signature move.
TEST(BenchSignature, PickBestTakesTheFirstOfTheHighestScores) {
  // Indices:           0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19
  const int scores[] = {3, 9, 1, 9, 0, 2, 9, 4, 5, 5, 7, 7, 1, 8, 8, 2, 6, 6, 3, 3};
  EXPECT_EQ(pick_best(scores, 0, 20), 1);
  EXPECT_EQ(pick_best(scores, 2, 20), 3);
  EXPECT_EQ(pick_best(scores, 4, 20), 6);
  EXPECT_EQ(pick_best(scores, 7, 20), 13);   // 13 items: the last block overlaps
  EXPECT_EQ(pick_best(scores, 14, 20), 14);  // fewer than a block
  EXPECT_EQ(pick_best(scores, 15, 16), 15);
  EXPECT_EQ(pick_best(scores, 8, 16), 13);  // one whole block
  EXPECT_EQ(pick_best(scores, 8, 17), 13);  // the last block sees 13 and 14 again
}

TEST(BenchSignature, PickBestAgreesWithThePlainPassesOnEveryRange) {
  std::mt19937 random(35);
  for (int size = 1; size <= 128; ++size) {
    // Few distinct values, as history scores of untried quiet moves tie.
    std::uniform_int_distribution<int> value(-3, 3);
    std::vector<int> scores(size);
    for (int& s : scores) s = value(random) * (1 << 26);
    for (int begin = 0; begin < size; ++begin) {
      ASSERT_EQ(pick_best(scores.data(), begin, size), pick_best_scalar(scores.data(), begin, size))
          << "size " << size << ", begin " << begin;
    }
  }
}

}  // namespace
}  // namespace jungle
