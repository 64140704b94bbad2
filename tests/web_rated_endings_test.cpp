// Rated games that end without a resignation (docs/ratings.md: "abandonment
// and loss on time count"): a game won by claiming it from an opponent who
// left, and one lost on time, move both ratings by Glicko-2 as a
// resignation would. Resigned games are in web_rated_test.cpp, aborted ones
// (which count for nobody) in web_aborted_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>

#include "rating/glicko2.h"
#include "web/accounts/account_service.h"
#include "web_rated_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

// Game `id`'s first two moves, blue's a3a4 and red's g7g6: from then on the
// game is played out, not aborted, and counts. Blue is to move.
void both_move(Browser& blue, Browser& red, int64_t id) {
  ASSERT_EQ(blue.post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(red.post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
}

TEST_F(WebRatedTest, AGameWonByAnAbandonmentClaimMovesBothRatings) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  both_move(*ann, *bob, id);
  // Bob leaves after his move; the server's default timeout is 30 s.
  now_ += 30001;
  const Reply claimed = ann->post(path(id, "/claim"), Json::object());
  ASSERT_EQ(claimed.status, 200) << claimed.text;
  EXPECT_EQ(claimed.body["winner"], "blue");
  EXPECT_EQ(claimed.body["termination"], "abandoned");

  // Two new players (1500/350): the winner 1662.3/290.3, the loser
  // 1337.7/290.3, as after a resignation (web_rated_test.cpp works it by
  // hand).
  Browser anyone(port_, "");
  EXPECT_EQ(expect_blitz(anyone, "Ann", after_first(1.0))["rating"], 1662);
  EXPECT_EQ(expect_blitz(anyone, "bob", after_first(0.0))["rating"], 1338);
  EXPECT_EQ(blitz_rating(anyone, "Ann")["games"], 1);
  EXPECT_EQ(blitz_rating(anyone, "bob")["games"], 1);
}

TEST_F(WebRatedTest, AGameLostOnTimeMovesBothRatings) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  // A first game that Ann wins, so that the flag falls between two players
  // whose ratings differ: Ann 1662.3/290.3, Bob 1337.7/290.3.
  play_and_resign(*ann, *bob, start_rated(*ann, *bob), *bob);
  const int64_t id = start_rated(*ann, *bob);
  both_move(*ann, *bob, id);
  // Ann (blue) is to move with 3 min and one increment of 2 s left, and
  // lets it run out: Bob, the lower rated, wins on time.
  now_ += 182001;
  Browser anyone(port_, "");
  const Reply over = anyone.get(path(id));
  ASSERT_EQ(over.status, 200) << over.text;
  EXPECT_EQ(over.body["status"], "over");
  EXPECT_EQ(over.body["winner"], "red");
  EXPECT_EQ(over.body["termination"], "time");

  // Glicko-2 from the ratings after the first game, each against the
  // other's: Bob's upset win moves both far (the same figures as the
  // rematch that Bob wins by resignation in web_rated_test.cpp, worked in
  // Python there: Ann 1433.1/260.5, Bob 1566.9/260.5).
  // The 182 s between the two games widen both deviations first (a 0.0005th
  // of a rating period: too little to show in the rounded figures).
  const double idle = 182001.0 / (24 * 3600 * 1000) * AccountService::kIdlePeriodsPerDay;
  const auto [bob2, ann2] = after_win(rating::after_idle_periods(after_first(0.0), idle),
                                      rating::after_idle_periods(after_first(1.0), idle));
  const Json anns = expect_blitz(anyone, "Ann", ann2);
  const Json bobs = expect_blitz(anyone, "bob", bob2);
  EXPECT_EQ(anns["rating"], 1433);
  EXPECT_EQ(bobs["rating"], 1567);
  EXPECT_EQ(anns["deviation"], 260);
  EXPECT_EQ(bobs["deviation"], 260);
  EXPECT_EQ(anns["games"], 2);
  EXPECT_EQ(bobs["games"], 2);
}

}  // namespace
}  // namespace jungle::web
