// Error messages that are a contract with the user (a FEN, a move, a rule
// file, a protocol command refused): the whole text is pinned, where the
// tests beside them (bad_input_test, uci_test, variants_test) check only that
// it names the culprit. A changed wording is then a decision, not an accident.

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/variants.h"
#include "protocol/uci.h"
#include "rules_test_util.h"

namespace jungle {
namespace {

using test::fen_error;

namespace fs = std::filesystem;

constexpr const char* kStart = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L";

std::string move_error(const Position& pos, std::string_view text) {
  std::string error;
  if (parse_move(pos, text, &error)) return "(accepted)";
  return error;
}

TEST(ErrorMessageContract, FenCounters) {
  EXPECT_EQ(fen_error(std::string(kStart) + " w abc 1"),
            "FEN plies since the last capture 'abc' is not a whole number from 0 to 1000000");
  EXPECT_EQ(fen_error(std::string(kStart) + " w 0 zz"),
            "FEN move number 'zz' is not a whole number from 1 to 1000000");
  EXPECT_EQ(fen_error(std::string(kStart) + " w -3 1"),
            "FEN plies since the last capture '-3' is not a whole number from 0 to 1000000");
}

TEST(ErrorMessageContract, FenPieces) {
  EXPECT_EQ(fen_error("l5t/1d3c1/r1p1w1e/7/7/1E5/2W1P1R/1C3D1/T5L w 0 1"),
            "Blue Elephant on water square b4");
  EXPECT_EQ(fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C5/T2D2L w 0 1"),
            "Blue Dog in its own den d1");
  EXPECT_EQ(fen_error(std::string(kStart) + " x 0 1"),
            "FEN side to move 'x' is not 'w' (Blue) or 'b' (Red)");
}

TEST(ErrorMessageContract, Moves) {
  const Position start;
  EXPECT_EQ(move_error(start, "d4d5"), "illegal move d4d5: no piece on d4");
  EXPECT_EQ(move_error(start, "a7a6"),
            "illegal move a7a6: the Rat on a7 is Red's; Blue is to move");
  EXPECT_EQ(move_error(start, "a3a5"),
            "illegal move a3a5: an Elephant moves one square along a file or rank; a3a5 is "
            "neither");
  EXPECT_EQ(move_error(start, "c3c4"), "illegal move c3c4: Wolf may not enter the water at c4");
  const Position blocked = Position::from_fen("7/7/7/7/4r2/7/4L2/7/7 w");
  EXPECT_EQ(move_error(blocked, "e3e7"), "illegal move e3e7: Lion may not jump over the Rat on e5");
}

TEST(ErrorMessageContract, ProtocolRefusals) {
  std::istringstream in;
  std::ostringstream out;
  UciProtocol uci(in, out);
  uci.execute("position fen 8/7/7/7/7/7/7/7/7 w 0 1");
  uci.execute("position startpos");
  uci.execute("go depth 2 searchmoves a1a3");
  uci.wait_for_search();
  EXPECT_EQ(out.str(),
            "info string error: invalid FEN '8/7/7/7/7/7/7/7/7 w 0 1': FEN rank 9 has 8 files; "
            "expected 7\n"
            "info string error: go searchmoves: illegal move a1a3: a Tiger moves one square "
            "along a file or rank or jumps straight across a river; a1a3 is neither\n"
            "bestmove 0000\n");
}

class ErrorMessageContractFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter = 0;
    dir_ = fs::temp_directory_path() /
           ("jungle_error_messages_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Each issue of the rule file as "line:column: message".
  std::vector<std::string> issues_of(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    std::vector<std::string> out;
    for (const VariantIssue& issue : check_rules_file(dir_ / name))
      out.push_back(std::to_string(issue.line) + ":" + std::to_string(issue.column) + ": " +
                    issue.message);
    return out;
  }

  fs::path dir_;
};

TEST_F(ErrorMessageContractFiles, RuleFiles) {
  const std::string self = (dir_ / "self.toml").string();
  EXPECT_EQ(issues_of("self.toml", "inherits = \"self.toml\"\n"),
            std::vector<std::string>{"1:12: inheritance cycle: " + self + " -> " + self});
  EXPECT_EQ(issues_of("table.toml", "[rules]\n"),
            std::vector<std::string>{
                "1:2: unknown key 'rules' at the top level (known keys: name, inherits, "
                "description, start, ranks, capture, board, water, jumps, traps, den, end, "
                "pieces, hidden)"});
  EXPECT_EQ(issues_of("food.toml", "[den]\nfood_limit = 30\n"),
            std::vector<std::string>{"2:14: [den] food_limit needs own_allowed = true (a den the "
                                     "side may not enter cannot be occupied)"});
}

}  // namespace
}  // namespace jungle
