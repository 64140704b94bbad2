// The puzzle database's lines: written and read back, malformed ones
// refused with the line and the field named; and `jungle puzzles check`
// on a tiny file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/position.h"
#include "puzzles/puzzle.h"
#include "run_command_util.h"
#include "test_folder.h"

namespace jungle::puzzles {
namespace {

const std::string kGood =
    R"({"id":"0123456789ab","variant":"standard","fen":"4W2/7/7/7/7/7/7/3e3/7 w 0 1",)"
    R"("goal":"win","solution":["e9d9"],"themes":["den-attack","endgame"],"rating":1000,)"
    R"("depth":1,"source":"hand-set"})";

std::string error_of(const std::string& line) {
  try {
    parse_puzzle_line(line, 7);
  } catch (const PuzzleFormatError& e) {
    return e.what();
  }
  return "no error";
}

// kGood with `from` replaced by `to`.
std::string with(const std::string& from, const std::string& to) {
  std::string s = kGood;
  const size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return s.replace(at, from.size(), to);
}

TEST(PuzzleDatabaseTest, ALineIsWrittenAndReadBack) {
  const Puzzle p = parse_puzzle_line(kGood, 1);
  EXPECT_EQ(puzzle_json(p), kGood);
  EXPECT_EQ(p.solution, std::vector<std::string>({"e9d9"}));
  EXPECT_EQ(p.goal, Goal::kWin);
  EXPECT_EQ(puzzle_id("standard", Position::from_fen("4W2/7/7/7/7/7/7/3e3/7 w 0 1")),
            puzzle_id("standard", Position::from_fen("4W2/7/7/7/7/7/7/3e3/7 w 12 40")));
}

TEST(PuzzleDatabaseTest, MalformedLinesNameTheLineAndTheField) {
  EXPECT_EQ(error_of("{\"id\": "), "line 7: not valid JSON");
  EXPECT_EQ(error_of("[1, 2]"), "line 7: not a JSON object");
  EXPECT_EQ(error_of(with(R"("id":"0123456789ab",)", "")), "line 7: field 'id' is missing");
  EXPECT_EQ(error_of(with(R"("rating":1000)", R"("rating":"high")")),
            "line 7: field 'rating' must be an integer");
  EXPECT_EQ(error_of(with(R"("rating":1000)", R"("rating":99999)")),
            "line 7: field 'rating' must be between 0 and 4000, not 99999");
  EXPECT_EQ(error_of(with("4W2/7/7/7/7/7/7/3e3/7", "4W2/7/7/7/7/7/7/3e3")),
            "line 7: field 'fen' is not a position: FEN placement has 8 ranks; expected 9");
  EXPECT_EQ(error_of(with(R"("variant":"standard")", R"("variant":"chess")")),
            "line 7: field 'variant' names no shipped rule set: 'chess'");
  EXPECT_EQ(error_of(with(R"("goal":"win")", R"("goal":"draw")")),
            "line 7: field 'goal' must be \"win\" or \"defend\", not \"draw\"");
  EXPECT_EQ(error_of(with(R"(["e9d9"])", R"(["e9d9","d2d1"])")),
            "line 7: field 'solution' must end with a move of the player");
  EXPECT_EQ(error_of(with(R"(["e9d9"])", R"(["e9e7"])")),
            "line 7: field 'solution' move 1: illegal move e9e7: a Wolf moves one square along a "
            "file or rank; e9e7 is neither");
  EXPECT_EQ(error_of(with(R"(["e9d9"])", R"(["e9d9","d2d1","a1a2"])")),
            "line 7: field 'solution' goes on after the game is over, at move 2");
  EXPECT_EQ(error_of(with(R"(["e9d9"])", R"([])")), "line 7: field 'solution' has no move");
  EXPECT_EQ(error_of(with(R"(["e9d9"])", R"(["e9d9",3])")),
            "line 7: field 'solution' must be an array of strings");
  EXPECT_EQ(error_of(with(R"("endgame")", R"("fork")")),
            "line 7: field 'themes' names an unknown theme 'fork'");
}

TEST(PuzzleDatabaseTest, ADatabaseKeepsItsGoodLinesAndListsItsBadOnes) {
  const Database db = read_database(kGood + "\n\n" + "oops\n" + kGood + "\r\n");
  ASSERT_EQ(db.puzzles.size(), 2u);
  EXPECT_EQ(db.puzzles[0].line, 1);
  EXPECT_EQ(db.puzzles[1].line, 4);
  ASSERT_EQ(db.errors.size(), 1u);
  EXPECT_STREQ(db.errors[0].what(), "line 3: not valid JSON");
}

TEST(PuzzleDatabaseTest, CheckReportsBadLinesByNumber) {
  const web::TestFolder folder("puzzles-check");
  const std::filesystem::path file = folder.path() / "tiny.jsonl";
  std::ofstream(file) << kGood << "\n"
                      << with(R"(["e9d9"])", R"(["e9e8"])") << "\n"
                      << "{\"id\": 3}\n";
  std::string output;
  const int status = run_command(
      std::string(JUNGLE_BINARY) + " puzzles check --depth 4 " + file.string() + " 2>&1", output);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(output,
            "line 2: puzzle 0123456789ab: move 1 e9e8: the one move is now e9d9\n"
            "line 3: field 'id' must be a string\n"
            "checked 2 puzzles: 1 good, 1 no longer unique, 1 malformed lines\n");
}

}  // namespace
}  // namespace jungle::puzzles
