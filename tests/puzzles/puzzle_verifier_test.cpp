// The puzzle verifier and its themes on hand-set positions of the standard
// rules (Blue upper case, at the bottom; Blue's den d1, Red's d9; the traps
// c1 e1 d2 and c9 e9 d8), at a small depth so that the suite stays fast.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/position.h"
#include "core/rule_set.h"
#include "puzzles/puzzle.h"
#include "puzzles/themes.h"
#include "puzzles/verifier.h"
#include "tablebase/generate.h"
#include "tablebase/material.h"
#include "test_folder.h"

namespace jungle::puzzles {
namespace {

VerifyOptions small_options() {
  VerifyOptions o;
  o.depth = 6;
  o.max_player_moves = 4;
  o.hash_mb = 4;
  return o;
}

using Strings = std::vector<std::string>;

TEST(PuzzleVerifierTest, ASingleDenEntryThatWinsIsAPuzzle) {
  // Blue's Wolf on e9 steps into the den; Red's Elephant on d2 enters
  // Blue's den next move unless Blue wins now, so no other move wins.
  Verifier verifier(RuleSet::standard(), small_options());
  const Position pos = Position::from_fen("4W2/7/7/7/7/7/7/3e3/7 w 0 1");
  std::string why;
  const auto v = verifier.verify(pos, &why);
  ASSERT_TRUE(v) << why;
  EXPECT_EQ(v->puzzle.solution, Strings({"e9d9"}));
  EXPECT_EQ(v->puzzle.goal, Goal::kWin);
  EXPECT_EQ(v->puzzle.themes, Strings({"den-attack", "endgame"}));
  EXPECT_EQ(v->puzzle.variant, "standard");
  EXPECT_EQ(v->puzzle.fen, "4W2/7/7/7/7/7/7/3e3/7 w 0 1");
  EXPECT_EQ(v->puzzle.depth, 1);
  EXPECT_EQ(v->puzzle.rating, 1000);
  EXPECT_EQ(v->puzzle.id, puzzle_id("standard", pos));
}

TEST(PuzzleVerifierTest, ADenAttackOfTwoMovesKeepsItsForcedReply) {
  // Red's Wolf steps into Blue's trap d2, next to the den; Blue's Elephant
  // comes back to d3 and cannot take it in time (tests/tactics).
  Verifier verifier(RuleSet::standard(), small_options());
  std::string why;
  const auto v = verifier.verify(Position::from_fen("5L1/7/5T1/7/7/3E3/3w3/7/6p b 0 1"), &why);
  ASSERT_TRUE(v) << why;
  EXPECT_EQ(v->puzzle.solution, Strings({"d3d2", "d4d3", "d2d1"}));
  EXPECT_EQ(v->puzzle.themes, Strings({"den-attack", "endgame"}));
  EXPECT_EQ(v->puzzle.rating, 1275);  // depth 1, one more move, a quiet first move
  EXPECT_EQ(verifier.check(v->puzzle), "");
}

TEST(PuzzleVerifierTest, TwoWinningMovesAreNoPuzzle) {
  // The Wolf on e9 and the Cat on c9 can each step into the den.
  Verifier verifier(RuleSet::standard(), small_options());
  std::string why;
  EXPECT_FALSE(verifier.verify(Position::from_fen("2C1W2/7/7/7/7/7/7/3e3/7 w 0 1"), &why));
  EXPECT_EQ(why, "more than one move wins: c9d9 (mate 1), e9d9 (mate 1)");
}

TEST(PuzzleVerifierTest, AQuietPositionIsNoPuzzle) {
  Verifier verifier(RuleSet::standard(), small_options());
  std::string why;
  EXPECT_FALSE(verifier.verify(Position(RuleSet::standard()), &why));
  EXPECT_EQ(why.substr(0, why.find(':')), "no move wins and more than one holds");
}

TEST(PuzzleVerifierTest, ACaptureInATrapIsTaggedTrap) {
  // Red's Lion stands in Blue's trap c1, next to Blue's den: the Rat takes
  // it there (a piece in a trap loses its rank), and nothing else stops it.
  Verifier verifier(RuleSet::standard(), small_options());
  std::string why;
  const auto v = verifier.verify(Position::from_fen("c6/7/7/7/6E/7/7/7/1Rl4 w 0 1"), &why);
  ASSERT_TRUE(v) << why;
  EXPECT_EQ(v->puzzle.solution.front(), "b1c1");
  EXPECT_EQ(v->puzzle.goal, Goal::kWin);
  EXPECT_EQ(v->puzzle.themes, Strings({"trap", "endgame"}));
}

TEST(PuzzleVerifierTest, ThemesFromTheLine) {
  const RuleSetPtr rules = RuleSet::standard();
  // A Lion's jump across the river, then a Rat takes an Elephant: one line
  // of the player's moves with a reply between them.
  const Position pos = Position::from_fen("l6/7/7/7/7/7/1L5/Re5/7 w 0 1", rules);
  const Geometry& board = rules->geometry();
  const std::vector<Move> line = {*board.parse_move_text("b3b7"), *board.parse_move_text("a9a8"),
                                  *board.parse_move_text("a2b2")};
  EXPECT_EQ(tag_themes(pos, line, Goal::kWin), Strings({"river-jump", "rat-elephant", "endgame"}));
  EXPECT_EQ(tag_themes(pos, line, Goal::kDefend),
            Strings({"river-jump", "rat-elephant", "defence", "endgame"}));
}

TEST(PuzzleVerifierTest, CheckAcceptsTheStoredSolutionAndNamesAWrongOne) {
  Verifier verifier(RuleSet::standard(), small_options());
  const auto v = verifier.verify(Position::from_fen("4W2/7/7/7/7/7/7/3e3/7 w 0 1"));
  ASSERT_TRUE(v);
  EXPECT_EQ(verifier.check(v->puzzle), "");
  Puzzle wrong = v->puzzle;
  wrong.solution = {"e9e8"};
  EXPECT_EQ(verifier.check(wrong), "move 1 e9e8: the one move is now e9d9");
  wrong.goal = Goal::kDefend;
  EXPECT_EQ(verifier.check(wrong), "move 1 e9e8: it is now a puzzle to win");
}

TEST(PuzzleVerifierTest, TheEndgameTablesJudgeWhatTheyCover) {
  // The Wolf-against-Elephant table alone (two pieces: made in a moment).
  const web::TestFolder folder("puzzle-tables");
  tb::GenerateOptions opt;
  opt.out = folder.path();
  opt.materials = {*tb::Material::parse("W-e")};
  tb::generate(std::make_shared<const tb::TbRules>(RuleSet::standard()), opt);
  VerifyOptions options = small_options();
  options.tablebase_path = folder.path().string();
  Verifier verifier(RuleSet::standard(), options);
  ASSERT_NE(verifier.tablebase(), nullptr);
  std::string why;
  const auto v = verifier.verify(Position::from_fen("4W2/7/7/7/7/7/7/3e3/7 w 0 1"), &why);
  ASSERT_TRUE(v) << why;
  EXPECT_TRUE(v->tablebase);
  EXPECT_EQ(v->puzzle.solution, Strings({"e9d9"}));
  EXPECT_EQ(v->puzzle.depth, 1);
  // Without the Elephant's threat every Wolf move wins in the end: no puzzle.
  EXPECT_FALSE(verifier.verify(Position::from_fen("4W2/7/7/7/7/7/7/7/e6 w 0 1"), &why));
  EXPECT_EQ(why, "the tables: 3 moves win, 3 do not lose");
}

TEST(PuzzleVerifierTest, TheInitialRatingGrowsWithDepthAndLength) {
  EXPECT_EQ(initial_rating(1, 1, false), 1000);
  EXPECT_EQ(initial_rating(1, 1, true), 1200);
  EXPECT_EQ(initial_rating(8, 1, false), 1700);
  EXPECT_EQ(initial_rating(8, 3, true), 2050);
  EXPECT_EQ(initial_rating(40, 9, false), kRatingMax);
}

}  // namespace
}  // namespace jungle::puzzles
