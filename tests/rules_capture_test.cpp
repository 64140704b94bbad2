// Capture rules of RULES.md under the default rule set: ranks, the Rat and the
// Elephant, the water's edge and the traps. Expected lists are worked out by hand.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules_test_util.h"

namespace jungle {
namespace {

using test::fen_pos;
using test::has_move;
using test::moves_from;
using test::moves_of;
using test::outcome;
using test::play;
using test::sorted;
using V = std::vector<std::string>;

struct AllMovesCase {
  const char* fen;
  V expected;  // every legal move of the side to move
};

void check_all_moves(const std::vector<AllMovesCase>& cases) {
  for (const AllMovesCase& c : cases) {
    SCOPED_TRACE(c.fen);
    EXPECT_EQ(moves_of(fen_pos(c.fen)), sorted(c.expected));
  }
}

// Which animals each animal takes on open land, written out from the rank
// table: equal ranks capture, the Rat takes the Elephant, the Elephant never
// takes the Rat.
struct RankRow {
  char attacker;
  const char* takes;
};
const RankRow kRankTable[] = {
    {'R', "RE"},    {'C', "RC"},     {'D', "RCD"},     {'W', "RCDW"},
    {'P', "RCDWP"}, {'T', "RCDWPT"}, {'L', "RCDWPTL"}, {'E', "CDWPTLE"},
};

TEST(RulesCapture, RankTableOnLandForBlue) {
  for (const RankRow& row : kRankTable) {
    for (char target : std::string("RCDWPTLE")) {
      // Blue attacker on g7, Red target on g8.
      std::string fen = "7/6" + std::string(1, char(target + 32)) + "/6" +
                        std::string(1, row.attacker) + "/7/7/7/7/7/7 w";
      SCOPED_TRACE(fen);
      bool expected = std::string(row.takes).find(target) != std::string::npos;
      EXPECT_EQ(has_move(fen_pos(fen), "g7g8"), expected);
    }
  }
}

TEST(RulesCapture, RankTableOnLandForRed) {
  for (const RankRow& row : kRankTable) {
    for (char target : std::string("RCDWPTLE")) {
      // Red attacker on g8, Blue target on g7.
      std::string fen = "7/6" + std::string(1, char(row.attacker + 32)) + "/6" +
                        std::string(1, target) + "/7/7/7/7/7/7 b";
      SCOPED_TRACE(fen);
      bool expected = std::string(row.takes).find(target) != std::string::npos;
      EXPECT_EQ(has_move(fen_pos(fen), "g8g7"), expected);
    }
  }
}

TEST(RulesCapture, HigherAndEqualRanksCapture) {
  check_all_moves({
      // Blue Dog d3; Red Wolf d4 (stronger), Red Cat c3 (weaker), Red Dog e3 (equal).
      {"7/7/7/7/7/3w3/2cDd2/7/7 w", {"d3c3", "d3d2", "d3e3"}},
  });
}

TEST(RulesCapture, RatTakesElephantButElephantNotRat) {
  check_all_moves({
      {"7/7/7/7/7/3e3/3R3/7/7 w", {"d3c3", "d3d2", "d3d4", "d3e3"}},  // Blue Rat takes
      {"7/7/7/7/7/3e3/3R3/7/7 b", {"d4d5"}},                          // Red Elephant may not
      {"7/7/7/7/6r/6E/7/7/7 w", {"g4g3"}},  // Blue Elephant g4 may not take the Rat on g5
  });
}

TEST(RulesCapture, RatInWaterAndRatOnLandCannotTakeEachOther) {
  check_all_moves({
      {"7/7/7/7/7/2R4/2r4/7/7 w", {"c4b4", "c4c5", "c4d4"}},  // Rat in c4 vs Rat on c3
      {"7/7/7/7/7/2r4/2R4/7/7 w", {"c3b3", "c3c2", "c3d3"}},  // Rat on c3 vs Rat in c4
      {"7/7/4R2/4r2/7/7/7/7/7 b", {"e6d6", "e6e5", "e6f6"}},  // Red Rat in e6 vs e7
  });
}

TEST(RulesCapture, RatInWaterAndElephantCannotTakeEachOther) {
  check_all_moves({
      {"7/7/7/7/7/2Re3/7/7/7 w", {"c4b4", "c4c3", "c4c5"}},  // Rat in c4, Elephant on d4
      {"7/7/7/7/7/2Re3/7/7/7 b", {"d4d3", "d4d5"}},          // the Elephant's moves
  });
}

TEST(RulesCapture, RatTakesRatWhenBothInWater) {
  check_all_moves({
      {"7/7/7/7/2r4/2R4/7/7/7 w", {"c4b4", "c4c3", "c4c5", "c4d4"}},
      {"7/7/7/7/2r4/2R4/7/7/7 b", {"c5b5", "c5c4", "c5c6", "c5d5"}},
  });
  Position pos = fen_pos("7/7/7/7/2r4/2R4/7/7/7 w");
  ASSERT_TRUE(play(pos, "c4c5"));
  EXPECT_EQ(pos.piece_on(test::sq("c5")), make_piece(kBlue, kRat));
  EXPECT_EQ(outcome(pos), (test::Outcome{GameResult::kBlueWins, Termination::kAllCaptured}));
}

TEST(RulesCapture, AnyPieceTakesAnEnemyOnItsTraps) {
  check_all_moves({
      {"7/7/7/7/7/7/7/7/1Ce4 w", {"b1a1", "b1b2", "b1c1"}},           // Cat takes Elephant on c1
      {"7/7/7/7/7/7/3R3/3l3/7 w", {"d3c3", "d3d2", "d3d4", "d3e3"}},  // Rat takes Lion on d2
      {"7/3L3/3r3/7/7/7/7/7/7 b", {"d7c7", "d7d6", "d7d8", "d7e7"}},  // Red Rat, Lion on d8
      {"4Tc1/7/7/7/7/7/7/7/7 b", {"f9e9", "f9f8", "f9g9"}},           // Red Cat, Tiger on e9
      // Off the trap the Elephant is safe from the Cat again.
      {"7/7/7/7/7/7/7/1Ce4/7 w", {"b2a2", "b2b1", "b2b3"}},
      // A trapped piece still captures by its rank (and may enter the enemy den).
      {"7/7/7/7/7/7/3T3/3l3/7 b", {"d2c2", "d2d1", "d2d3", "d2e2"}},
  });
}

TEST(RulesCapture, OwnTrapsDoNotWeaken) {
  check_all_moves({
      {"7/7/7/7/7/7/7/7/1cE4 b", {"b1a1", "b1b2"}},                   // Blue Elephant on its own c1
      {"7/7/7/7/7/7/3r3/3L3/7 b", {"d3c3", "d3d4", "d3e3"}},          // Blue Lion on its own d2
      {"1Cl4/7/7/7/7/7/7/7/7 w", {"b9a9", "b9b8"}},                   // Red Lion on its own c9
      {"7/7/7/7/7/7/7/2e4/2E4 b", {"c2b2", "c2c1", "c2c3", "c2d2"}},  // but rank still counts
  });
}

TEST(RulesCapture, ElephantTakesRatOnlyOnItsTrap) {
  check_all_moves({
      {"7/7/7/7/7/7/7/2E4/2r4 w", {"c2b2", "c2c1", "c2c3", "c2d2"}},  // Red Rat on c1
      {"7/7/7/7/7/7/2r4/2E4/7 w", {"c2b2", "c2c1", "c2d2"}},          // Red Rat on c3
      {"7/3R3/3e3/7/7/7/7/7/7 b", {"d7c7", "d7d6", "d7d8", "d7e7"}},  // Blue Rat on d8
  });
}

TEST(RulesCapture, CapturingTheLastPieceWins) {
  Position pos = fen_pos("7/7/7/7/7/7/7/7/1Ce4 w");
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "b1c1"));
  EXPECT_EQ(pos.pieces(kRed), Bitboard(0));
  EXPECT_EQ(pos.plies_since_capture(), 0);
  EXPECT_EQ(outcome(pos), (test::Outcome{GameResult::kBlueWins, Termination::kAllCaptured}));
  EXPECT_EQ(moves_of(pos), V{});
}

TEST(RulesCapture, UndoRestoresTheCapturedPiece) {
  Position pos = fen_pos("7/7/7/7/7/7/7/7/1Ce4 w");
  ASSERT_TRUE(play(pos, "b1c1"));
  pos.undo_move();
  EXPECT_EQ(pos.fen(), "7/7/7/7/7/7/7/7/1Ce4 w 0 1");
  EXPECT_EQ(moves_of(pos), sorted({"b1a1", "b1b2", "b1c1"}));
  EXPECT_EQ(moves_from(pos, "b1").size(), 3u);
}

}  // namespace
}  // namespace jungle
