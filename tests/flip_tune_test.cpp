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

TEST(FlipEvalWeights, TheTermsTimesTheWeightsAreTheEvaluation) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  FlipEvalWeights w;
  w.own_threat = 1.1;
  w.enemy_threat = 0.45;
  w.boxed_enemy = 0.7;
  for (const char* fen : {kDogs, kCatBetweenTiles, "?t?1/1L2/c3/?2E b Rpw 0 9"}) {
    const FlipPosition pos(rules, fen);
    const FlipEvalTerms terms = flip_eval_terms(pos);
    EXPECT_NEAR(flip_evaluate_terms(terms, FlipEvalWeights{}), flip_evaluate(pos), 1e-9) << fen;
    EXPECT_NEAR(flip_evaluate_terms(terms, w), flip_evaluate(pos, w), 1e-9) << fen;
  }
  const FlipPosition dogs(rules, kDogs);
  const FlipEvalTerms t = flip_eval_terms(dogs);
  EXPECT_DOUBLE_EQ(t.material, 10);
  EXPECT_DOUBLE_EQ(t.mobility, -1);
  EXPECT_DOUBLE_EQ(t.hunt, -4 * 10);
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
  std::uniform_real_distribution<double> material(-60, 60), mobility(-8, 8);
  std::vector<FlipTuningPoint> data;
  for (int i = 0; i < 2000; ++i) {
    FlipTuningPoint p;
    p.terms.material = material(rng);
    p.terms.mobility = mobility(rng);
    p.points = 1 / (1 + std::exp(-(p.terms.material + 2 * p.terms.mobility) / 30));
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
  options.only = {"speed"};
  EXPECT_THROW(tune_flip_eval(data, FlipEvalWeights{}, options), std::invalid_argument);
}

}  // namespace
}  // namespace jungle::flip
