#include <gtest/gtest.h>

#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::Session;
using testing_uci::starts_with;

std::string last(const std::vector<std::string>& lines) {
  return lines.empty() ? "" : lines.back();
}

TEST(FlipUci, SelectsAFlipSetAndAnswersAFlipFromTheStart) {
  Session s;
  EXPECT_TRUE(s.send("setoption name Variant value flip").empty());
  EXPECT_TRUE(s.send("position startpos").empty());
  const std::vector<std::string> out = s.send("go depth 2");
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score cp ")) << out[0];
  EXPECT_TRUE(starts_with(out[1], "info string expected score ")) << out[1];
  const std::string best = last(out);
  ASSERT_EQ(best.size(), std::string("bestmove a1?").size()) << best;
  EXPECT_TRUE(starts_with(best, "bestmove ")) << best;
  EXPECT_EQ(best.back(), '?');
}

TEST(FlipUci, PlaysMovesAndFlipsWithTheirOutcomes) {
  Session s;
  s.send("setoption name Variant value flip");
  EXPECT_TRUE(s.send("position startpos moves b2?=L c2?=l a1?=r").empty());
  const std::vector<std::string> d = s.send("d");
  ASSERT_GE(d.size(), 7u);
  EXPECT_EQ(d[0], " 4  ? ? ? ?");
  EXPECT_EQ(d[2], " 2  ? L l ?");
  EXPECT_EQ(d[3], " 1  r ? ? ?");
  EXPECT_EQ(d[5], "Fen: \?\?\?\?/\?\?\?\?/?Ll?/r??? b RCDWPTEcdwpte 0 2");
  const std::vector<std::string> out = s.send("go depth 2");
  EXPECT_TRUE(starts_with(last(out), "bestmove ")) << last(out);
}

TEST(FlipUci, ReportsAWinAsMateAndTheExpectedScore) {
  Session s;
  s.send("setoption name Variant value flip");
  s.send("position fen 3R/4/4/lL2 w - 0 1");
  const std::vector<std::string> out = s.send("go depth 4");
  ASSERT_GE(out.size(), 3u);
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score mate 1 nodes ")) << out[0];
  EXPECT_EQ(out[1], "info string expected score +999.00");
  EXPECT_EQ(last(out), "bestmove b1a1");
}

TEST(FlipUci, ReportsTheTablesVerdictWithoutAMateDistance) {
  // The tables prove the Lion wins against the Cat, but not in how many
  // moves: this was reported as "score mate 98".
  Session s;
  s.send("setoption name Variant value flip");
  s.send("position fen L3/4/4/2c1 w - 0 1");
  const std::vector<std::string> out = s.send("go depth 3");
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(starts_with(out[0], "info depth 1 multipv 1 score cp ")) << out[0];
  EXPECT_EQ(out[1], "info string a win by the endgame tables");
  EXPECT_TRUE(starts_with(last(out), "bestmove ")) << last(out);
}

TEST(FlipUci, RejectsFlipsWithoutOutcomeAndUnknownPlies) {
  Session s;
  s.send("setoption name Variant value flip");
  EXPECT_EQ(
      last(s.send("position startpos moves b2?")),
      "info string error: move 1 b2? is a flip without what it revealed: write it like b2?=L");
  EXPECT_EQ(last(s.send("position startpos moves b2?=L b2a2")),
            "info string error: move 2 b2a2 is not legal here");
  EXPECT_EQ(last(s.send("go depth 1")), "bestmove 0000");
  // A finished game: no action to give.
  s.send("position fen 4/4/e3/Cl2 w - 0 1");
  EXPECT_EQ(last(s.send("go depth 3")), "bestmove 0000");
}

TEST(FlipUci, SwitchingBackToTheBoardGameWorks) {
  Session s;
  s.send("setoption name Variant value flip-fixed");
  s.send("position startpos");
  EXPECT_EQ(s.send("d")[5], "Fen: \?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? w RCDWPTLErcdwptle 0 1");
  s.send("setoption name Variant value standard");
  s.send("position startpos moves a3a4");
  EXPECT_TRUE(starts_with(last(s.send("go depth 2")), "bestmove "));
}

}  // namespace
}  // namespace jungle
