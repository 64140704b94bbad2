// The engine's belief reads the enemy's moves (hidden_search/move_reading.h):
// the likelihood of a move under each animal its piece may be, the weights
// a piece's moves give, and the belief and the tree weighing by them.

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <tuple>

#include "hidden/belief.h"
#include "hidden_search/enemy_activity.h"
#include "hidden_search/move_reading.h"
#include "hidden_search/view_search.h"
#include "hidden_test_util.h"

namespace jungle {
namespace {

Move parse(const hidden::PlayerView& view, std::string_view text) {
  return *view.rule_set().geometry().parse_move_text(text);
}

TEST(Belief, WeightedArrangementsCountEachByItsPiecesWeights) {
  // Two pieces, each the Cat or the Elephant: two arrangements.
  hidden::Belief belief(AnimalSet{kCat, kElephant},
                        {AnimalSet{kCat, kElephant}, AnimalSet{kCat, kElephant}});
  EXPECT_EQ(belief.arrangements(), 2u);
  EXPECT_DOUBLE_EQ(belief.weighted_arrangements(), 2.0);
  // The first piece the Elephant a quarter as likely as the Cat: Cat then
  // Elephant counts 1, Elephant then Cat a quarter.
  belief.set_weight(0, kElephant, 0.25);
  EXPECT_EQ(belief.arrangements(), 2u);
  EXPECT_DOUBLE_EQ(belief.weighted_arrangements(), 1.25);
  belief.restrict(0, AnimalSet{kCat});
  EXPECT_DOUBLE_EQ(belief.weighted_arrangements(), 1.0);
}

TEST(Belief, MarginalsAreTheSharesOfTheWeighedArrangements) {
  // Three pieces: the first the Cat or the Elephant, the others any of the
  // three. Four arrangements (first, second, third): CED, CDE, ECD, EDC.
  hidden::Belief belief(AnimalSet{kCat, kDog, kElephant},
                        {AnimalSet{kCat, kElephant}, AnimalSet{kCat, kDog, kElephant},
                         AnimalSet{kCat, kDog, kElephant}});
  std::vector<std::array<double, kAnimals>> m = belief.marginals();
  ASSERT_EQ(m.size(), 3u);
  EXPECT_DOUBLE_EQ(m[0][kCat], 0.5);
  EXPECT_DOUBLE_EQ(m[0][kElephant], 0.5);
  EXPECT_DOUBLE_EQ(m[0][kDog], 0.0);
  EXPECT_DOUBLE_EQ(m[1][kDog], 0.5);
  EXPECT_DOUBLE_EQ(m[2][kCat], 0.25);
  // The first the Elephant three times as likely, the second the Dog half
  // as likely: CED 1, CDE 0.5, ECD 3, EDC 1.5, of 6.
  belief.set_weight(0, kElephant, 3.0);
  belief.set_weight(1, kDog, 0.5);
  m = belief.marginals();
  EXPECT_DOUBLE_EQ(m[0][kElephant], 4.5 / 6);
  EXPECT_DOUBLE_EQ(m[1][kCat], 3.0 / 6);
  EXPECT_DOUBLE_EQ(m[1][kDog], 2.0 / 6);
  EXPECT_DOUBLE_EQ(m[1][kElephant], 1.0 / 6);
  EXPECT_DOUBLE_EQ(m[2][kDog], 4.0 / 6);
  // Each the share a restricted copy counts, as the tree's root took it
  // before, one solve per piece and animal.
  for (int k = 0; k < 3; ++k) {
    for (Animal a : {kCat, kDog, kElephant}) {
      hidden::Belief one = belief;
      one.restrict(k, AnimalSet{a});
      EXPECT_NEAR(m[size_t(k)][a], one.weighted_arrangements() / belief.weighted_arrangements(),
                  1e-15);
    }
  }
  // Nothing fits: all 0.
  belief.restrict(1, AnimalSet{kElephant});
  belief.restrict(2, AnimalSet{kElephant});
  for (const auto& piece : belief.marginals())
    for (double p : piece) EXPECT_EQ(p, 0.0);
}

TEST(ViewSearch, TheTreesOddsFollowTheBeliefsWeights) {
  // d6 is the Rat or the Dog (a9 the other): the Cat takes d6 one time in
  // two; with the Rat three times as likely on d6, three times in four.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::ViewSearch search;
  const hidden::HiddenGame game = test::hidden_game_at("d6/7/7/3r3/3C3/7/7/7/6E w 0 1", rules);
  hidden::PlayerView view = game.view(kBlue);
  EXPECT_DOUBLE_EQ(search.odds(view, parse(view, "d5d6")).took, 0.5);
  view.set_weight(view.piece_at(parse(view, "d6d5").from()), kRat, 3.0);
  EXPECT_DOUBLE_EQ(search.odds(view, parse(view, "d5d6")).took, 0.75);
}

TEST(MoveReading, AMoveAwayFromAPieceThatTakesItSaysItIsTheWeakerAnimal) {
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  const hidden::PlayerView before = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(before, "d6"), "CE");
  hidden::ViewSearch search;
  // Softmax at 100 centipawns, a fifth of the choice at random among the
  // piece's moves: the step back is the Cat's likeliest move and one of
  // the Elephant's least likely; the attack is the Elephant's, and a Cat
  // makes it only by chance (a fifth of one in its three moves: a Cat's
  // attack that can only fail is no move of the model's).
  const auto fled = search.move_likelihoods(before, parse(before, "d6d7"), 100.0, 0.2);
  EXPECT_NEAR(fled[kCat], 0.744396126496, 1e-9);
  EXPECT_NEAR(fled[kElephant], 0.050351286063, 1e-9);
  EXPECT_EQ(fled[kRat], 0.0);
  EXPECT_EQ(fled[kLion], 0.0);
  const auto attacked = search.move_likelihoods(before, parse(before, "d6d5"), 100.0, 0.2);
  EXPECT_NEAR(attacked[kCat], 0.2 / 3, 1e-12);
  EXPECT_NEAR(attacked[kElephant], 0.849387338944, 1e-9);

  // The reader's weights after the Cat fled: its piece's likeliest animal
  // weighs 1; the Elephant on a9 was never read.
  ASSERT_EQ(test::try_move(game, "d6d7"), "d6d7");
  const hidden::PlayerView after = game.view(kBlue);
  hidden::MoveReader reader(test::averaged_reading());
  const auto weights = reader.weights(after);
  const int moved = after.piece_at(parse(after, "d7d8").from());
  const int still = after.piece_at(parse(after, "a9a8").from());
  ASSERT_TRUE(weights[size_t(moved)].has_value());
  EXPECT_DOUBLE_EQ((*weights[size_t(moved)])[kCat], 1.0);
  EXPECT_NEAR((*weights[size_t(moved)])[kElephant], fled[kElephant] / fled[kCat], 1e-12);
  EXPECT_FALSE(weights[size_t(still)].has_value());
}

TEST(MoveReading, TheEnemysActivityWeighsTheAnimalsOfThePieceThatMoved) {
  // Red's d6, its Cat or its Elephant, steps back from Blue's Lion. Read
  // with the enemy's learnt activity at power P, the step's likelihood
  // under each animal is multiplied by the activity of a move farther from
  // the enemy's pieces to the P: the Cat (0.96) moves away more often than
  // the Elephant (0.81), so the weight of the Elephant against the Cat
  // shrinks by (0.81 / 0.96)^P. The piece that did not move is not read.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  const hidden::PlayerView before = game.view(kBlue);
  const auto fled = hidden::ViewSearch().move_likelihoods(before, parse(before, "d6d7"), 100, 0.2);
  ASSERT_EQ(test::try_move(game, "d6d7"), "d6d7");
  const hidden::PlayerView after = game.view(kBlue);
  const int moved = after.piece_at(parse(after, "d7d8").from());
  const int still = after.piece_at(parse(after, "a9a8").from());
  const hidden::AnimalWeights& farther =
      hidden::kLearntActivity[size_t(hidden::MoveContext::kFarther)];
  EXPECT_EQ(farther[kCat], 0.96);
  EXPECT_EQ(farther[kElephant], 0.81);
  for (double power : {0.0, 0.5, 1.0, 2.0}) {
    hidden::MoveReadingOptions options = test::averaged_reading();
    options.activity = power;
    hidden::MoveReader reader(options);
    const auto weights = reader.weights(after);
    ASSERT_TRUE(weights[size_t(moved)].has_value());
    EXPECT_DOUBLE_EQ((*weights[size_t(moved)])[kCat], 1.0);
    EXPECT_NEAR((*weights[size_t(moved)])[kElephant],
                fled[kElephant] / fled[kCat] * std::pow(0.81 / 0.96, power), 1e-12)
        << power;
    EXPECT_FALSE(weights[size_t(still)].has_value());
  }
  // At power 1: 0.0676 for the step alone, 0.0571 with the activity.
  hidden::MoveReadingOptions full = test::averaged_reading();
  full.activity = 1;
  EXPECT_NEAR((*hidden::MoveReader(full).weights(after)[size_t(moved)])[kElephant], 0.057072, 1e-6);
}

TEST(MoveReading, TheActivityWeighsAMoveByWhereItTakesThePiece) {
  // Red's d7, its Cat or its Elephant, two steps from Blue's Lion b7. A
  // step beside the Lion (d7c7) is weighed by the activity of such steps,
  // where the Elephant (2.06) is nine times the Cat (0.22); a step away
  // from it (d7d6) by the activity of moves farther away (0.81 and 0.96).
  const RuleSetPtr rules = test::hidden_rules();
  const hidden::AnimalWeights& beside =
      hidden::kLearntActivity[size_t(hidden::MoveContext::kBeside)];
  EXPECT_EQ(beside[kCat], 0.22);
  EXPECT_EQ(beside[kElephant], 2.06);
  for (const auto& [step, cat, elephant] :
       {std::tuple{"d7c7", 0.22, 2.06}, std::tuple{"d7d6", 0.96, 0.81}}) {
    hidden::HiddenGame game = test::hidden_game_at("7/5E1/1L1c3/7/7/7/7/7/e6 b 0 1", rules);
    const hidden::PlayerView before = game.view(kBlue);
    const auto model = hidden::ViewSearch().move_likelihoods(before, parse(before, step), 100, 0.2);
    ASSERT_EQ(test::try_move(game, step), step);
    const hidden::PlayerView after = game.view(kBlue);
    const int moved = after.piece_at(parse(after, step).to());
    hidden::MoveReadingOptions options = test::averaged_reading();
    options.activity = 1;
    const auto weights = hidden::MoveReader(options).weights(after);
    ASSERT_TRUE(weights[size_t(moved)].has_value()) << step;
    const double with = (*weights[size_t(moved)])[kElephant] / (*weights[size_t(moved)])[kCat];
    EXPECT_NEAR(with, model[kElephant] / model[kCat] * elephant / cat, 1e-9) << step;
  }
}

TEST(MoveReading, AMovePastTheReadingsDeadlineIsReadAtTheNextCall) {
  // The reading keeps a move's time as it keeps its nodes
  // (HiddenSearcher::search gives it half of either): with its deadline
  // gone it reads nothing and says nothing, and the move it left is read
  // at the next call, as it would have been.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  ASSERT_EQ(test::try_move(game, "d6d7"), "d6d7");
  const hidden::PlayerView after = game.view(kBlue);
  const int moved = after.piece_at(parse(after, "d7d8").from());
  hidden::ViewSearchLimits gone;
  gone.clock = SearchClock::wall();
  gone.deadline = gone.clock.now() - std::chrono::milliseconds(1);
  hidden::MoveReader reader;
  const auto none = reader.weights(after, gone);
  EXPECT_EQ(reader.nodes(), 0u);
  EXPECT_FALSE(none.size() > size_t(moved) && none[size_t(moved)].has_value());
  const auto later = reader.weights(after);
  EXPECT_GT(reader.nodes(), 0u);
  ASSERT_TRUE(later[size_t(moved)].has_value());
  hidden::MoveReader fresh;
  EXPECT_EQ(*later[size_t(moved)], *fresh.weights(after)[size_t(moved)]);
}

TEST(MoveReading, APieceThatStoodStillBesideOneItCouldTakeIsLikelierTheWeakerAnimal) {
  // Red moves a9, leaving d6 (its Cat or its Elephant) beside Blue's
  // unshown Lion: an Elephant would have taken it, a Cat would have fled.
  // Both explain the move badly, the Elephant worse.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  const hidden::PlayerView before = game.view(kBlue);
  const int still = before.piece_at(parse(before, "d6d7").from());
  hidden::ViewSearch search;
  const auto stood = search.move_likelihoods(before, parse(before, "a9a8"), 100.0, 0.2, still);
  EXPECT_NEAR(stood[kCat], 0.109992461510, 1e-9);
  EXPECT_NEAR(stood[kElephant], 0.050111230084, 1e-9);
  EXPECT_EQ(stood[kRat], 0.0);

  // The reader reads it beside the piece that moved; without bystanders
  // it reads the mover alone.
  ASSERT_EQ(test::try_move(game, "a9a8"), "a9a8");
  const hidden::PlayerView after = game.view(kBlue);
  hidden::MoveReader reader(test::averaged_reading());
  const auto weights = reader.weights(after);
  ASSERT_TRUE(weights[size_t(still)].has_value());
  EXPECT_DOUBLE_EQ((*weights[size_t(still)])[kCat], 1.0);
  EXPECT_NEAR((*weights[size_t(still)])[kElephant], stood[kElephant] / stood[kCat], 1e-12);
  hidden::MoveReadingOptions no_bystanders = test::averaged_reading();
  no_bystanders.bystanders = false;
  hidden::MoveReader mover_only(no_bystanders);
  EXPECT_FALSE(mover_only.weights(after)[size_t(still)].has_value());
}

TEST(MoveReading, PiecesReadTogetherReadAsEachReadAlone) {
  // Red's a9a8 read for the piece that moved and for d6, which stood
  // still beside Blue's Lion: together (the view's marginals worked out
  // once) each piece gets the likelihoods and the nodes it gets alone.
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  const hidden::PlayerView before = game.view(kBlue);
  const Move played = parse(before, "a9a8");
  const int still = before.piece_at(parse(before, "d6d7").from());
  hidden::ViewSearch alone;
  const auto mover = alone.move_likelihoods(before, played, 100.0, 0.2);
  const uint64_t mover_nodes = alone.last_nodes();
  const auto stood = alone.move_likelihoods(before, played, 100.0, 0.2, still);
  const uint64_t stood_nodes = alone.last_nodes();
  EXPECT_NEAR(stood[kCat], 0.109992461510, 1e-9);
  EXPECT_NEAR(stood[kElephant], 0.050111230084, 1e-9);
  hidden::ViewSearch together;
  const auto read = together.read_pieces(before, played, 100.0, 0.2, {-1, still});
  ASSERT_EQ(read.size(), 2u);
  for (int a = 0; a < kAnimals; ++a) {
    EXPECT_EQ(read[0].likelihood[size_t(a)], mover[size_t(a)]) << a;
    EXPECT_EQ(read[1].likelihood[size_t(a)], stood[size_t(a)]) << a;
  }
  EXPECT_EQ(read[0].nodes, mover_nodes);
  EXPECT_EQ(read[1].nodes, stood_nodes);
  EXPECT_GT(read[1].nodes, 0u);
}

// Four of Red's unshown animals face four of Blue's: under rules where a
// failed attack loses nothing, the model's quiescence followed the tries
// back and forth up to the tree's ply limit (a hidden-match under
// `bounce` did not finish two games in a minute). It stops at such a try.
TEST(MoveReading, AFailedAttackThatLosesNothingEndsTheModelsLine) {
  for (const FailedAttack failed : {FailedAttack::kBounce, FailedAttack::kRefused}) {
    const RuleSetPtr rules = test::hidden_rules(HiddenReveal::kBoth, failed);
    hidden::HiddenGame game = test::hidden_game_at("7/7/7/7/7/7/1rcdw2/1LTEP2/7 b 0 1", rules);
    const hidden::PlayerView before = game.view(kBlue);
    hidden::ViewSearch search;
    const auto read = search.move_likelihoods(before, parse(before, "b3a3"), 100.0, 0.2);
    EXPECT_LT(search.last_nodes(), 2'000u) << int(failed);
    // 441 nodes under either rule; 11,279 and 18,309 when the line went on
    // through the tries. A reading, not the cut-short one (every animal alike).
    double sum = 0;
    for (int a = 0; a < kAnimals; ++a) sum += read[size_t(a)];
    EXPECT_GT(sum, 0.0);
    EXPECT_NE(read[kRat], read[kElephant]) << int(failed);
  }
}

// Red's d6 is its Wolf or its Cat (a9 the other), next to Blue's unshown
// Cat d5; Blue's Tiger g1 is unshown too, so to Red d5 is the Cat or the
// Tiger. A Wolf's attack takes the Cat and dies on the Tiger.
constexpr std::string_view kGuess = "c6/7/7/3w3/3C3/7/7/7/6T b 0 1";

TEST(MoveReading, TheGuessingEnemyAttacksWhereItsGuessWins) {
  const RuleSetPtr rules = test::hidden_rules();
  hidden::HiddenGame game = test::hidden_game_at(kGuess, rules);
  const hidden::PlayerView before = game.view(kBlue);
  ASSERT_EQ(test::candidates_on(before, "d6"), "CW");
  ASSERT_EQ(test::candidates_on(game.view(kRed), "d5"), "CT");
  const Move attack = parse(before, "d6d5");
  hidden::ViewSearch search;
  // The averaged model values the attack over both of Blue's animals at
  // once: a Cat won or the attacker lost, each one time in two. A Cat
  // attacker loses less than a Wolf, so the attack reads as the Cat's.
  const auto averaged = search.move_likelihoods(before, attack, 100.0, 0.2);
  EXPECT_NEAR(averaged[kWolf], 0.371385045855, 1e-9);
  EXPECT_NEAR(averaged[kCat], 0.626972193609, 1e-9);
  // The guessing enemy that plays its guess's best move (temperature 1)
  // attacks in the worlds where it guesses d5 the Cat (5 of the 8 drawn),
  // whether it is the Cat or the Wolf (either takes a Cat, both die on a
  // Tiger), and never elsewhere: the attack says nothing of which it is.
  // 4/5 of 5/8, and a fifth of one in its three moves.
  const auto guessing = search.move_likelihoods(before, attack, 1.0, 0.2, -1, 8);
  EXPECT_NEAR(guessing[kWolf], 0.8 * 5 / 8 + 0.2 / 3, 1e-12);
  EXPECT_NEAR(guessing[kCat], 0.8 * 5 / 8 + 0.2 / 3, 1e-12);
  EXPECT_EQ(guessing[kRat], 0.0);
  // At 100 centipawns, a softmax in each guess: the Wolf's attack, the
  // best move of a Cat world, is likelier than the averaged model made it,
  // the Cat's less likely.
  const auto soft = search.move_likelihoods(before, attack, 100.0, 0.2, -1, 8);
  EXPECT_NEAR(soft[kWolf], 0.448396675456, 1e-9);
  EXPECT_NEAR(soft[kCat], 0.526189051800, 1e-9);
  // The guessing model's worlds are drawn from the position and the move:
  // read again, the same likelihoods.
  const auto again = hidden::ViewSearch().move_likelihoods(before, attack, 1.0, 0.2, -1, 8);
  for (int a = 0; a < kAnimals; ++a) EXPECT_EQ(again[size_t(a)], guessing[size_t(a)]) << a;
  // The reader with worlds reads by the guessing model.
  ASSERT_EQ(test::try_move(game, "d6d5").substr(0, 4), "d6d5");
  hidden::MoveReadingOptions options;
  options.temperature = 1;
  options.worlds = 8;
  hidden::MoveReader reader(options);
  const auto weights = reader.weights(game.view(kBlue));
  const int moved = before.piece_at(attack.from());
  ASSERT_TRUE(weights[size_t(moved)].has_value());
  EXPECT_DOUBLE_EQ((*weights[size_t(moved)])[kCat], 1.0);
  EXPECT_DOUBLE_EQ((*weights[size_t(moved)])[kWolf], 1.0);
  // The averaged model's reader (the default until session 22) weighs the
  // Wolf 0.592.
  hidden::MoveReader averaging(test::averaged_reading());
  const auto averaged_weights = averaging.weights(game.view(kBlue));
  EXPECT_NEAR((*averaged_weights[size_t(moved)])[kWolf], averaged[kWolf] / averaged[kCat], 1e-12);
  // The default reader is the guessing model, 8 worlds at 20 centipawns
  // (docs/hidden.md, "How well the belief knows the enemy"): at 20 nearly
  // its guess's best move, so the attack reads almost alike as the Wolf's
  // and the Cat's (0.567 each, as at 1 centipawn).
  const auto guessed = search.move_likelihoods(before, attack, 20.0, 0.2, -1, 8);
  EXPECT_NEAR(guessed[kWolf], 0.566646149980, 1e-9);
  EXPECT_NEAR(guessed[kCat], 0.566666250430, 1e-9);
  hidden::MoveReader by_default;
  EXPECT_EQ(by_default.options().worlds, 8);
  EXPECT_EQ(by_default.options().temperature, 20.0);
  const auto default_weights = by_default.weights(game.view(kBlue));
  ASSERT_TRUE(default_weights[size_t(moved)].has_value());
  EXPECT_NEAR((*default_weights[size_t(moved)])[kWolf], guessed[kWolf] / guessed[kCat], 1e-12);
}

}  // namespace
}  // namespace jungle
