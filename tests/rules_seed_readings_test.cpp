// The rule readings of issue 13 that earlier had no option: a trapped piece
// reduced to rank 0, an Elephant that never takes the Rat, and captures
// across the water's edge one direction at a time (docs/rule-details.md).

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/variants.h"
#include "rules_test_util.h"

namespace jungle {
namespace {

using test::check_cases;
using test::fen_pos;
using test::moves_from;
using test::rules_with;
using test::sorted;
using V = std::vector<std::string>;

std::string issue_text(std::string_view toml) {
  try {
    parse_rules(toml, "test.toml");
  } catch (const VariantError& e) {
    std::string text;
    for (const VariantIssue& i : e.issues()) text += i.message + "\n";
    return text;
  }
  return "";
}

// ------------------------------------------------------------ trapped_rank

TEST(RulesTrappedRank, DefenceKeepsTheAttackOfATrappedPiece) {
  check_cases(RuleSet::standard(),
              {
                  // Blue Lion on d8, Red's trap, still takes the Red Cat.
                  {"7/3L3/3c3/7/7/7/7/7/7 w", "d8", {"d8c8", "d8d7", "d8d9", "d8e8"}},
                  // Blue Rat on d8 still takes the Red Elephant.
                  {"7/3R3/3e3/7/7/7/7/7/7 w", "d8", {"d8c8", "d8d7", "d8d9", "d8e8"}},
              });
}

TEST(RulesTrappedRank, ZeroTakesNothingAboveRankZero) {
  auto rules = rules_with([](Rules& r) { r.trapped_rank = TrappedRank::kZero; });
  check_cases(rules, {
                         {"7/3L3/3c3/7/7/7/7/7/7 w", "d8", {"d8c8", "d8d9", "d8e8"}},
                         // Not even the Rat-takes-Elephant exception survives.
                         {"7/3R3/3e3/7/7/7/7/7/7 w", "d8", {"d8c8", "d8d9", "d8e8"}},
                         // Red on Blue's trap d2 likewise.
                         {"7/7/7/7/7/7/3C3/3l3/7 b", "d2", {"d2c2", "d2e2", "d2d1"}},
                         // Off the trap the Lion has its full rank again.
                         {"7/7/3Lc2/7/7/7/7/7/7 w", "d7", {"d7c7", "d7d6", "d7d8", "d7e7"}},
                     });
  EXPECT_EQ(rules->rules().trapped_rank, TrappedRank::kZero);
}

TEST(RulesTrappedRank, ZeroStillTakesRankZeroAndPiecesOnTraps) {
  auto rules = rules_with([](Rules& r) {
    r.trapped_rank = TrappedRank::kZero;
    r.traps = TrapRule::kAllTrapsWeaken;
    r.rank[kCat] = 0;
  });
  check_cases(rules, {
                         // The Cat has rank 0, the Rat rank 1.
                         {"7/3Lr2/3c3/7/7/7/7/7/7 w", "d8", {"d8c8", "d8d7", "d8d9"}},
                         // Universal traps weaken the Red Dog on its own trap
                         // d8: it may no longer take the Blue Rat.
                         {"7/3d3/3R3/7/7/7/7/7/7 b", "d8", {"d8c8", "d8e8"}},
                     });
}

TEST(RulesTrappedRank, FileKey) {
  EXPECT_EQ(parse_rules("[traps]\ntrapped_rank = \"zero\"\n", "t.toml").trapped_rank,
            TrappedRank::kZero);
  EXPECT_EQ(parse_rules("", "t.toml").trapped_rank, TrappedRank::kDefence);
  EXPECT_EQ(issue_text("[traps]\ntrapped_rank = \"none\"\n"),
            "unknown value 'none' for [traps] trapped_rank (expected \"defence\" or \"zero\")\n");
}

// ------------------------------------------------- elephant_never_takes_rat

TEST(RulesElephantNeverTakesRat, NotEvenOnATrap) {
  // The Red Rat on d2, Blue's trap, next to the Blue Elephant on d3.
  const char* fen = "7/7/7/7/7/7/3E3/3r3/7 w";
  check_cases(RuleSet::standard(), {{fen, "d3", {"d3c3", "d3d2", "d3d4", "d3e3"}}});
  auto rules = rules_with([](Rules& r) { r.elephant_never_takes_rat = true; });
  check_cases(rules, {
                         {fen, "d3", {"d3c3", "d3d4", "d3e3"}},
                         // The Rat still takes the Elephant.
                         {"7/7/7/7/7/7/3e3/3R3/7 w", "d2", {"d2c2", "d2d3", "d2e2"}},
                     });
}

TEST(RulesElephantNeverTakesRat, ContradictsElephantTakesRat) {
  Rules r;
  r.elephant_takes_rat = true;
  r.elephant_never_takes_rat = true;
  try {
    RuleSet::make(r);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "elephant_takes_rat and elephant_never_takes_rat contradict each other (set at "
                 "most one)");
  }
  EXPECT_EQ(issue_text("[capture]\nelephant_takes_rat = true\nelephant_never_takes_rat = true\n"),
            "[capture] elephant_takes_rat and elephant_never_takes_rat are both true; set at most "
            "one\n");
  EXPECT_TRUE(parse_rules("[capture]\nelephant_never_takes_rat = true\n", "t.toml")
                  .elephant_never_takes_rat);
}

// -------------------------------------------------- the water's edge, per way

// A Blue Rat in the water at c4 with a Red Rat on land at c3, and the reverse.
constexpr const char* kFromWater = "7/7/7/7/7/2R4/2r4/7/7 w";
constexpr const char* kFromLand = "7/7/7/7/7/2r4/2R4/7/7 w";

TEST(RulesWaterEdge, WaterToLandOnly) {
  auto rules = rules_with([](Rules& r) { r.capture_water_to_land = true; });
  check_cases(rules, {
                         {kFromWater, "c4", {"c4b4", "c4c3", "c4c5", "c4d4"}},
                         {kFromLand, "c3", {"c3b3", "c3c2", "c3d3"}},
                         {"7/7/7/7/7/2Re3/7/7/7 w", "c4", {"c4b4", "c4c3", "c4c5"}},
                     });
  auto elephant = rules_with([](Rules& r) {
    r.capture_water_to_land = true;
    r.rat_takes_elephant_from_water = true;
  });
  check_cases(elephant, {{"7/7/7/7/7/2Re3/7/7/7 w", "c4", {"c4b4", "c4c3", "c4c5", "c4d4"}}});
}

TEST(RulesWaterEdge, LandToWaterOnly) {
  auto rules = rules_with([](Rules& r) { r.capture_land_to_water = true; });
  check_cases(rules, {
                         {kFromWater, "c4", {"c4b4", "c4c5", "c4d4"}},
                         {kFromLand, "c3", {"c3b3", "c3c2", "c3c4", "c3d3"}},
                     });
}

TEST(RulesWaterEdge, OldKeySetsBothWays) {
  Rules both = parse_rules("[capture]\nacross_water_edge = true\n", "t.toml");
  EXPECT_TRUE(both.capture_water_to_land);
  EXPECT_TRUE(both.capture_land_to_water);
  Rules one = parse_rules("[capture]\nland_to_water = true\n", "t.toml");
  EXPECT_FALSE(one.capture_water_to_land);
  EXPECT_TRUE(one.capture_land_to_water);
  // Keys apply in file order: the later one wins.
  Rules later =
      parse_rules("[capture]\nacross_water_edge = true\nwater_to_land = false\n", "t.toml");
  EXPECT_FALSE(later.capture_water_to_land);
  EXPECT_TRUE(later.capture_land_to_water);
}

}  // namespace
}  // namespace jungle
