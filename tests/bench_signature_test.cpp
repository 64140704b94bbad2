// The bench's node count is the search's signature (docs/engine.md): it moves
// only when the search's behaviour does, and then the commit says the new
// value as "Bench: N" (scripts/check_bench.sh compares the two in CI).

#include <gtest/gtest.h>

#include <string>

#include "protocol/uci.h"

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

}  // namespace
}  // namespace jungle
