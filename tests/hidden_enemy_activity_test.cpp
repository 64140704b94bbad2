// The enemy's activity learnt from its games (hidden_search/enemy_activity.h):
// how often each animal moves while the player does not know it, against
// the share it would have if every unknown piece moved alike.

#include <gtest/gtest.h>

#include <sstream>

#include "hidden_search/enemy_activity.h"
#include "hidden_test_util.h"

namespace jungle {
namespace {

TEST(EnemyActivity, CountsTheMoversAnimalAgainstAnEvenShareOfTheUnknownPieces) {
  const RuleSetPtr rules = test::hidden_rules();
  // Red's Cat d6 and Elephant a9, Blue's Lion d5 and Elephant g1, all
  // unknown to the other side. Red's Cat moves twice, Blue's Elephant
  // once, then Blue's Lion takes nothing and Red's Elephant moves.
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  for (const char* move : {"d6d7", "g1g2", "d7d8", "d5d4", "a9a8"})
    ASSERT_EQ(test::try_move(game, move), move);

  // Blue's view of Red: three moves of Red's two unknown pieces, each
  // move a half share to the Cat and to the Elephant. The Cat moved twice
  // (1.5 shares): (2 + 1) / (1.5 + 1) = 1.2; the Elephant once: (1 + 1) /
  // (1.5 + 1) = 0.8; an animal Red does not have, 1.
  hidden::ActivityTally blue;
  blue.add(game, kBlue);
  EXPECT_EQ(blue.moves(), 3);
  hidden::AnimalWeights a = blue.activity();
  EXPECT_DOUBLE_EQ(a[kCat], 1.2);
  EXPECT_DOUBLE_EQ(a[kElephant], 0.8);
  EXPECT_DOUBLE_EQ(a[kTiger], 1.0);
  std::ostringstream out;
  blue.print(out);
  EXPECT_EQ(out.str(),
            "enemy activity: R 1.00 C 1.20 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 0.80 (3 moves of "
            "unknown pieces)\n");

  // Red's view of Blue: the Elephant's move and the Lion's, a half share
  // each to both. A second game adds to the counts.
  hidden::ActivityTally red;
  red.add(game, kRed);
  red.add(game, kRed);
  EXPECT_EQ(red.moves(), 4);
  a = red.activity();
  EXPECT_DOUBLE_EQ(a[kLion], 1.0);
  EXPECT_DOUBLE_EQ(a[kElephant], 1.0);
}

TEST(EnemyActivity, APieceWhoseAnimalIsKnownDoesNotCount) {
  const RuleSetPtr rules = test::hidden_rules();
  // Red's Elephant moves (counted), Blue's Lion takes Red's Cat d6 (both
  // shown), and Red's Elephant, the one piece left, is known to Blue by
  // elimination: its next move does not count.
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  ASSERT_EQ(test::try_move(game, "a9a8"), "a9a8");
  ASSERT_EQ(test::try_move(game, "d5d6"), "d5d6:took=Lc");
  ASSERT_EQ(test::try_move(game, "a8a7"), "a8a7");
  hidden::ActivityTally blue;
  blue.add(game, kBlue);
  EXPECT_EQ(blue.moves(), 1);
  const hidden::AnimalWeights a = blue.activity();
  EXPECT_DOUBLE_EQ(a[kElephant], (1 + 1) / (0.5 + 1));
  EXPECT_DOUBLE_EQ(a[kCat], 1 / (0.5 + 1));
}

}  // namespace
}  // namespace jungle
