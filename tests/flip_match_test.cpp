#include <gtest/gtest.h>

#include "flip/flip_match.h"

namespace jungle::flip {
namespace {

TEST(FlipMatch, ScoreAndItsIntervalAreReported) {
  FlipMatchResult r;
  r.wins = 190;
  r.draws = 6;
  r.losses = 4;
  EXPECT_DOUBLE_EQ(r.score(), 0.965);
  EXPECT_EQ(r.text(), "W 190 D 6 L 4, score 0.965 +- 0.023 (95%)");
  FlipMatchResult sweep;
  sweep.wins = 10;
  EXPECT_EQ(sweep.text(), "W 10 D 0 L 0, score 1.000 +- 0.000 (95%)");
}

TEST(FlipMatch, EngineBeatsTheRandomPlayer) {
  FlipLimits limits;
  limits.depth = 2;
  const FlipMatchResult r =
      play_flip_match(load_flip_rules("flip"), engine_player(limits), random_player(5), 10, 7);
  EXPECT_EQ(r.games(), 10);
  EXPECT_GE(r.wins, 9) << r.text();
}

TEST(FlipMatch, ColoursAlternateAndGamesEnd) {
  int games = 0;
  play_flip_match(load_flip_rules("flip-fixed"), greedy_player(), random_player(1), 4, 3,
                  [&games](int, const FlipPosition& pos, double points) {
                    EXPECT_NE(pos.end(), FlipEnd::kNone);
                    EXPECT_TRUE(points == 0 || points == 0.5 || points == 1);
                    ++games;
                  });
  EXPECT_EQ(games, 4);
}

}  // namespace
}  // namespace jungle::flip
