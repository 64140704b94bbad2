// The rules in sentences (core/rules_summary.h): the standard set word for
// word, and the sentences that change with the options.
#include "core/rules_summary.h"

#include <gtest/gtest.h>

#include "core/variants.h"

namespace jungle {
namespace {

std::vector<std::string> summary_of(const std::string& name) {
  return rules_summary(*RuleSet::make(builtin_rules(name)));
}

TEST(RulesSummary, StandardRulesInWords) {
  const std::vector<std::string> expected = {
      "The board has 7 files and 9 ranks, with 12 squares of water.",
      "Blue's den is d1, Red's d9. A piece that enters the enemy's den wins the game; taking "
      "every enemy piece wins too.",
      "Ranks, strongest first: Elephant 8, Lion 7, Tiger 6, Leopard 5, Wolf 4, Dog 3, Cat 2, Rat "
      "1. Every piece moves one square up, down, left or right.",
      "A piece takes an enemy of the same or a lower rank by moving onto it. The Rat takes the "
      "Elephant. The Elephant may not take the Rat (except on a trap).",
      "Only the Rat swims; the others may not enter the water. No capture crosses the water's "
      "edge, either way.",
      "Jumps: the Lion and Tiger across the water either way, in a straight line to the first "
      "square of land; a piece in the water in between blocks the jump.",
      "Traps: c1, e1 and d2 beside Blue's den, d8, c9 and e9 beside Red's. A piece on one of its "
      "enemy's traps may be taken by every enemy piece, whatever its rank.",
      "A piece may not enter its own den.",
      "A side that cannot move loses. The game is drawn after 200 turns in a row (either side's) "
      "without a capture, or when a position occurs the third time.",
  };
  EXPECT_EQ(summary_of("standard"), expected);
}

TEST(RulesSummary, AnimalCheckersHasNoWaterNorTraps) {
  const std::vector<std::string> s = summary_of("animal-checkers");
  ASSERT_GE(s.size(), 4u);
  EXPECT_EQ(s[0], "The board has 7 files and 7 ranks and no water.");
  EXPECT_EQ(s[1].substr(0, 28), "Blue's den is d1, Red's d7. ");
  EXPECT_EQ(s[2],
            "Ranks, strongest first: Elephant 8, Tiger 6, Dog 3, Rat 1. Every piece moves one "
            "square up, down, left or right.");
  EXPECT_EQ(s[3],
            "A piece takes an enemy of the same or a lower rank by moving onto it. The Rat takes "
            "the Elephant. The Elephant may never take the Rat.");
  for (const std::string& line : s) {
    EXPECT_NE(line.rfind("Only the", 0), 0u) << line;  // nothing about swimming
    EXPECT_NE(line.rfind("Traps", 0), 0u) << line;
    EXPECT_NE(line.rfind("Jumps", 0), 0u) << line;
  }
}

}  // namespace
}  // namespace jungle
