// Glicko-2 against Glickman's worked example ("Example of the Glicko-2
// system", 2013): a player of 1500/200/0.06 beats 1400/30 and loses to
// 1550/100 and 1700/300, with tau = 0.5.
//
// The paper computes by hand and rounds as it goes: g and E to three or four
// places before v, v before Delta, mu' before r'. Three of its printed
// figures (v 1.7785, Delta -0.4834, r' 1464.06) are those roundings'; exact
// arithmetic gives 1.77898, -0.48393 and 1464.0507. Each such figure is
// checked twice here: the paper's arithmetic from its own rounded inputs
// gives its printed value exactly, and ours lies within that rounding.
// sigma' (0.059996) the paper cuts to 0.05999 rather than rounds; phi* it
// computes from the rounded phi and sigma'. Every other figure matches to
// the digits the paper prints.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "rating/glicko2.h"

namespace jungle::rating {
namespace {

const std::vector<Outcome> kPaperGames = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};

// `value` rounded to `places` decimals equals `printed`.
void expect_printed(double value, double printed, int places, const char* what) {
  const double scale = std::pow(10.0, places);
  EXPECT_EQ(std::round(value * scale), std::round(printed * scale))
      << what << ": " << value << " does not round to " << printed;
}

TEST(Glicko2Test, ReproducesGlickmansWorkedExample) {
  const UpdateSteps s = update_steps({1500, 200, 0.06}, kPaperGames, {.tau = 0.5});
  // Step 2.
  expect_printed(s.mu, 0.0, 4, "mu");
  expect_printed(s.phi, 1.1513, 4, "phi");
  // Step 3: v = 1.7785 in the paper, from g = 0.9955, 0.9531, 0.7242 and
  // E = 0.639, 0.432, 0.303 as printed.
  const double paper_v = 1.0 / (0.9955 * 0.9955 * 0.639 * 0.361 + 0.9531 * 0.9531 * 0.432 * 0.568 +
                                0.7242 * 0.7242 * 0.303 * 0.697);
  expect_printed(paper_v, 1.7785, 4, "the paper's v from its rounded g and E");
  EXPECT_NEAR(s.v, 1.7785, 0.0005);
  expect_printed(s.v, 1.77898, 5, "v, exact");
  // Step 4: Delta = 1.7785 * (-0.272) = -0.4834.
  const double paper_sum = 0.9955 * (1 - 0.639) + 0.9531 * (0 - 0.432) + 0.7242 * (0 - 0.303);
  expect_printed(paper_sum, -0.2718, 4, "the paper's sum g(s - E)");
  expect_printed(1.7785 * paper_sum, -0.4834, 4, "the paper's Delta");
  EXPECT_NEAR(s.delta, -0.4834, 0.0006);
  expect_printed(s.delta, -0.48393, 5, "Delta, exact");
  // Steps 5 to 7, each as printed.
  // sigma' = 0.059996, which the paper cuts to 0.05999 (its own inputs give
  // 0.059996 too); phi* = 1.152862 is its arithmetic on phi 1.1513 and that.
  EXPECT_EQ(std::floor(s.sigma * 1e5), 5999) << s.sigma;
  expect_printed(s.sigma, 0.059996, 6, "sigma'");
  expect_printed(std::sqrt(1.1513 * 1.1513 + 0.05999 * 0.05999), 1.152862, 6,
                 "the paper's phi* from its phi and sigma'");
  EXPECT_NEAR(s.phi_star, 1.152862, 0.00001);
  expect_printed(s.phi_star, 1.152855, 6, "phi*, exact");
  expect_printed(s.phi_new, 0.8722, 4, "phi'");
  expect_printed(s.mu_new, -0.2069, 4, "mu'");
  // Step 8: r' = 173.7178 * (-0.2069) + 1500 = 1464.06, RD' = 151.52.
  expect_printed(173.7178 * -0.2069 + 1500, 1464.06, 2, "the paper's r' from its mu'");
  EXPECT_NEAR(s.result.rating, 1464.06, 0.01);
  expect_printed(s.result.rating, 1464.0507, 4, "r', exact");
  expect_printed(s.result.deviation, 151.52, 2, "RD'");
  EXPECT_EQ(s.result.volatility, s.sigma);

  const Rating r = update({1500, 200, 0.06}, kPaperGames, {.tau = 0.5});
  EXPECT_EQ(r.rating, s.result.rating);
  EXPECT_EQ(r.deviation, s.result.deviation);
  EXPECT_EQ(r.volatility, s.result.volatility);
}

TEST(Glicko2Test, APeriodWithoutGamesOnlyGrowsTheDeviation) {
  const Rating r = update({1500, 200, 0.06}, {});
  EXPECT_EQ(r.rating, 1500);
  EXPECT_EQ(r.volatility, 0.06);
  // sqrt((200 / 173.7178)^2 + 0.06^2) * 173.7178
  expect_printed(r.deviation, 200.2714, 4, "RD after an idle period");
  // Three and a half idle periods at once, as after_idle_periods counts them.
  expect_printed(after_idle_periods({1700, 50, 0.06}, 3.5).deviation, 53.6679, 4,
                 "RD after 3.5 idle periods");
  // Never beyond a new player's deviation.
  EXPECT_EQ(update({1500, 349.9, 0.5}, {}).deviation, kMaxDeviation);
  EXPECT_EQ(after_idle_periods({1500, 300, 0.06}, 1e9).deviation, kMaxDeviation);
}

TEST(Glicko2Test, TheDefaultsAndTheProvisionalThreshold) {
  const Rating fresh;
  EXPECT_EQ(fresh.rating, 1500);
  EXPECT_EQ(fresh.deviation, 350);
  EXPECT_EQ(fresh.volatility, 0.06);
  EXPECT_TRUE(is_provisional(fresh));
  EXPECT_TRUE(is_provisional({1500, 110.01, 0.06}));
  EXPECT_FALSE(is_provisional({1500, 110, 0.06}));
  EXPECT_EQ(kDefaultTau, 0.75);
  EXPECT_EQ(kConvergenceTolerance, 0.000001);
}

std::string error_of(const Rating& player, const std::vector<Outcome>& games,
                     const Settings& settings = {}) {
  try {
    update(player, games, settings);
  } catch (const RatingError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Glicko2Test, BadInputIsRefusedWithWhatAndWhere) {
  EXPECT_EQ(error_of({1500, -5, 0.06}, {}),
            "Glicko-2: the player's deviation must be positive and finite, not -5");
  EXPECT_EQ(error_of({1500, 0, 0.06}, {}),
            "Glicko-2: the player's deviation must be positive and finite, not 0");
  EXPECT_EQ(error_of({NAN, 200, 0.06}, {}),
            "Glicko-2: the player's rating must be finite, not NaN");
  EXPECT_EQ(error_of({1500, 200, -0.5}, {}),
            "Glicko-2: the player's volatility must be positive and finite, not -0.5");
  EXPECT_EQ(error_of({1500, 200, 0.06}, {{1400, 30, 1}, {1550, INFINITY, 0}}),
            "Glicko-2: game 2: the opponent's deviation must be positive and finite, not infinity");
  EXPECT_EQ(error_of({1500, 200, 0.06}, {{1400, 30, 1.5}}),
            "Glicko-2: game 1: the score must be between 0 and 1, not 1.5");
  EXPECT_EQ(error_of({1500, 200, 0.06}, {{1400, 30, 1}}, {.tau = 0}),
            "Glicko-2: tau must be positive and finite, not 0");
  try {
    after_idle_periods({1500, 200, 0.06}, -1);
    ADD_FAILURE() << "no error";
  } catch (const RatingError& e) {
    EXPECT_STREQ(e.what(), "Glicko-2: the idle periods must be 0 or more and finite, not -1");
  }
}

}  // namespace
}  // namespace jungle::rating
