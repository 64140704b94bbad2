// The bench's positions (search/bench_positions.h): valid under the rule set
// each names, and covering rules the standard ones never reach.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/movegen.h"
#include "core/variants.h"
#include "search/bench_positions.h"

namespace jungle {
namespace {

TEST(BenchPositions, EachIsAGameInProgressUnderItsRuleSet) {
  for (const BenchPosition& p : kBenchPositions) {
    SCOPED_TRACE(std::string(p.variant) + ": " + std::string(p.fen));
    const Position pos = Position::from_fen(p.fen, load_variant(p.variant));
    EXPECT_EQ(pos.fen(), p.fen);  // written as the engine writes it
    EXPECT_EQ(pos.terminal_state(), GameResult::kOngoing);
    EXPECT_FALSE(generate_moves(pos).empty());
  }
}

TEST(BenchPositions, CoverBushDrowningDenFoodAndTheOpenBoard) {
  std::multiset<std::string> variants;
  for (const BenchPosition& p : kBenchPositions) variants.emplace(p.variant);
  EXPECT_EQ(variants.size(), 49u);
  EXPECT_EQ(variants.count("standard"), 38u);
  EXPECT_EQ(variants.count("bush"), 3u);
  EXPECT_EQ(variants.count("anti-draw"), 3u);
  EXPECT_EQ(variants.count("animal-checkers-7x9"), 3u);
  EXPECT_EQ(variants.count("animal-checkers"), 2u);
  // The ones chosen for it reach the rules they stand for.
  EXPECT_GT(load_variant("anti-draw")->rules().water_turn_limit, 0);
  EXPECT_GT(load_variant("anti-draw")->rules().den_food_limit, 0);
  EXPECT_FALSE(load_variant("animal-checkers")->water());
  EXPECT_EQ(load_variant("animal-checkers")->geometry(), Geometry(7, 7));
}

// The bench sets the rules only when they change: one run per rule set.
TEST(BenchPositions, PositionsOfOneRuleSetSitTogether) {
  std::set<std::string> finished;
  std::string current;
  for (const BenchPosition& p : kBenchPositions) {
    if (p.variant == current) continue;
    EXPECT_EQ(finished.count(std::string(p.variant)), 0u) << p.variant << " comes back";
    finished.insert(current);
    current = p.variant;
  }
}

}  // namespace
}  // namespace jungle
