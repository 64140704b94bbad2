// `jungle play` of Flip Jungle: the one terminal (ui/terminal_game.h) over
// the flip family's State, chance drawn from the seeded generator.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "flip/flip_record.h"
#include "terminal_test_util.h"

namespace jungle {
namespace {

using test::play_terminal;

TerminalOptions hot_seat() {
  TerminalOptions o;
  o.variant = "flip";
  o.human = {true, true};
  o.seed = 3;
  return o;
}

bool has(const std::string& out, const std::string& part) {
  return out.find(part) != std::string::npos;
}

TEST(FlipTerminal, ShowsFaceDownTilesAndThePool) {
  const std::string out = play_terminal(hot_seat(), "b2?=L\nquit\n");
  EXPECT_TRUE(has(out,
                  "\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? ? ? ?\n 1  ? ? ? ?\n    a b c d\n"
                  "Face down (16): Blue Rat Cat Dog Wolf Leopard Tiger Lion Elephant; Red Rat "
                  "Cat Dog Wolf Leopard Tiger Lion Elephant\n"
                  "Nobody has a colour yet: the first flip decides them.\n"
                  "Blue to move (Human).\n"))
      << out;
  EXPECT_TRUE(has(out,
                  "Human plays 1. b2? and reveals the Blue Lion (b2?=L)\n\n"
                  " 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? L ? ?\n 1  ? ? ? ?\n    a b c d\n"
                  "Face down (15): Blue Rat Cat Dog Wolf Leopard Tiger Elephant; Red Rat Cat "
                  "Dog Wolf Leopard Tiger Lion Elephant\n"
                  "Last move 1. b2?=L; Red to move (Human).\n"))
      << out;
}

// `flip` turns Flip Jungle's board around as it does the open game's: rank
// 1 at the top, file a on the right.
TEST(FlipTerminal, FlipTurnsTheBoardAround) {
  const std::string out = play_terminal(hot_seat(), "b2?=L\nflip\nflip\nquit\n");
  EXPECT_TRUE(has(out,
                  "\n 1  ? ? ? ?\n 2  ? ? L ?\n 3  ? ? ? ?\n 4  ? ? ? ?\n    d c b a\n"
                  "Face down (15): "))
      << out;
  // Turned back: as it was.
  const size_t turned = out.find("    d c b a\n");
  ASSERT_NE(turned, std::string::npos);
  EXPECT_NE(out.find("\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? L ? ?\n 1  ? ? ? ?\n    a b c d\n", turned),
            std::string::npos)
      << out;
}

TEST(FlipTerminal, AFlipDrawsFromThePoolAndIllegalInputIsRefused) {
  const std::string out = play_terminal(hot_seat(), "c3?\ne5\nc3?\nquit\n");
  // Seed 3's first draw.
  EXPECT_TRUE(has(out, "Human plays 1. c3? and reveals the Red Rat (c3?=r)\n")) << out;
  EXPECT_TRUE(has(out,
                  "Refused: 'e5' is not an action here: flip a face-down tile (\"b2?\") or move "
                  "a face-up piece of yours one step (\"a1a2\")\n"))
      << out;
  EXPECT_TRUE(has(out, "Refused: 'c3?' is not an action here: "));
}

TEST(FlipTerminal, HotSeatGameToItsEnd) {
  TerminalOptions o = hot_seat();
  o.fen = "3R/4/4/lL2 w - 0 1";
  const std::string out = play_terminal(o, "b1a1\n");
  EXPECT_TRUE(has(out, "Human plays 1. b1a1\n\n 4  . . . R\n")) << out;
  EXPECT_TRUE(has(out, "Game over: Blue wins: the other side has no pieces left. Result 1-0\n"))
      << out;
}

TEST(FlipTerminal, EngineAgainstEnginePlaysAGameAndSavesIt) {
  TerminalOptions o;
  o.variant = "flip";
  o.human = {false, false};
  o.movetime_ms = 5;
  o.seed = 11;
  // From a middle game, so that the game is short.
  o.fen = "L?e1/?r?1/1?W?/c??E b RCDTdwp 3 9";
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_terminal_test_game.pgn";
  o.save_file = file.string();
  const std::string out = play_terminal(o, "");
  std::ifstream f(file);
  std::stringstream text;
  text << f.rdbuf();
  const flip::FlipRecord record = flip::read_flip_record(text.str());
  EXPECT_NE(record.position.end(), flip::FlipEnd::kNone);
  GameResult r = GameResult::kOngoing;
  record.position.end(&r);
  EXPECT_TRUE(has(out, ". Result " + std::string(result_tag(r)) + "\n")) << out;
  EXPECT_TRUE(has(out, "Saved the game to " + file.string() + ".\n")) << out;
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
  EXPECT_TRUE(has(out, "Human plays 1. b2? and reveals the Red Lion (b2?=l)\n")) << out;
  // The first player turned out Red: Blue moves next.
  EXPECT_TRUE(has(out, "Last move 1. b2?=l; Blue to move (Human).\n")) << out;
}

TEST(FlipTerminal, ASavedGameLoadsAndGoesOn) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "flip_terminal_load_test.pgn";
  // Blue's Lion and Red's Lion meet: both die.
  play_terminal(hot_seat(), "b2?=L\nc2?=l\nb2c2\nsave " + file.string() + "\nquit\n");
  TerminalOptions o = hot_seat();
  o.load_file = file.string();
  int code = -1;
  const std::string out = play_terminal(o, "undo\nb2c2\nquit\n", &code);
  EXPECT_EQ(code, 0);
  EXPECT_TRUE(has(out, "Loaded game 1 of " + file.string() + " (3 plies).\n")) << out;
  // The loaded game, then its last ply taken back and played again.
  EXPECT_TRUE(has(out, " 2  ? . . ?\n")) << out;
  EXPECT_TRUE(has(out, "Took back 1 move.\n\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? L l ?\n")) << out;
  EXPECT_TRUE(has(out, "Human plays 2. b2c2\n")) << out;
  // The same from the session: load replaces the game.
  const std::string again = play_terminal(hot_seat(), "load " + file.string() + "\nquit\n");
  EXPECT_TRUE(has(again, "Loaded game 1 of " + file.string() + " (3 plies).\n")) << again;
  EXPECT_TRUE(has(again, "Last move 2. b2c2; Red to move (Human).\n")) << again;
  // What does not load says why and leaves the game as it was.
  const std::string bad = play_terminal(hot_seat(), "load /no/such/file.pgn\nquit\n");
  EXPECT_TRUE(has(bad, "error: cannot read ")) << bad;
  o.load_file = "/no/such/file.pgn";
  EXPECT_TRUE(has(play_terminal(o, "", &code), "error: cannot read "));
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
  EXPECT_TRUE(has(out, "jungle play: Flip Jungle (flip-fixed), Human (Blue)")) << out;
  EXPECT_TRUE(has(out, " 4  ? ? ? e\n")) << out;
  EXPECT_TRUE(has(out, " 1  T ? ? ?\n")) << out;
  EXPECT_TRUE(has(out, "Last move 1... d4?=e; Blue to move (Human).\n")) << out;
  std::filesystem::remove(file);
}

// What Flip Jungle gains from the one terminal: a hint from the engine, a
// new game, the position's FEN, and `level`, which the flip engine's Skill
// Level honours.
TEST(FlipTerminal, HintNewFenAndLevel) {
  TerminalOptions o = hot_seat();
  o.movetime_ms = 20;
  o.fen = "3R/4/4/lL2 w - 0 1";
  const std::string out = play_terminal(o, "moves\nhint\nlevel 3\nfen\nb1b2\nnew\nfen\nquit\n");
  EXPECT_TRUE(has(out, "Legal moves (5): b1a1 b1c1 b1b2 d4d3 d4c4\n")) << out;
  const size_t hint = out.find("Hint: ");
  ASSERT_NE(hint, std::string::npos) << out;
  const std::string action = out.substr(hint + 6, 4);
  EXPECT_TRUE(has("b1a1 b1c1 b1b2 d4d3 d4c4", action)) << out;
  EXPECT_TRUE(has(out, "Engine strength: Level 3 · casual.\n")) << out;
  EXPECT_TRUE(has(out, "\n3R/4/4/lL2 w - 0 1\n")) << out;
  EXPECT_TRUE(has(out, "Human plays 1. b1b2\n")) << out;
  // `new` goes back to the game's first position.
  EXPECT_TRUE(has(out, "New game.\n\n 4  . . . R\n 3  . . . .\n 2  . . . .\n 1  l L . .\n")) << out;
  EXPECT_NE(out.find("\n3R/4/4/lL2 w - 0 1\n"), out.rfind("\n3R/4/4/lL2 w - 0 1\n")) << out;
}

// --side blue is the player who flips first, whatever colour its flip
// turns out: here Red (seed 2 reveals the Red Lion), so the engine plays
// Blue, and `undo` takes back its reply and the person's flip with chance's
// outcome.
TEST(FlipTerminal, ThePersonKeepsItsSeatAfterTheFirstFlip) {
  TerminalOptions o;
  o.variant = "flip";
  o.seed = 2;
  o.movetime_ms = 5;
  const std::string out = play_terminal(o, "b2?\nundo\nquit\n");
  EXPECT_TRUE(has(out, "Human plays 1. b2? and reveals the Red Lion (b2?=l)\n")) << out;
  EXPECT_TRUE(
      has(out, "Last move 1. b2?=l; Blue to move (jungle engine, Level 8 · full strength).\n"))
      << out;
  EXPECT_TRUE(has(out, "jungle engine, Level 8 · full strength plays 1... ")) << out;
  EXPECT_TRUE(has(out, "Took back 2 moves.\n")) << out;
  EXPECT_TRUE(has(out, "Took back 2 moves.\n\n 4  ? ? ? ?\n 3  ? ? ? ?\n 2  ? ? ? ?\n")) << out;
}

}  // namespace
}  // namespace jungle
