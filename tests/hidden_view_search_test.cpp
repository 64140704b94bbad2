// The search over a hidden game's view (hidden_search/view_search.h): its
// evaluation, the chances of an attack, chance nodes valued exactly, and
// the choices they lead to.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/movegen.h"
#include "core/variants.h"
#include "hidden/setup.h"
#include "hidden_search/hidden_search.h"
#include "hidden_search/view_search.h"
#include "hidden_test_util.h"
#include "search/evaluation.h"

namespace jungle {
namespace {

Move parse(const hidden::PlayerView& view, std::string_view text) {
  return *view.rule_set().geometry().parse_move_text(text);
}

TEST(ViewSearch, EvaluatesAKnownViewAsTheOpenEvaluation) {
  // With a fixed set-up every animal is known: the view's evaluation is the
  // open game's, term by term, all along random games.
  const RuleSetPtr rules =
      test::hidden_rules(HiddenReveal::kBoth, FailedAttack::kAttackerDies, HiddenSetup::kFixed);
  const Evaluator open(*rules);
  hidden::ViewSearch search;
  std::mt19937_64 rng(7);
  int compared = 0;
  for (int game_index = 0; game_index < 6; ++game_index) {
    hidden::HiddenGame game(Position(rules), "x-hidden");
    for (int ply = 0; ply < 80 && !game.over(); ++ply) {
      const hidden::PlayerView& view = game.view(game.side_to_move());
      ASSERT_EQ(search.evaluate(view), open.evaluate(game.truth())) << game.truth().fen();
      ++compared;
      const MoveList tries = view.legal_moves();
      game.play(tries[std::uniform_int_distribution<int>(0, tries.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(compared, 200);
}

TEST(ViewSearch, AnUnknownPieceIsValuedAsTheMeanOverItsAnimals) {
  // Red's pieces on a9 and d6 are a Rat and a Dog, Blue does not know which
  // is which: the evaluation is the mean of the two arrangements'.
  const RuleSetPtr rules = test::hidden_rules();
  const Evaluator open(*rules);
  hidden::ViewSearch search;
  const hidden::HiddenGame game = test::hidden_game_at("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  ASSERT_EQ(test::candidates_on(game.view(kBlue), "d6"), "RD");
  const int one = open.evaluate(Position::from_fen("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules));
  const int other = open.evaluate(Position::from_fen("r6/7/7/3d3/3C3/7/7/7/6E w 0 1", rules));
  EXPECT_NEAR(search.evaluate(game.view(kBlue)), (one + other) / 2.0, 1.0);
}

TEST(ViewSearch, TheChancesOfAnAttackComeFromTheBelief) {
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  // d6 is the Rat or the Dog: a Cat takes one of them.
  const hidden::HiddenGame two = test::hidden_game_at("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  const hidden::AttackOdds half = search.odds(two.view(kBlue), parse(two.view(kBlue), "d5d6"));
  EXPECT_DOUBLE_EQ(half.took, 0.5);
  EXPECT_DOUBLE_EQ(half.failed, 0.5);
  // Three pieces, the Rat, Cat and Dog: the Cat takes the Rat and the Cat
  // (equal ranks), not the Dog.
  const hidden::HiddenGame three = test::hidden_game_at("d5c/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  const hidden::AttackOdds odds = search.odds(three.view(kBlue), parse(three.view(kBlue), "d5d6"));
  EXPECT_NEAR(odds.took, 2.0 / 3.0, 1e-6);
  // The Elephant takes anything but the Rat.
  const hidden::HiddenGame big = test::hidden_game_at("d5c/7/7/3r3/3E3/7/7/7/6C w 0 1", rules);
  EXPECT_NEAR(search.odds(big.view(kBlue), parse(big.view(kBlue), "d5d6")).took, 2.0 / 3.0, 1e-6);
}

TEST(ViewSearch, AChanceNodeIsTheWeightedSumOfItsOutcomes) {
  // The Cat on d5 attacks d6, the Rat or the Dog. Each outcome leaves a
  // view that knows every Red animal (the other piece is the other one);
  // nothing can be taken after it, so one ply values each outcome by the
  // evaluation of the view the game would give, and the attack by their
  // mean as expected results.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  hidden::HiddenGame took = test::hidden_game_at("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  hidden::HiddenGame died = test::hidden_game_at("r6/7/7/3d3/3C3/7/7/7/6E w 0 1", rules);
  const hidden::PlayerView before = took.view(kBlue);
  ASSERT_EQ(before.fen(), died.view(kBlue).fen());
  ASSERT_EQ(test::try_move(took, "d5d6"), "d5d6:took=Cr");
  ASSERT_EQ(test::try_move(died, "d5d6"), "d5d6:died=Cd");
  const int after_took = search.evaluate(took.view(kBlue));
  const int after_died = search.evaluate(died.view(kBlue));
  const double mean =
      0.5 * hidden::tree_utility(-after_took) + 0.5 * hidden::tree_utility(-after_died);
  EXPECT_EQ(search.value_of(before, parse(before, "d5d6"), 1), hidden::tree_score(mean));
  // The scale is the worlds' (expected_result): 400 centipawns a factor of ten.
  EXPECT_DOUBLE_EQ(hidden::tree_utility(400), 10.0 / 11.0);
  EXPECT_EQ(hidden::tree_score(10.0 / 11.0), 400);
  EXPECT_EQ(hidden::tree_score(0.5), 0);
}

TEST(ViewSearch, AChanceToWinIsWorthItsChanceNotAShareOfTheWin) {
  // The Cat on d5 takes d6 one time in three (the Rat; else the Tiger or
  // Lion takes it), and then runs into Red's den: a win one time in three.
  // Averaged as centipawns that chance would outweigh anything (a third of
  // a win's score); as expected results it does not, and the Cat steps
  // back, Blue being ahead.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("t5l/7/7/3r3/3C3/7/7/7/TL4E w 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  hidden::ViewSearch search;
  hidden::ViewSearchLimits limits;
  limits.depth = 6;
  const hidden::ViewSearchResult r = search.search(view, limits);
  EXPECT_NE(r.best, parse(view, "d5d6"));
  const int gamble = search.value_of(view, parse(view, "d5d6"), 6);
  EXPECT_LT(gamble, r.score);
  EXPECT_LT(gamble, kMateBound);
}

TEST(ViewSearch, AKnownCaptureIsValuedExactly) {
  // Red's Dog takes the Rat on a5 and is shown; d6 is then the Rat. The
  // Cat's capture has one outcome, valued by the view after it.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  hidden::HiddenGame game = test::hidden_game_at("7/7/7/d2r3/R2C3/7/7/7/6E b 0 1", rules);
  ASSERT_EQ(test::try_move(game, "a6a5"), "a6a5:took=dR");
  const hidden::PlayerView before = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(before, "d6"), "R");
  EXPECT_DOUBLE_EQ(search.odds(before, parse(before, "d5d6")).took, 1.0);
  ASSERT_EQ(test::try_move(game, "d5d6"), "d5d6:took=Cr");
  EXPECT_EQ(search.value_of(before, parse(before, "d5d6"), 1), -search.evaluate(game.view(kBlue)));
}

TEST(ViewSearch, TakesAnAttackThatWinsOnAverage) {
  // Red's three pieces are the Cat, Dog and Elephant in some order: the
  // Rat on d5 takes d6 one time in three (the Elephant), and dies the other
  // two, which the Elephant's worth outweighs.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("c5d/7/7/3e3/3R3/7/7/7/6E w 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  hidden::ViewSearch search;
  ASSERT_NEAR(search.odds(view, parse(view, "d5d6")).took, 1.0 / 3.0, 1e-6);
  hidden::ViewSearchLimits limits;
  limits.depth = 4;
  const hidden::ViewSearchResult r = search.search(view, limits);
  EXPECT_EQ(r.best, parse(view, "d5d6"));
  EXPECT_EQ(r.depth, 4);
  EXPECT_EQ(search.value_of(view, parse(view, "d5d6"), 4), r.score);
  EXPECT_GT(r.score, search.value_of(view, parse(view, "d5c5"), 4));
  EXPECT_GT(r.score, search.value_of(view, parse(view, "g1f1"), 4));
}

TEST(ViewSearch, DeclinesAnAttackThatLosesOnAverage) {
  // Five Red pieces, the Cat, Wolf, Tiger, Dog and Elephant, against
  // Blue's four: the Rat takes d6 one time in five, too seldom for the Rat
  // it loses the other four.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game =
      test::hidden_game_at("c1w1t1d/7/7/3e3/3R3/7/7/7/TL4E w 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  hidden::ViewSearch search;
  ASSERT_NEAR(search.odds(view, parse(view, "d5d6")).took, 0.2, 1e-6);
  hidden::ViewSearchLimits limits;
  limits.depth = 4;
  const hidden::ViewSearchResult r = search.search(view, limits);
  EXPECT_NE(r.best, parse(view, "d5d6"));
  EXPECT_EQ(search.value_of(view, r.best, 4), r.score);
  EXPECT_LT(search.value_of(view, parse(view, "d5d6"), 4), r.score);
}

// The review's path (ViewSearchLimits::exact_root, asked for by MultiPV >
// 1): every root move is searched with a full window, so each score is the
// move's value, as value_of gives it, and not a bound below the best. The
// position is the one above, with four tries at least one of which is worse
// than the best; without exact_root such a try keeps only its bound.
TEST(ViewSearch, TheReviewsPathValuesEveryTryExactly) {
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game =
      test::hidden_game_at("c1w1t1d/7/7/3e3/3R3/7/7/7/TL4E w 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  constexpr int kDepth = 3;
  auto scores_of = [&](bool exact) {
    hidden::ViewSearch search;
    hidden::ViewSearchLimits limits;
    limits.depth = kDepth;
    limits.exact_root = exact;
    return search.search(view, limits);
  };
  hidden::ViewSearch valuer;
  const hidden::ViewSearchResult exact = scores_of(true);
  ASSERT_EQ(exact.depth, kDepth);
  ASSERT_EQ(exact.scores.size(), view.legal_moves().size());
  for (const auto& [m, score] : exact.scores) {
    EXPECT_EQ(score, valuer.value_of(view, m, kDepth)) << view.rule_set().geometry().move_text(m);
  }
  EXPECT_EQ(exact.scores.front().second, exact.score);

  // The same search with null windows: the best is the same, and some try
  // below it keeps a bound that is not its value.
  const hidden::ViewSearchResult bounded = scores_of(false);
  EXPECT_EQ(bounded.best, exact.best);
  EXPECT_EQ(bounded.score, exact.score);
  int bounds = 0;
  for (const auto& [m, score] : bounded.scores) {
    if (score != valuer.value_of(view, m, kDepth)) ++bounds;
  }
  EXPECT_GT(bounds, 0) << "without exact_root some try should keep only its bound";
}

TEST(ViewSearch, AnAttackNoArrangementAllowsIsNoMove) {
  // The piece on d6 is the Panther (the only Red piece): the Rat cannot
  // take it, so attacking is never searched; the view would not allow it.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("7/7/7/3p3/3R3/7/7/7/6E w 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  hidden::ViewSearch search;
  EXPECT_DOUBLE_EQ(search.odds(view, parse(view, "d5d6")).took, 0.0);
  EXPECT_FALSE(view.legal_moves().contains(parse(view, "d5d6")));
  hidden::ViewSearchLimits limits;
  limits.depth = 3;
  const hidden::ViewSearchResult r = search.search(view, limits);
  EXPECT_EQ(r.scores.size(), size_t(view.legal_moves().size()));
  EXPECT_TRUE(view.legal_moves().contains(r.best));
}

TEST(ViewSearch, AGuessingEnemyAttacksAnUnshownPieceByWhatItMayBe) {
  // Red's d6 and a9 are its Rat and Cat, Blue does not know which is
  // which; Blue's Elephant d5 and Rat g1 are unshown, so Red (the guesser,
  // OpponentModel::kGuessing) takes d5 for either. Its Rat takes both and
  // attacks, and takes the Elephant; its Cat takes only a Rat, so it
  // attacks one time in two and dies on the Elephant: took 1/2 * 1,
  // failed 1/2 * 1/2.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  const hidden::HiddenGame game = test::hidden_game_at("c6/7/7/3r3/3E3/7/7/7/6R b 0 1", rules);
  const hidden::PlayerView view = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(view, "d6"), "RC");
  const hidden::AttackOdds odds = search.guessed_attack(view, parse(view, "d6d5"));
  EXPECT_DOUBLE_EQ(odds.took, 0.5);
  EXPECT_DOUBLE_EQ(odds.failed, 0.25);
}

TEST(ViewSearch, AGuessingEnemyAttacksAShownPieceKnowingIt) {
  // Blue's Elephant takes the Dog on d5 and is shown: Red's Rat (d6 or
  // a9, one time in two) attacks it knowing it takes, its Cat never.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  hidden::HiddenGame game = test::hidden_game_at("c6/7/7/3r3/3d3/3E3/7/7/6R w 0 1", rules);
  ASSERT_EQ(test::try_move(game, "d4d5"), "d4d5:took=Ed");
  const hidden::PlayerView view = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(view, "d6"), "RC");
  const hidden::AttackOdds odds = search.guessed_attack(view, parse(view, "d6d5"));
  EXPECT_DOUBLE_EQ(odds.took, 0.5);
  EXPECT_DOUBLE_EQ(odds.failed, 0.0);
}

TEST(ViewSearch, AGuessingEnemysAttackIsMixedWithItsBestOtherMove) {
  // As in AGuessingEnemyAttacksAnUnshownPieceByWhatItMayBe, Blue to move:
  // after g1g2 Red's d6 attacks the unshown Elephant 3/4 of the time (its
  // Rat always, its Cat on a wrong guess one time in two), and takes it 2/3
  // of those; otherwise it stands (nothing else to take). Two plies: each
  // outcome is the evaluation of the view the game would give, mixed as
  // expected results, against Red's standing pat.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame took = test::hidden_game_at("c6/7/7/3r3/3E3/7/7/7/6R w 0 1", rules);
  hidden::HiddenGame died = test::hidden_game_at("r6/7/7/3c3/3E3/7/7/7/6R w 0 1", rules);
  const hidden::PlayerView before = took.view(kBlue);
  ASSERT_EQ(before.fen(), died.view(kBlue).fen());
  hidden::ViewSearchOptions options;
  options.opponent = hidden::OpponentModel::kGuessing;
  hidden::ViewSearch search(options);
  ASSERT_EQ(test::try_move(took, "g1g2"), "g1g2");
  ASSERT_EQ(test::try_move(died, "g1g2"), "g1g2");
  const int stand = search.evaluate(took.view(kBlue));  // for Red, to move
  ASSERT_EQ(test::try_move(took, "d6d5"), "d6d5:took=rE");
  ASSERT_EQ(test::try_move(died, "d6d5"), "d6d5:died=cE");
  const double p_took = double(float(2.0 / 3.0));
  const int attack =
      hidden::tree_score(p_took * hidden::tree_utility(-search.evaluate(took.view(kBlue))) +
                         (1 - p_took) * hidden::tree_utility(-search.evaluate(died.view(kBlue))));
  const int mixed =
      hidden::tree_score(0.75 * hidden::tree_utility(attack) + 0.25 * hidden::tree_utility(stand));
  ASSERT_GT(mixed, stand);  // Red attacks
  EXPECT_EQ(search.value_of(before, parse(before, "g1g2"), 2), -mixed);
  // The informed enemy's figure is another (it attacks as the Rat only).
  hidden::ViewSearch informed;
  EXPECT_NE(informed.value_of(before, parse(before, "g1g2"), 2), -mixed);
}

TEST(ViewSearch, ANodeBudgetIsSpentAndRepeatable) {
  const RuleSetPtr rules = load_variant("hidden");
  std::mt19937_64 chance(4);
  const hidden::HiddenGame game(hidden::default_start(rules, chance), "hidden");
  const hidden::PlayerView view = game.view(kBlue);
  hidden::ViewSearchLimits limits;
  limits.nodes = 5000;
  hidden::ViewSearch one, two;
  const hidden::ViewSearchResult a = one.search(view, limits);
  const hidden::ViewSearchResult b = two.search(view, limits);
  EXPECT_EQ(a.nodes, 5000u);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.score, b.score);
  EXPECT_GE(a.depth, 3);
}

TEST(ViewSearch, ALeastShareTakesAnAnimalThatUnlikelyFromThePiece) {
  // d6 is the Rat or the Dog (a9 the other), the Rat 49 times as likely:
  // Blue's Cat takes d6 with chance 0.98 (not the Dog). With a least share
  // of 3% the Dog, 2%, is not searched: the Cat takes for sure, and its
  // attack is no chance node. At 1% the Dog stays; and no share drops the
  // Rat or the Dog where each is one in two.
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::HiddenGame game = test::hidden_game_at("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  hidden::PlayerView view = game.view(kBlue);
  const hidden::PlayerView even = view;
  view.set_weight(view.piece_at(parse(view, "d6d5").from()), kRat, 49.0);
  auto took = [&](float least, const hidden::PlayerView& v) {
    hidden::ViewSearchOptions options;
    options.least_share = least;
    return hidden::ViewSearch(options).odds(v, parse(v, "d5d6")).took;
  };
  EXPECT_NEAR(took(0.0f, view), 0.98, 1e-6);
  EXPECT_NEAR(took(0.01f, view), 0.98, 1e-6);
  EXPECT_DOUBLE_EQ(took(0.03f, view), 1.0);
  EXPECT_DOUBLE_EQ(took(0.2f, even), 0.5);
}

}  // namespace
}  // namespace jungle
