#include <gtest/gtest.h>

#include "flip/flip_boxed_in.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"

namespace jungle::flip {
namespace {

// The Blue Cat on a1 between the edge and two face-down tiles (a2, b1):
// the pool holds the Red Lion, which takes it, and the Red Rat, which does
// not, so each tile hides a taker with chance 1/2 and one of the two does
// with 1 - (1/2)^2 = 3/4; the Cat (10) counts 7.5 at risk.
constexpr const char* kCatBetweenTiles = "4/4/?3/C?2 w lr 0 1";

TEST(FlipBoxedIn, AnAnimalWithNoWayOutRisksTheTakersTheTilesBesideItMayHide) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  const FlipPosition blue_to_move(rules, kCatBetweenTiles);
  EXPECT_DOUBLE_EQ(flip_boxed_in(blue_to_move, 0.4, 0.6), -0.4 * 7.5);
  const FlipPosition red_to_move(rules, "4/4/?3/C?2 b lr 0 1");
  EXPECT_DOUBLE_EQ(flip_boxed_in(red_to_move, 0.4, 0.6), 0.6 * 7.5);
}

TEST(FlipBoxedIn, AnAnimalWhoseOneWayOutAnEnemyTakerCanShutCountsWhole) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  // The Blue Cat on a1 has a2 alone to go to (its Dog stands on b1), and
  // the Red Dog on b2, which takes it, can step there: 10 at risk. The Blue
  // Dog's way out, c1, no enemy that takes it can reach (the Red Dog would
  // die with it), and the Red Dog has three squares.
  const FlipPosition pos(rules, "4/4/1d2/CD2 w - 0 1");
  EXPECT_DOUBLE_EQ(flip_boxed_in(pos, 0.4, 0.6), -0.4 * 10);
  // With the Red Dog on c2 instead it reaches neither a2 nor the Cat.
  const FlipPosition free(rules, "4/4/2d1/CD2 w - 0 1");
  EXPECT_DOUBLE_EQ(flip_boxed_in(free, 0.4, 0.6), 0);
}

TEST(FlipBoxedIn, NothingBeforeTheColoursAreKnown) {
  const FlipRulesPtr rules = load_flip_rules("flip");
  const FlipPosition start(rules);
  EXPECT_DOUBLE_EQ(flip_boxed_in(start, 0.4, 0.6), 0);
}

}  // namespace
}  // namespace jungle::flip
