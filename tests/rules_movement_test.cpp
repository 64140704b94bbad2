// Movement rules of RULES.md under the default rule set: steps, edges, dens,
// water, the Rat in the water, and the Lion's and Tiger's jumps. Every
// expected list below was worked out by hand from the rules.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules_test_util.h"

namespace jungle {
namespace {

using test::check_cases;
using test::fen_pos;
using test::moves_from;
using test::moves_of;
using test::outcome;
using test::play;
using test::sorted;
using V = std::vector<std::string>;

const char* const kStartFen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

TEST(RulesMovement, StartPositionHas24MovesForBlue) {
  const V expected = {"a1a2", "a1b1",                  // Tiger
                      "g1f1", "g1g2",                  // Lion
                      "b2a2", "b2b1", "b2b3", "b2c2",  // Cat
                      "f2e2", "f2f1", "f2f3", "f2g2",  // Dog
                      "a3a2", "a3a4", "a3b3",          // Elephant
                      "c3b3", "c3c2", "c3d3",          // Wolf (c4 is water)
                      "e3d3", "e3e2", "e3f3",          // Leopard (e4 is water)
                      "g3f3", "g3g2", "g3g4"};         // Rat
  ASSERT_EQ(expected.size(), 24u);
  Position start;
  EXPECT_EQ(moves_of(start), sorted(expected));
  Position from_fen = fen_pos(kStartFen);
  EXPECT_EQ(moves_of(from_fen), sorted(expected));
  EXPECT_EQ(from_fen.side_to_move(), kBlue);
  EXPECT_EQ(from_fen.fen(), kStartFen);
  EXPECT_EQ(start.fen(), kStartFen);
}

TEST(RulesMovement, StartPositionHas24MovesForRed) {
  const V expected = {"a9a8", "a9b9",                  // Lion
                      "g9f9", "g9g8",                  // Tiger
                      "b8a8", "b8b7", "b8b9", "b8c8",  // Dog
                      "f8e8", "f8f7", "f8f9", "f8g8",  // Cat
                      "a7a6", "a7a8", "a7b7",          // Rat
                      "c7b7", "c7c8", "c7d7",          // Leopard (c6 is water)
                      "e7d7", "e7e8", "e7f7",          // Wolf (e6 is water)
                      "g7f7", "g7g6", "g7g8"};         // Elephant
  ASSERT_EQ(expected.size(), 24u);
  Position pos = fen_pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1");
  EXPECT_EQ(pos.side_to_move(), kRed);
  EXPECT_EQ(moves_of(pos), sorted(expected));
}

TEST(RulesMovement, OneStepOrthogonally) {
  check_cases({
      {"c6/7/7/7/7/7/3D3/7/7 w", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},  // Dog d3
  });
}

TEST(RulesMovement, BoardEdgesAndCorners) {
  check_cases({
      {"c6/7/7/7/7/7/7/7/D6 w", "", {"a1a2", "a1b1"}},  // Dog a1
      {"c5D/7/7/7/7/7/7/7/7 w", "", {"g9f9", "g9g8"}},  // Dog g9
      {"c6/7/7/7/D6/7/7/7/7 w", "", {"a5a4", "a5a6"}},  // Dog a5 (b5 water)
      {"c6/7/7/7/7/6D/7/7/7 w", "", {"g4g3", "g4g5"}},  // Dog g4 (f4 water)
      {"6C/7/7/7/7/7/7/7/d6 b", "", {"a1a2", "a1b1"}},  // Red Dog a1
  });
}

TEST(RulesMovement, OwnDenIsForbidden) {
  check_cases({
      {"c6/7/7/7/7/7/7/7/2D4 w", "", {"c1b1", "c1c2"}},          // Dog c1, not d1
      {"c6/7/7/7/7/7/7/7/4D2 w", "", {"e1e2", "e1f1"}},          // Dog e1, not d1
      {"c6/7/7/7/7/7/7/3D3/7 w", "", {"d2c2", "d2d3", "d2e2"}},  // Dog d2, not d1
      {"4d2/7/7/7/7/7/7/7/C6 b", "", {"e9e8", "e9f9"}},          // Red Dog e9, not d9
      {"7/3d3/7/7/7/7/7/7/C6 b", "", {"d8c8", "d8d7", "d8e8"}},  // Red Dog d8, not d9
      {"2d4/7/7/7/7/7/7/7/C6 b", "", {"c9b9", "c9c8"}},          // Red Dog c9, not d9
  });
}

TEST(RulesMovement, EnteringTheEnemyDenWins) {
  Position blue = fen_pos("c6/3D3/7/7/7/7/7/7/7 w");  // Blue Dog d8
  EXPECT_EQ(moves_of(blue), sorted({"d8c8", "d8d7", "d8d9", "d8e8"}));
  EXPECT_EQ(outcome(blue), test::kOngoing);
  ASSERT_TRUE(play(blue, "d8d9"));
  EXPECT_EQ(outcome(blue), (test::Outcome{GameResult::kBlueWins, Termination::kDenEntered}));
  EXPECT_EQ(moves_of(blue), V{});

  Position red = fen_pos("6C/7/7/7/7/7/7/3d3/7 b");  // Red Dog d2
  EXPECT_EQ(moves_of(red), sorted({"d2c2", "d2d1", "d2d3", "d2e2"}));
  ASSERT_TRUE(play(red, "d2d1"));
  EXPECT_EQ(outcome(red), (test::Outcome{GameResult::kRedWins, Termination::kDenEntered}));
  EXPECT_EQ(moves_of(red), V{});
}

TEST(RulesMovement, NonSwimmersStayOutOfTheWater) {
  check_cases({
      {"c6/7/7/7/3E3/7/7/7/7 w", "", {"d5d4", "d5d6"}},          // Elephant between rivers
      {"r6/7/7/7/7/7/1C5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},  // Cat b3 (b4 water)
      {"c6/7/1W5/7/7/7/7/7/7 w", "", {"b7a7", "b7b8", "b7c7"}},  // Wolf b7 (b6 water)
      {"c6/7/7/7/6P/7/7/7/7 w", "", {"g5g4", "g5g6"}},           // Leopard g5 (f5 water)
      {"c6/7/4D2/7/7/7/7/7/7 w", "", {"e7d7", "e7e8", "e7f7"}},  // Dog e7 (e6 water)
      {"c6/7/7/7/E6/7/7/7/7 w", "", {"a5a4", "a5a6"}},           // Elephant a5 (b5 water)
      {"7/7/7/7/7/3p3/7/7/6C b", "", {"d4d3", "d4d5"}},          // Red Leopard d4
  });
}

TEST(RulesMovement, RatEntersTheWater) {
  check_cases({
      {"c6/7/7/7/7/7/1R5/7/7 w", "", {"b3a3", "b3b2", "b3b4", "b3c3"}},
      {"c6/7/7/7/3R3/7/7/7/7 w", "", {"d5c5", "d5d4", "d5d6", "d5e5"}},
      {"c6/7/7/R6/7/7/7/7/7 w", "", {"a6a5", "a6a7", "a6b6"}},
      {"c6/7/5R1/7/7/7/7/7/7 w", "", {"f7e7", "f7f6", "f7f8", "f7g7"}},
  });
}

TEST(RulesMovement, RatMovesInAndLeavesTheWater) {
  check_cases({
      {"c6/7/7/7/1R5/7/7/7/7 w", "", {"b5a5", "b5b4", "b5b6", "b5c5"}},
      {"c6/7/7/7/7/2R4/7/7/7 w", "", {"c4b4", "c4c3", "c4c5", "c4d4"}},
      {"c6/7/7/5R1/7/7/7/7/7 w", "", {"f6e6", "f6f5", "f6f7", "f6g6"}},
      {"c6/7/7/7/7/4R2/7/7/7 w", "", {"e4d4", "e4e3", "e4e5", "e4f4"}},
      {"7/7/7/2r4/7/7/7/7/6C b", "", {"c6b6", "c6c5", "c6c7", "c6d6"}},  // Red Rat
  });
}

TEST(RulesMovement, VerticalJumpsFromEveryBankSquare) {
  check_cases({
      {"c6/7/7/7/7/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},
      {"c6/7/7/7/7/7/2T4/7/7 w", "", {"c3b3", "c3c2", "c3c7", "c3d3"}},
      {"c6/7/7/7/7/7/4L2/7/7 w", "", {"e3d3", "e3e2", "e3e7", "e3f3"}},
      {"c6/7/7/7/7/7/5T1/7/7 w", "", {"f3e3", "f3f2", "f3f7", "f3g3"}},
      {"c6/7/1L5/7/7/7/7/7/7 w", "", {"b7a7", "b7b3", "b7b8", "b7c7"}},
      {"c6/7/2T4/7/7/7/7/7/7 w", "", {"c7b7", "c7c3", "c7c8", "c7d7"}},
      {"c6/7/4L2/7/7/7/7/7/7 w", "", {"e7d7", "e7e3", "e7e8", "e7f7"}},
      {"c6/7/5T1/7/7/7/7/7/7 w", "", {"f7e7", "f7f3", "f7f8", "f7g7"}},
      {"7/7/2l4/7/7/7/7/7/6C b", "", {"c7b7", "c7c3", "c7c8", "c7d7"}},  // Red Lion
      {"7/7/7/7/7/7/5t1/7/6C b", "", {"f3e3", "f3f2", "f3f7", "f3g3"}},  // Red Tiger
  });
}

TEST(RulesMovement, HorizontalJumpsFromEveryBankSquare) {
  check_cases({
      {"c6/7/7/7/7/L6/7/7/7 w", "", {"a4a3", "a4a5", "a4d4"}},
      {"c6/7/7/7/T6/7/7/7/7 w", "", {"a5a4", "a5a6", "a5d5"}},
      {"c6/7/7/L6/7/7/7/7/7 w", "", {"a6a5", "a6a7", "a6d6"}},
      {"c6/7/7/7/7/3T3/7/7/7 w", "", {"d4a4", "d4d3", "d4d5", "d4g4"}},
      {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},
      {"c6/7/7/3T3/7/7/7/7/7 w", "", {"d6a6", "d6d5", "d6d7", "d6g6"}},
      {"c6/7/7/7/7/6L/7/7/7 w", "", {"g4d4", "g4g3", "g4g5"}},
      {"c6/7/7/7/6T/7/7/7/7 w", "", {"g5d5", "g5g4", "g5g6"}},
      {"c6/7/7/6L/7/7/7/7/7 w", "", {"g6d6", "g6g5", "g6g7"}},
      {"7/7/7/7/3t3/7/7/7/6C b", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},  // Red Tiger
  });
}

TEST(RulesMovement, OtherAnimalsDoNotJump) {
  check_cases({
      {"c6/7/7/7/7/7/1P5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},  // Leopard
      {"c6/7/7/7/7/7/2E4/7/7 w", "", {"c3b3", "c3c2", "c3d3"}},  // Elephant
      {"c6/7/7/7/R6/7/7/7/7 w", "", {"a5a4", "a5a6", "a5b5"}},   // Rat swims, never jumps
  });
}

TEST(RulesMovement, VerticalJumpBlockedByARatOnEachCrossedSquare) {
  check_cases({
      // Blue Lion b3 with a Blue or Red Rat on b4, b5, b6.
      {"c6/7/7/7/7/1R5/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      {"c6/7/7/7/1R5/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      {"c6/7/7/1R5/7/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      {"c6/7/7/7/7/1r5/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      {"c6/7/7/7/1r5/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      {"c6/7/7/1r5/7/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},
      // Red Lion f7 with a Blue or Red Rat on f6, f5, f4.
      {"7/7/5l1/5R1/7/7/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      {"7/7/5l1/7/5R1/7/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      {"7/7/5l1/7/7/5R1/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      {"7/7/5l1/5r1/7/7/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      {"7/7/5l1/7/5r1/7/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      {"7/7/5l1/7/7/5r1/7/7/6C b", "f7", {"f7e7", "f7f8", "f7g7"}},
      // A Rat in the neighbouring column does not block.
      {"c6/7/7/7/2r4/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3b7", "b3c3"}},
  });
}

TEST(RulesMovement, HorizontalJumpBlockedByARatOnEachCrossedSquare) {
  check_cases({
      // Blue Tiger d5: a Rat on c5 or b5 blocks the jump west, on e5 or f5 the jump east.
      {"c6/7/7/7/2RT3/7/7/7/7 w", "d5", {"d5d4", "d5d6", "d5g5"}},
      {"c6/7/7/7/1R1T3/7/7/7/7 w", "d5", {"d5d4", "d5d6", "d5g5"}},
      {"c6/7/7/7/3TR2/7/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6"}},
      {"c6/7/7/7/3T1R1/7/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6"}},
      {"c6/7/7/7/2rT3/7/7/7/7 w", "d5", {"d5d4", "d5d6", "d5g5"}},
      {"c6/7/7/7/1r1T3/7/7/7/7 w", "d5", {"d5d4", "d5d6", "d5g5"}},
      {"c6/7/7/7/3Tr2/7/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6"}},
      {"c6/7/7/7/3T1r1/7/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6"}},
      // Blue Tiger a5 with a Rat on b5 or c5.
      {"c6/7/7/7/TR5/7/7/7/7 w", "a5", {"a5a4", "a5a6"}},
      {"c6/7/7/7/T1R4/7/7/7/7 w", "a5", {"a5a4", "a5a6"}},
      {"c6/7/7/7/Tr5/7/7/7/7 w", "a5", {"a5a4", "a5a6"}},
      {"c6/7/7/7/T1r4/7/7/7/7 w", "a5", {"a5a4", "a5a6"}},
      // Blue Lion g4 with a Rat on f4 or e4.
      {"c6/7/7/7/7/4R1L/7/7/7 w", "g4", {"g4g3", "g4g5"}},
      {"c6/7/7/7/7/5RL/7/7/7 w", "g4", {"g4g3", "g4g5"}},
      {"c6/7/7/7/7/4r1L/7/7/7 w", "g4", {"g4g3", "g4g5"}},
      {"c6/7/7/7/7/5rL/7/7/7 w", "g4", {"g4g3", "g4g5"}},
      // Red Tiger d6 with a Rat on c6 or b6.
      {"7/7/7/2Rt3/7/7/7/7/6C b", "d6", {"d6d5", "d6d7", "d6g6"}},
      {"7/7/7/1R1t3/7/7/7/7/6C b", "d6", {"d6d5", "d6d7", "d6g6"}},
      {"7/7/7/2rt3/7/7/7/7/6C b", "d6", {"d6d5", "d6d7", "d6g6"}},
      {"7/7/7/1r1t3/7/7/7/7/6C b", "d6", {"d6d5", "d6d7", "d6g6"}},
      // A Rat in another row does not block.
      {"c6/7/7/7/3T3/2r4/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6", "d5g5"}},
  });
}

TEST(RulesMovement, JumpNeverLandsOnOwnPiece) {
  check_cases({
      {"c6/7/1D5/7/7/7/1L5/7/7 w", "b3", {"b3a3", "b3b2", "b3c3"}},  // Blue Dog on b7
  });
}

TEST(RulesMovement, JumpCapturesByRank) {
  check_cases({
      {"c6/7/1t5/7/7/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},  // Lion takes Tiger
      {"c6/7/1l5/7/7/7/1T5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},          // Tiger not Lion
      {"c6/7/7/7/3T2t/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},   // Tiger = Tiger
      {"c6/7/7/7/e2L3/7/7/7/7 w", "", {"d5d4", "d5d6", "d5g5"}},           // Lion not Elephant
      {"c6/7/4L2/7/7/7/4r2/7/7 w", "", {"e7d7", "e7e3", "e7e8", "e7f7"}},  // Rat on land
      {"7/7/2t4/7/7/7/2P4/7/7 b", "", {"c7b7", "c7c3", "c7c8", "c7d7"}},   // Red Tiger, Leopard
      {"7/7/2t4/7/7/7/2E4/7/7 b", "", {"c7b7", "c7c8", "c7d7"}},           // Red Tiger, Elephant
  });
}

TEST(RulesMovement, JumpCaptureRemovesTheTarget) {
  Position pos = fen_pos("c6/7/1t5/7/7/7/1L5/7/7 w");
  ASSERT_TRUE(play(pos, "b3b7"));
  EXPECT_EQ(pos.piece_on(test::sq("b7")), make_piece(kBlue, kLion));
  EXPECT_EQ(pos.piece_on(test::sq("b3")), Piece(kNoPiece));
  EXPECT_EQ(pos.pieces(kRed, kTiger), Bitboard(0));
  EXPECT_EQ(pos.plies_since_capture(), 0);
  EXPECT_EQ(pos.side_to_move(), kRed);
  EXPECT_EQ(pos.fen(), "c6/7/1L5/7/7/7/7/7/7 b 0 1");
}

}  // namespace
}  // namespace jungle
