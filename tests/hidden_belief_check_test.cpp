// How well a player's belief knows the enemy's animals
// (hidden_search/belief_check.h): the probability it gives each unknown
// piece's true animal before each of its moves, read or not.

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "hidden_search/belief_check.h"
#include "hidden_search/view_search.h"
#include "hidden_test_util.h"

namespace jungle {
namespace {

Move move_in(const hidden::PlayerView& view, std::string_view text) {
  return *view.rule_set().geometry().parse_move_text(text);
}

TEST(BeliefCheck, ScoresTheTrueAnimalsProbabilityBeforeEachOfThePlayersMoves) {
  const RuleSetPtr rules = test::hidden_rules();
  // Red's Cat steps back from Blue's Lion, then Blue moves g1g2.
  hidden::HiddenGame game = test::hidden_game_at(test::kCatBesideLion, rules);
  const hidden::PlayerView before = game.view(kBlue);
  ASSERT_EQ(test::try_move(game, "d6d7"), "d6d7");
  ASSERT_EQ(test::try_move(game, "g1g2"), "g1g2");

  // Blue moved once, with Red's two pieces each its Cat or its Elephant:
  // by the deductions alone each true animal has one chance in two.
  const hidden::MoveReadingOptions none{0, 0};
  const hidden::BeliefAccuracy alone = hidden::belief_accuracy(game, kBlue, none);
  EXPECT_EQ(alone.positions, 1);
  EXPECT_EQ(alone.pieces, 2);
  EXPECT_DOUBLE_EQ(alone.mean_p(), 0.5);
  EXPECT_DOUBLE_EQ(alone.mean_log(), std::log(0.5));
  // Brier: (1 - 0.5)^2 for the true animal, 0.5^2 for the other.
  EXPECT_DOUBLE_EQ(alone.mean_brier(), 0.5);

  // Read by the averaged model at 100 centipawns (the engine's reading
  // until session 22), the step back says Cat (0.744 against the
  // Elephant's 0.050): the arrangement Cat d7, Elephant a9 weighs 1, the
  // other w, and both pieces' true animals have 1 / (1 + w).
  const hidden::MoveReadingOptions averaged = test::averaged_reading();
  const auto fled =
      hidden::ViewSearch().move_likelihoods(before, move_in(before, "d6d7"), 100, 0.2);
  const double w = fled[kElephant] / fled[kCat];
  const hidden::BeliefAccuracy read = hidden::belief_accuracy(game, kBlue, averaged);
  EXPECT_EQ(read.positions, 1);
  EXPECT_EQ(read.pieces, 2);
  EXPECT_NEAR(read.mean_p(), 1 / (1 + w), 1e-12);
  EXPECT_NEAR(read.mean_p(), 0.936645, 1e-6);
  EXPECT_NEAR(read.mean_log(), std::log(1 / (1 + w)), 1e-12);
  EXPECT_NEAR(read.mean_brier(), 2 * (w / (1 + w)) * (w / (1 + w)), 1e-12);

  // Red's belief of Blue's Lion and Elephant, before its one move: nothing
  // to read yet, one chance in two each.
  const hidden::BeliefAccuracy red = hidden::belief_accuracy(game, kRed, averaged);
  EXPECT_EQ(red.positions, 1);
  EXPECT_EQ(red.pieces, 2);
  EXPECT_DOUBLE_EQ(red.mean_p(), 0.5);

  // The tally over readings prints a line each.
  hidden::BeliefTally tally({averaged, none});
  tally.add(game, kBlue);
  tally.add(game, kBlue);
  std::ostringstream out;
  tally.print(out);
  EXPECT_EQ(out.str(),
            "belief 100:0.2:0: 2 positions, 4 pieces, mean log p -0.0655, mean p 0.9366, brier "
            "0.0080, model nodes a move 13\n"
            "belief deductions alone: 2 positions, 4 pieces, mean log p -0.6931, mean p 0.5000, "
            "brier 0.5000, model nodes a move 0, log p against the first -0.6277 +- 0.0000\n");
}

TEST(BeliefCheck, ReadsReadingsWrittenAsTemperatureUniformAndWorlds) {
  const hidden::MoveReadingOptions r = hidden::parse_reading("50:0.1:8");
  EXPECT_EQ(r.temperature, 50.0);
  EXPECT_EQ(r.uniform, 0.1);
  EXPECT_EQ(r.worlds, 8);
  EXPECT_TRUE(r.bystanders);
  EXPECT_EQ(hidden::parse_reading("100:0.2").worlds, 0);
  EXPECT_EQ(hidden::reading_text(hidden::parse_reading("100:0.2:4")), "100:0.2:4");
  EXPECT_EQ(hidden::reading_text(hidden::parse_reading("0:0")), "deductions alone");
  // The fourth field, the power of the enemy's learnt activity (0 if not
  // written, and not written back when 0).
  EXPECT_EQ(hidden::parse_reading("20:0.2:8").activity, 0.0);
  EXPECT_EQ(hidden::parse_reading("20:0.2:8:0.5").activity, 0.5);
  EXPECT_EQ(hidden::reading_text(hidden::parse_reading("20:0.2:8:0.5")), "20:0.2:8:0.5");
  EXPECT_EQ(hidden::reading_text(hidden::parse_reading("20:0.2:8:0")), "20:0.2:8");
  const auto error = [](const char* text) {
    try {
      hidden::parse_reading(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("100"),
            "reading '100': write TEMPERATURE:UNIFORM, TEMPERATURE:UNIFORM:WORLDS or "
            "TEMPERATURE:UNIFORM:WORLDS:ACTIVITY (100:0.2, 0:0 for the deductions alone, "
            "100:0.2:8, 20:0.2:8:0.5)");
  EXPECT_EQ(error("20:0.2:8:0.5:1"),
            "reading '20:0.2:8:0.5:1': write TEMPERATURE:UNIFORM, TEMPERATURE:UNIFORM:WORLDS or "
            "TEMPERATURE:UNIFORM:WORLDS:ACTIVITY (100:0.2, 0:0 for the deductions alone, "
            "100:0.2:8, 20:0.2:8:0.5)");
  EXPECT_EQ(error("20:0.2:8:5"), "reading '20:0.2:8:5': the activity's power must be from 0 to 4");
  EXPECT_EQ(error("20:0.2:8:much"), "reading '20:0.2:8:much': the activity 'much' is not a number");
  EXPECT_EQ(error("hot:0.2"), "reading 'hot:0.2': the temperature 'hot' is not a number");
  EXPECT_EQ(error("100:2"), "reading '100:2': the uniform share must be from 0 to 1");
  EXPECT_EQ(error("100:0.2:2.5"),
            "reading '100:0.2:2.5': the worlds must be a whole number from 0 to 64");
  EXPECT_EQ(error("-1:0.2"), "reading '-1:0.2': the temperature must be from 0 to 1000 centipawns");
}

}  // namespace
}  // namespace jungle
