#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "flip/flip_record.h"
#include "ui/flip_terminal.h"

namespace jungle {
namespace {

std::string play(FlipTerminalOptions options, const std::string& input, int* code = nullptr) {
  std::istringstream in(input);
  std::ostringstream out;
  const int c = run_flip_terminal(options, in, out);
  if (code) *code = c;
  return out.str();
}

FlipTerminalOptions hot_seat() {
  FlipTerminalOptions o;
  o.human = {true, true};
  o.seed = 3;
  return o;
}

TEST(FlipTerminal, ShowsFaceDownTilesAndThePool) {
  const std::string out = play(hot_seat(), "b2?=L\nquit\n");
  EXPECT_NE(out.find(" 2  ? ? ? ?\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Face down (16): Blue Rat Cat Dog Wolf Leopard Tiger Lion Elephant; Red Rat "
                     "Cat Dog Wolf Leopard Tiger Lion Elephant\n"),
            std::string::npos);
  EXPECT_NE(out.find("First player plays b2? and reveals the Blue Lion (b2?=L)\n"
                     " 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? L ? ?\n 1  ? ? ? ?\n    a b c d\n"
                     "Face down (15): Blue Rat Cat Dog Wolf Leopard Tiger Elephant; Red Rat Cat "
                     "Dog Wolf Leopard Tiger Lion Elephant\nRed to move\n"),
            std::string::npos)
      << out;
}

TEST(FlipTerminal, AFlipDrawsFromThePoolAndIllegalInputIsRefused) {
  const std::string out = play(hot_seat(), "c3?\ne5\nc3?\nquit\n");
  EXPECT_NE(out.find("First player plays c3? and reveals the "), std::string::npos) << out;
  EXPECT_NE(out.find("error: 'e5' is not a legal move or flip here (type moves)\n"),
            std::string::npos);
  EXPECT_NE(out.find("error: 'c3?' is not a legal move or flip here (type moves)\n"),
            std::string::npos);
}

TEST(FlipTerminal, HotSeatGameToItsEnd) {
  FlipTerminalOptions o = hot_seat();
  o.fen = "3R/4/4/lL2 w - 0 1";
  const std::string out = play(o, "b1a1\n");
  EXPECT_NE(out.find("Blue plays b1a1 (b1a1)\n 4  . . . R\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Game over: 1-0 (all captured)\n"), std::string::npos) << out;
}

TEST(FlipTerminal, EngineAgainstEnginePlaysAGameAndSavesIt) {
  FlipTerminalOptions o;
  o.human = {false, false};
  o.movetime_ms = 5;
  o.seed = 11;
  // From a middle game, so that the game is short.
  o.fen = "L?e1/?r?1/1?W?/c??E b RCDTdwp 3 9";
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_terminal_test_game.pgn";
  o.save_file = file.string();
  const std::string out = play(o, "");
  EXPECT_NE(out.find("Game over: "), std::string::npos) << out;
  std::ifstream f(file);
  std::stringstream text;
  text << f.rdbuf();
  const flip::FlipRecord record = flip::read_flip_record(text.str());
  EXPECT_NE(record.position.end(), flip::FlipEnd::kNone);
  EXPECT_NE(out.find("Game over: " + std::string(result_tag([&] {
                       GameResult r;
                       record.position.end(&r);
                       return r;
                     }()))),
            std::string::npos);
  std::filesystem::remove(file);
}

TEST(FlipTerminal, PlayCommandReachesTheFlipGame) {
  const std::string command = std::string("printf 'b2?=l\\nquit\\n' | ") + JUNGLE_BINARY +
                              " play --variant flip --side both --seed 1";
  FILE* p = popen(command.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0);
  EXPECT_NE(out.find("First player plays b2? and reveals the Red Lion (b2?=l)\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Blue to move\n"), std::string::npos);
}

TEST(FlipTerminal, ASavedGameLoadsAndGoesOn) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_terminal_load_test.pgn";
  // Blue's Lion and Red's Lion meet: both die.
  play(hot_seat(), "b2?=L\nc2?=l\nb2c2\nsave " + file.string() + "\nquit\n");
  FlipTerminalOptions o = hot_seat();
  o.load_file = file.string();
  int code = -1;
  const std::string out = play(o, "undo\nb2c2\nquit\n", &code);
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("Loaded " + file.string() + ": 3 plies\n"), std::string::npos) << out;
  // The loaded game, then its last ply taken back and played again.
  EXPECT_NE(out.find(" 2  ? . . ?\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" 2  ? L l ?\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Blue plays b2c2 (b2c2)\n"), std::string::npos) << out;
  // The same from the session: load replaces the game.
  const std::string again = play(hot_seat(), "load " + file.string() + "\nmoves\nquit\n");
  EXPECT_NE(again.find("Loaded " + file.string() + ": 3 plies\n"), std::string::npos) << again;
  EXPECT_NE(again.find("Red to move\n"), std::string::npos) << again;
  // What does not load says why and leaves the game as it was.
  const std::string bad = play(hot_seat(), "load /no/such/file.pgn\nquit\n");
  EXPECT_NE(bad.find("error: cannot read "), std::string::npos) << bad;
  o.load_file = "/no/such/file.pgn";
  EXPECT_NE(play(o, "", &code).find("error: cannot read "), std::string::npos);
  EXPECT_EQ(code, 2);
  std::filesystem::remove(file);
}

TEST(FlipTerminal, PlayCommandLoadsAFlipRecordByItsVariant) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_play_load_test.pgn";
  {
    std::ofstream f(file);
    f << "[Variant \"flip-fixed\"]\n\n1. a1?=T d4?=e *\n";
  }
  // No --variant: the record's tag picks Flip Jungle.
  const std::string command = std::string("printf 'quit\\n' | ") + JUNGLE_BINARY +
                              " play --side both --load " + file.string();
  FILE* p = popen(command.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0);
  EXPECT_NE(out.find("Flip Jungle (flip-fixed)"), std::string::npos) << out;
  EXPECT_NE(out.find(" 4  ? ? ? e\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" 1  T ? ? ?\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Blue to move\n"), std::string::npos) << out;
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace jungle
