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
  // By context: the Cat's two moves took it farther from Blue's pieces
  // (d6d7 from the Lion d5, d7d8 from the Lion d5 and the Elephant g2), a
  // half share each to the Cat and the Elephant: the Cat (2 + 1) / (1 + 1)
  // = 1.5, the Elephant 1 / 2; the Elephant's a9a8 took it closer to the
  // Lion d4 (8 steps, then 7): the Elephant 2 / 1.5, the Cat 1 / 1.5.
  EXPECT_EQ(blue.moves(hidden::MoveContext::kFarther), 2);
  EXPECT_EQ(blue.moves(hidden::MoveContext::kCloser), 1);
  EXPECT_EQ(blue.moves(hidden::MoveContext::kBeside), 0);
  EXPECT_DOUBLE_EQ(blue.activity(hidden::MoveContext::kFarther)[kCat], 1.5);
  EXPECT_DOUBLE_EQ(blue.activity(hidden::MoveContext::kFarther)[kElephant], 0.5);
  EXPECT_DOUBLE_EQ(blue.activity(hidden::MoveContext::kCloser)[kElephant], 2 / 1.5);
  EXPECT_DOUBLE_EQ(blue.activity(hidden::MoveContext::kCloser)[kCat], 1 / 1.5);
  EXPECT_EQ(out.str(),
            "enemy activity: R 1.00 C 1.20 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 0.80 (3 moves of "
            "unknown pieces)\n"
            "  beside: R 1.00 C 1.00 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 1.00 (0 moves)\n"
            "  closer: R 1.00 C 0.67 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 1.33 (1 move)\n"
            "  level: R 1.00 C 1.00 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 1.00 (0 moves)\n"
            "  farther: R 1.00 C 1.50 D 1.00 W 1.00 P 1.00 T 1.00 L 1.00 E 0.50 (2 moves)\n");

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

TEST(EnemyActivity, AMovesContextIsWhereItTakesThePieceFromItsEnemies) {
  // Red's Cat d7 is two steps from Blue's Lion b7 and three from Blue's
  // Elephant f8. Steps along files and ranks to the nearest enemy, before
  // and after the move, decide the context, for either side's pieces.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("7/5E1/1L1c3/7/7/7/7/7/7 b 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  auto context = [&](std::string_view text) {
    return hidden::move_context(view, *view.rule_set().geometry().parse_move_text(text));
  };
  EXPECT_EQ(context("d7c7"), hidden::MoveContext::kBeside);  // one step from the Lion
  EXPECT_EQ(context("d7e7"), hidden::MoveContext::kLevel);  // 2 from the Elephant, as from the Lion
  EXPECT_EQ(context("d7d8"), hidden::MoveContext::kLevel);  // 2 from the Elephant
  EXPECT_EQ(context("d7d6"), hidden::MoveContext::kFarther);  // 3 from the Lion
  EXPECT_EQ(context("f8e8"), hidden::MoveContext::kCloser);   // Blue's Elephant: 3, then 2
  EXPECT_EQ(context("f8f9"), hidden::MoveContext::kFarther);  // 3, then 4
  EXPECT_EQ(context("b7c7"), hidden::MoveContext::kBeside);   // Blue's Lion beside the Cat
  EXPECT_STREQ(hidden::context_name(hidden::MoveContext::kCloser), "closer");
}

}  // namespace
}  // namespace jungle
