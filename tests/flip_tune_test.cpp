#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>

#include "flip/flip_eval_weights.h"
#include "flip/flip_evaluate.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "flip/flip_tune_data.h"
#include "flip/flip_tuner.h"

namespace jungle::flip {
namespace {

// The Blue Cat a1 and Dog b1 against the Red Dog b2, nothing face down:
// material 30 - 20; mobility: the Cat's a2, the Dog's c1 and b2 (the Dogs
// would both die: no gain) make 3, the Red Dog's a2, c2, b3 and b1 4; the
// Red Dog two steps from the Cat it takes hunts 0.06 * (6 - 2) * 10 = 2.4.
constexpr const char* kDogs = "4/4/1d2/CD2 w - 0 1";
// The Blue Cat a1 beside two face-down tiles over the Red Lion and Rat:
// 10 against the pool's 0.9 * (65 + 25) (the Rat 25 while it may take the
// Elephant), no square to step to, no threat.
constexpr const char* kCatBetweenTiles = "4/4/?3/C?2 w lr 0 1";

TEST(FlipEvalWeights, DefaultsAreTheEvaluationsOwnNumbers) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  const FlipPosition dogs(rules, kDogs);
  EXPECT_DOUBLE_EQ(flip_evaluate(dogs), 10 + 1.5 * (3 - 4) - 2.4);
  EXPECT_DOUBLE_EQ(flip_evaluate(dogs, FlipEvalWeights{}), flip_evaluate(dogs));
  const FlipPosition cat(rules, kCatBetweenTiles);
  EXPECT_DOUBLE_EQ(flip_evaluate(cat), 10 - 0.9 * 65 - 0.9 * 25);
  FlipEvalWeights w;
  w.mobility = 2.5;
  w.hunt = 0.1;
  EXPECT_DOUBLE_EQ(flip_evaluate(dogs, w), 10 + 2.5 * (3 - 4) - 0.1 * 4 * 10);
  w.hidden_share = 0.5;
  EXPECT_DOUBLE_EQ(flip_evaluate(cat, w), 10 - 0.5 * 90);
  // The boxed-in term, off by default: the Cat, no way out, 3/4 likely
  // beside a Lion under a tile (flip_boxed_in_test.cpp), 7.5 at risk.
  w.boxed_own = 0.4;
  EXPECT_DOUBLE_EQ(flip_evaluate(cat, w), 10 - 0.5 * 90 - 0.4 * 7.5);
}

TEST(FlipEvalWeights, TheFeaturesEvaluateAsTheEvaluation) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  FlipEvalWeights w;
  w.own_threat = 1.1;
  w.enemy_threat = 0.45;
  w.boxed_enemy = 0.7;
  w.hunt = 0.08;
  w.value_dog = 23;
  w.value_lion = 61.5;
  w.value_rat_hunter = 31;
  w.value_hunted_elephant = 66;
  for (const char* fen : {kDogs, kCatBetweenTiles, "?t?1/1L2/c3/?2E b Rpw 0 9"}) {
    const FlipPosition pos(rules, fen);
    const FlipEvalFeatures f = flip_eval_features(pos);
    EXPECT_NEAR(flip_evaluate_features(f, FlipEvalWeights{}), flip_evaluate(pos), 1e-9) << fen;
    EXPECT_NEAR(flip_evaluate_features(f, w), flip_evaluate(pos, w), 1e-9) << fen;
  }
  // Positions of random games, every one with known colours.
  std::mt19937_64 rng(11);
  int compared = 0;
  for (int game = 0; game < 40; ++game) {
    FlipPosition pos(rules);
    for (int ply = 0; ply < 60 && pos.end() == FlipEnd::kNone; ++ply) {
      if (pos.colours_known()) {
        const FlipEvalFeatures f = flip_eval_features(pos);
        ASSERT_NEAR(flip_evaluate_features(f, w), flip_evaluate(pos, w), 1e-9) << pos.fen();
        ++compared;
      }
      const ActionList list = pos.legal_actions();
      const Action a = list.items[size_t(rng() % uint64_t(list.size))];
      Piece piece = kNoPiece;
      if (a.is_flip()) {
        const Outcomes o = pos.outcomes();
        piece = o.piece[size_t(rng() % uint64_t(o.size))];
      }
      pos.play({a, piece});
    }
  }
  EXPECT_GT(compared, 1000);
  const FlipPosition dogs(rules, kDogs);
  const FlipEvalFeatures f = flip_eval_features(dogs);
  EXPECT_EQ(f.up[kCat], 1);
  EXPECT_EQ(f.up[kDog], 0);
  EXPECT_DOUBLE_EQ(f.mobility, -1);
  // The Red Dog hunts the Cat two steps away; the Dogs threaten nothing
  // they would gain (both die: 20 - 20), a candidate all the same.
  ASSERT_EQ(f.candidates.size(), 3u);
}

TEST(FlipEvalWeights, FileReadsBackAndBadLinesAreNamed) {
  FlipEvalWeights w;
  w.mobility = 1.0 / 3;
  w.boxed_enemy = -0.25;
  const FlipEvalWeights back = parse_flip_eval_weights(flip_eval_weights_text(w), "w");
  EXPECT_EQ(back.mobility, w.mobility);
  EXPECT_EQ(back.boxed_enemy, w.boxed_enemy);
  EXPECT_EQ(back.hunt, 0.06);
  EXPECT_EQ(parse_flip_eval_weights("# fitted\n\nhunt 0.1  # a comment\n", "w").hunt, 0.1);
  const auto error = [](const char* text) {
    try {
      parse_flip_eval_weights(text, "f.txt");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("mobility 1\nspeed 2\n").rfind("f.txt:2: unknown weight 'speed'", 0), 0u);
  EXPECT_EQ(error("hunt abc"), "f.txt:1: 'abc' is not a finite number");
  EXPECT_EQ(error("hunt nan"), "f.txt:1: 'nan' is not a finite number");
  EXPECT_EQ(error("hunt"), "f.txt:1: 'hunt' has no value");
  EXPECT_EQ(error("hunt 1\nhunt 2"), "f.txt:2: 'hunt' given twice");
  EXPECT_THROW(load_flip_eval_weights("/nonexistent/weights.txt"), std::invalid_argument);
}

TEST(FlipEvalWeights, TheAnimalsValuesPrintAndReadBack) {
  const std::string text = flip_eval_weights_text(FlipEvalWeights{});
  EXPECT_NE(text.find("\nvalue_rat 10\nvalue_cat 10\nvalue_dog 20\nvalue_wolf 30\n"
                      "value_leopard 40\nvalue_tiger 50\nvalue_lion 65\nvalue_elephant 80\n"
                      "value_rat_hunter 25\nvalue_hunted_elephant 70\n"),
            std::string::npos)
      << text;
  const FlipEvalWeights w =
      parse_flip_eval_weights("value_lion 61.5\nvalue_hunted_elephant 66.25\n", "w");
  EXPECT_EQ(w.value_lion, 61.5);
  EXPECT_EQ(w.value_hunted_elephant, 66.25);
  EXPECT_EQ(w.value_elephant, 80);
  EXPECT_EQ(w.values()[kLion], 61.5);
  EXPECT_EQ(w.values()[kFlipHuntedElephant], 66.25);
  EXPECT_EQ(parse_flip_eval_weights(flip_eval_weights_text(w), "w").value_lion, 61.5);
}

TEST(FlipEvalWeights, AnAnimalsValueMovesTheEvaluationByWhatItCounts) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  const FlipPosition dogs(rules, kDogs);
  FlipEvalWeights w;
  // The Blue Cat 12: its material +2, the Red Dog's hunt of it
  // 0.06 * (6 - 2) * 2 = 0.48 more.
  w.value_cat = 12;
  EXPECT_NEAR(flip_evaluate(dogs, w) - flip_evaluate(dogs), 2 - 0.06 * 4 * 2, 1e-12);
  // The Dogs both 26: material and their threats (both die: 26 - 26) the same.
  w = {};
  w.value_dog = 26;
  EXPECT_NEAR(flip_evaluate(dogs, w), flip_evaluate(dogs), 1e-12);
  // Red's Rat (25 while it may take the Elephant) 30 and Lion 60, both in
  // the pool at 0.9: -4.5 and +4.5; the Rat's own value (without that rule)
  // is not counted under these rules.
  const FlipPosition cat(rules, kCatBetweenTiles);
  w = {};
  w.value_rat_hunter = 30;
  EXPECT_NEAR(flip_evaluate(cat, w) - flip_evaluate(cat), -0.9 * 5, 1e-12);
  w.value_lion = 60;
  EXPECT_NEAR(flip_evaluate(cat, w) - flip_evaluate(cat), 0, 1e-12);
  w.value_rat = 1;
  EXPECT_NEAR(flip_evaluate(cat, w) - flip_evaluate(cat), 0, 1e-12);
  // The evaluation's values only: the defaults stay everyone else's.
  EXPECT_EQ(flip_piece_value(*rules, kLion, false), 65);
  EXPECT_DOUBLE_EQ(flip_material(cat, 0.9), 10 - 0.9 * 65 - 0.9 * 25);
}

TEST(FlipTuneData, AGameIsWrittenAsItsQuietPositionsWithTheMoversPoints) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  // The Blue Lion a1 against the Red Cat c2: the Lion steps to b1, the Cat
  // blunders beside it to b2, the Lion takes it and Blue wins. Written: the
  // start (Blue's, won) and the position after b1 (Red's, lost); not the
  // one after b2, where Blue's capture is pending.
  FlipPosition game(rules, "4/4/2c1/L3 w - 0 1");
  for (const char* move : {"a1b1", "c2b2", "b1b2"}) {
    const Square from = kFlipGeometry.parse_square(std::string_view(move, 2));
    const Square to = kFlipGeometry.parse_square(std::string_view(move + 2, 2));
    game.play({Action::move(from, to), kNoPiece});
  }
  ASSERT_NE(game.end(), FlipEnd::kNone);
  std::ostringstream out;
  EXPECT_EQ(write_flip_game_positions(game, out), 2);
  EXPECT_EQ(out.str(), "4/4/2c1/L3 w - 0 1;1\n4/4/2c1/1L2 b - 1 1;0\n");
  const std::vector<FlipSample> back = parse_flip_training_data(rules, out.str(), "data");
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].fen, "4/4/2c1/1L2 b - 1 1");
  EXPECT_EQ(back[1].points, 0);
  EXPECT_THROW(parse_flip_training_data(rules, "4/4/2c1/L3 w - 0 1;2\n", "data"),
               std::invalid_argument);
  EXPECT_THROW(parse_flip_training_data(rules, "4/4/2c1/L3 w - 0 1\n", "data"),
               std::invalid_argument);
  EXPECT_THROW(parse_flip_training_data(rules, "4/4/9/L3 w - 0 1;1\n", "data"),
               std::invalid_argument);
}

TEST(FlipTuner, RecoversAKnownWeightAndScale) {
  // Positions whose points are exactly sigmoid((material + 2 mobility) / 30):
  // the fit, starting from mobility 1.5, finds 2 and K 30.
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> count(-2, 2);
  std::uniform_real_distribution<double> mobility(-8, 8);
  std::vector<FlipTuningPoint> data;
  for (int i = 0; i < 2000; ++i) {
    FlipTuningPoint p;
    double material = 0;
    for (int k = 0; k < kFlipValueKinds; ++k) {
      p.features.up[size_t(k)] = int8_t(count(rng));
      material += p.features.up[size_t(k)] * kFlipPieceValues[size_t(k)];
    }
    p.features.mobility = mobility(rng);
    p.points = 1 / (1 + std::exp(-(material + 2 * p.features.mobility) / 30));
    data.push_back(p);
  }
  FlipTunerOptions options;
  options.only = {"mobility"};
  const FlipTunerResult r = tune_flip_eval(data, FlipEvalWeights{}, options);
  EXPECT_NEAR(r.weights.mobility, 2.0, 1e-3);
  EXPECT_NEAR(r.k, 30.0, 1e-2);
  EXPECT_LT(r.final_loss, 1e-9);
  EXPECT_LT(r.final_validation, 1e-9);
  EXPECT_GT(r.start_loss, r.final_loss);
  EXPECT_EQ(r.train_positions, 1600);
  EXPECT_EQ(r.validation_positions, 400);
  // Weights not asked for stay as they were.
  EXPECT_EQ(r.weights.hunt, FlipEvalWeights{}.hunt);
  // Fitting a value holds K at its fit to the starting weights: the values
  // set the scale. The Cats' value moves toward the data's.
  std::vector<FlipTuningPoint> cats = data;
  for (FlipTuningPoint& p : cats)
    p.features.up = {0, int8_t(p.features.up[kCat]), 0, 0, 0, 0, 0, 0, 0, 0};
  for (FlipTuningPoint& p : cats)
    p.points = 1 / (1 + std::exp(-(14 * p.features.up[kCat] + 2 * p.features.mobility) / 30));
  // With the Cat's value and mobility fitted, K held, both come out at the
  // data's ratio (14 : 2) on the scale K sets: the loss vanishes.
  options.only = {"value_cat", "mobility"};
  const FlipTunerResult held = tune_flip_eval(cats, FlipEvalWeights{}, options);
  EXPECT_TRUE(held.k_held);
  EXPECT_EQ(held.k, held.start_k);
  EXPECT_NEAR(held.weights.value_cat / held.weights.mobility, 7.0, 1e-2);
  EXPECT_NEAR(held.weights.value_cat, 14 * held.k / 30, 1e-2);
  EXPECT_LT(held.final_loss, 1e-8);
  EXPECT_EQ(held.weights.value_dog, 20);
  EXPECT_FALSE(r.k_held);
  options.only = {"speed"};
  EXPECT_THROW(tune_flip_eval(data, FlipEvalWeights{}, options), std::invalid_argument);
}

}  // namespace
}  // namespace jungle::flip
