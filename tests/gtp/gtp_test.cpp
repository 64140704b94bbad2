// GTP in KataGo-AnimalChess's dialect (docs/dialects.md): a transcript with
// each answer exact, the engine's two-stage genmove, and garbage lines.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/family.h"
#include "game/state.h"
#include "protocol/gtp.h"
#include "run_command_util.h"

namespace jungle {
namespace {

// One protocol fed a line at a time; each call returns what that line wrote.
class GtpSession {
 public:
  GtpSession() : gtp_(in_, out_) {}
  std::string send(const std::string& line) {
    const size_t before = out_.str().size();
    last_alive_ = gtp_.execute(line);
    return out_.str().substr(before);
  }
  bool alive() const { return last_alive_; }

 private:
  std::istringstream in_;
  std::ostringstream out_;
  GtpProtocol gtp_;
  bool last_alive_ = true;
};

// One line sent and the whole answer it must get.
struct Exchange {
  std::string line;
  std::string answer;
};

// A transcript: each line sent in turn, each answer exact; a failure names
// the line.
void expect_transcript(GtpSession& s, const std::vector<Exchange>& exchanges) {
  for (const Exchange& e : exchanges) EXPECT_EQ(s.send(e.line), e.answer) << "sent: " << e.line;
}

TEST(Gtp, AnswersTheAdministrativeCommandsExactly) {
  GtpSession s;
  expect_transcript(
      s, {{"1 protocol_version", "=1 2\n\n"},
          {"name", "= jungle\n\n"},
          {"known_command setfen", "= true\n\n"},
          {"known_command kata-set-param", "= true\n\n"},
          {"known_command frobnicate", "= false\n\n"},
          {"list_commands",
           "= protocol_version\nname\nversion\nknown_command\nlist_commands\nboardsize\n"
           "clear_board\nsetfen\nplay\ngenmove\nundo\nshowboard\nkata-set-param\n"
           "time_settings\ntime_left\nkgs-time_settings\nclear_cache\nquit\n\n"},
          {"boardsize 7 9", "= \n\n"},
          {"boardsize 19", "? unacceptable size '19': the board is 7x9\n\n"},
          {"frobnicate now", "? unknown command 'frobnicate' (list_commands names them)\n\n"},
          {"# a comment", ""},
          {"   ", ""}});
  EXPECT_TRUE(s.alive());
  EXPECT_EQ(s.send("7 quit"), "=7 \n\n");
  EXPECT_FALSE(s.alive());
}

TEST(Gtp, PlaysTwoStageMovesFromSetfenAndUndoesStageByStage) {
  GtpSession s;
  expect_transcript(s,
                    {{"setfen l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w", "= \n\n"},
                     {"play b A3", "= \n\n"},
                     {"showboard",
                      "= \n   A B C D E F G\n 9 l . . . . . t\n 8 . d . . . c .\n 7 r . j . w . e\n"
                      " 6 . . . . . . .\n 5 . . . . . . .\n 4 . . . . . . .\n 3 E . W . J . R\n"
                      " 2 . C . . . D .\n 1 T . . . . . L\n   A B C D E F G\n"
                      "Next player: b (Blue), piece chosen on A3\n"
                      "setfen l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w\n\n"},
                     {"play b A4", "= \n\n"},
                     {"play b A7", "? illegal move: w (Red) is to move, not b\n\n"},
                     {"play w B7", "? illegal move: Red has no piece on B7 that can move\n\n"},
                     {"play w A7", "= \n\n"},
                     {"play w A6", "= \n\n"}});
  const std::string board = s.send("showboard");
  EXPECT_NE(board.find(" 6 r . . . . . .\n"), std::string::npos) << board;
  EXPECT_NE(board.find(" 4 E . . . . . .\n"), std::string::npos) << board;
  EXPECT_NE(board.find("setfen l5t/1d3c1/2j1w1e/r6/7/E6/2W1J1R/1C3D1/T5L w\n"), std::string::npos)
      << board;
  // One stage back: Red's A6, leaving its Rat on A7 chosen.
  EXPECT_EQ(s.send("undo"), "= \n\n");
  EXPECT_NE(s.send("showboard").find("Next player: w (Red), piece chosen on A7"),
            std::string::npos);
  expect_transcript(
      s, {{"play w A5",
           "? illegal move: A7 to A5: 'a7a5' is not a move here: illegal move a7a5: a Rat moves "
           "one square along a file or rank; a7a5 is neither\n\n"},
          {"undo", "= \n\n"},  // A7
          {"undo", "= \n\n"},  // A4: Blue's Elephant chosen again
          {"undo", "= \n\n"},  // A3
          {"undo", "? cannot undo: nothing played since the position was set\n\n"},
          {"play b pass", "? illegal move: 'pass' is no move in Jungle; play a piece's vertex\n\n"},
          {"play b Z9", "? play: 'Z9' is not a vertex (A1 to G9)\n\n"},
          {"play x A3", "? play: 'x' is not a colour (b or w)\n\n"},
          {"play b", "? play: expected a colour and a vertex, like 'play b A3'\n\n"},
          {"setfen l5t/1d3c1/r1p1w1e/7/7/7/E1W1J1R/1C3D1/T5L w",
           "? setfen: KataGo setfen rank 7: unknown piece letter 'p'\n\n"},
          {"setfen",
           "? setfen: expected a FEN, like l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w\n\n"}});
}

TEST(Gtp, GenmoveAnswersTheWinningMoveInTwoStagesThenResigns) {
  GtpSession s;
  EXPECT_EQ(s.send("kata-set-param maxVisits 2000"), "= \n\n");
  // Blue's Lion beside Red's den: stepping in wins.
  expect_transcript(s, {{"setfen l6/3L3/7/7/7/7/7/7/7 w", "= \n\n"},
                        {"genmove w", "? genmove: b (Blue) is to move, not w\n\n"},
                        {"genmove b", "= D8\n\n"},
                        {"genmove b", "= D9\n\n"},
                        {"genmove w", "= resign\n\n"},
                        {"genmove b", "= pass\n\n"}});
  EXPECT_EQ(s.send("play w A9").substr(0, 34), "? illegal move: the game is over (");
  expect_transcript(
      s, {{"kata-set-param maxVisits 0",
           "? kata-set-param maxVisits: '0' is not a whole number from 1\n\n"},
          {"kata-set-param maxTime -1",
           "? kata-set-param maxTime: '-1' is not a number of seconds above 0\n\n"},
          {"kata-set-param numSearchThreads 4",
           "? kata-set-param: unknown parameter 'numSearchThreads' (this engine takes maxVisits, "
           "maxTime, Hash, Threads, MultiPV, Move Overhead, Skill Level, UCI_LimitStrength, "
           "UCI_Elo, UCI_ShowWDL, Contempt, Mode, Baseline Depth, Seed, Eval File, "
           "TablebasePath, Clear Hash)\n\n"}});
  // The engine's options, as a match's option.NAME=VALUE sends them.
  EXPECT_EQ(s.send("kata-set-param Move Overhead 10"), "= \n\n");
  EXPECT_EQ(s.send("kata-set-param Skill Level 99"),
            "? kata-set-param: Skill Level must be an integer from 0 to 20, not '99'\n\n");
}

// The vertex out of "= A3\n\n".
std::string vertex_of(const std::string& answer) {
  const std::regex vertex("= ([A-G][1-9])\n\n");
  std::smatch m;
  if (!std::regex_match(answer, m, vertex)) return "";
  return m[1];
}

std::string square_of(const std::string& vertex) {
  return std::string(1, char(vertex[0] - 'A' + 'a')) + vertex[1];
}

TEST(Gtp, GenmoveFromTheStartIsALegalMoveAndFinishesAPieceChosenByPlay) {
  GtpSession s;
  expect_transcript(s, {{"kata-set-param maxVisits 300", "= \n\n"},
                        {"time_settings 10 0 0", "= \n\n"},
                        {"time_left b 9.5 0", "= \n\n"}});
  const std::string from = vertex_of(s.send("genmove b"));
  const std::string to = vertex_of(s.send("genmove b"));
  ASSERT_FALSE(from.empty());
  ASSERT_FALSE(to.empty());
  std::mt19937_64 unused(0);
  const auto state = game::family_of_variant("standard").new_state("standard", "", unused);
  EXPECT_NO_THROW(state->apply(square_of(from) + square_of(to))) << from << to;
  EXPECT_NE(s.send("showboard").find("Next player: w (Red)\n"), std::string::npos);
  // Red's Rat chosen by play; genmove finds its square (a6 or b7).
  EXPECT_EQ(s.send("play w A7"), "= \n\n");
  const std::string rat_to = vertex_of(s.send("genmove w"));
  EXPECT_TRUE(rat_to == "A6" || rat_to == "B7") << rat_to;
  EXPECT_EQ(s.send("time_left x 1 0"), "? time_left: 'x' is not a colour (b or w)\n\n");
  EXPECT_EQ(s.send("time_settings a 0 0"),
            "? time_settings: 'a 0 0' is not two numbers of seconds and a whole number of "
            "stones\n\n");
}

// The last line of showboard's answer.
std::string last_line(const std::string& answer) {
  const std::string body = answer.substr(0, answer.size() - 2);
  return body.substr(body.rfind('\n') + 1);
}

// KGS's time systems (www.gokgs.com's help on time systems), as showboard
// shows the clock; the clock's counting is GtpClock's test.
TEST(Gtp, TakesKgsTimeSettingsAndClearCache) {
  GtpSession s;
  EXPECT_EQ(s.send("kgs-time_settings byoyomi 600 30 5"), "= \n\n");
  EXPECT_EQ(last_line(s.send("showboard")),
            "Clock: byoyomi 600.0 30.0 5; b 600.0 s main time; w 600.0 s main time");
  EXPECT_EQ(s.send("time_left w 25 4"), "= \n\n");  // in byo-yomi: KGS sends the periods left
  EXPECT_EQ(last_line(s.send("showboard")),
            "Clock: byoyomi 600.0 30.0 5; b 600.0 s main time; w 25.0 s, 4 periods left");
  EXPECT_EQ(s.send("kgs-time_settings canadian 0 300 25"), "= \n\n");
  EXPECT_EQ(last_line(s.send("showboard")),
            "Clock: canadian 0.0 300.0 25; b 300.0 s, 25 stones left; w 300.0 s, 25 stones left");
  EXPECT_EQ(s.send("kgs-time_settings absolute 90.5"), "= \n\n");
  EXPECT_EQ(last_line(s.send("showboard")), "Clock: absolute 90.5; b 90.5 s; w 90.5 s");
  EXPECT_EQ(s.send("time_settings 60 10 3"), "= \n\n");
  EXPECT_EQ(last_line(s.send("showboard")),
            "Clock: canadian 60.0 10.0 3; b 60.0 s main time; w 60.0 s main time");
  EXPECT_EQ(s.send("kgs-time_settings none"), "= \n\n");
  EXPECT_EQ(last_line(s.send("showboard")), "setfen l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w");
  expect_transcript(
      s, {{"kgs-time_settings byoyomi 600 30",
           "? kgs-time_settings: expected none, absolute MAIN, byoyomi MAIN BYO PERIODS or "
           "canadian MAIN BYO STONES (seconds, and a whole number)\n\n"},
          {"kgs-time_settings canadian 60 x 5",
           "? kgs-time_settings canadian: '60 x 5' is not two numbers of seconds and a whole "
           "number\n\n"},
          {"kgs-time_settings fischer 60 5",
           "? kgs-time_settings: expected none, absolute MAIN, byoyomi MAIN BYO PERIODS or "
           "canadian MAIN BYO STONES (seconds, and a whole number)\n\n"},
          {"known_command clear_cache", "= true\n\n"},
          {"kata-set-param maxVisits 200", "= \n\n"}});
  EXPECT_FALSE(vertex_of(s.send("genmove b")).empty());
  EXPECT_EQ(s.send("clear_cache"), "= \n\n");
  EXPECT_FALSE(vertex_of(s.send("genmove b")).empty());
}

TEST(Gtp, RefusesRuleSetsOutsideItsBoard) {
  std::istringstream in;
  std::ostringstream out;
  EXPECT_THROW(GtpProtocol(in, out, "flip"), std::invalid_argument);
  EXPECT_NO_THROW(GtpProtocol(in, out, "standard"));
}

TEST(Gtp, TheBinarySpeaksItAndNamesARuleSetItCannotPlay) {
  std::string out;
  EXPECT_EQ(
      run_command(std::string("printf 'name\\nsetfen x w\\nquit\\n' | ") + JUNGLE_BINARY + " gtp",
                  out),
      0);
  EXPECT_EQ(out,
            "= jungle\n\n? setfen: KataGo setfen placement has 1 ranks; expected 9\n\n= "
            "\n\n");
  out.clear();
  EXPECT_EQ(
      run_command(std::string("echo quit | ") + JUNGLE_BINARY + " gtp --variant flip 2>&1", out),
      2);
  EXPECT_EQ(out, "error: --variant flip: GTP plays the open game; 'flip' is Flip Jungle\n");
}

// Garbage of every kind: each line that is not blank or a comment gets
// exactly one answer, '=' or '?', and nothing crashes or hangs.
TEST(Gtp, EveryGarbageLineGetsOneAnswer) {
  GtpSession s;
  ASSERT_EQ(s.send("kata-set-param maxVisits 30"), "= \n\n");
  const std::vector<std::string> words = {"play",
                                          "genmove",
                                          "undo",
                                          "setfen",
                                          "showboard",
                                          "boardsize",
                                          "clear_board",
                                          "time_left",
                                          "time_settings",
                                          "kata-set-param",
                                          "maxVisits",
                                          "maxTime",
                                          "known_command",
                                          "b",
                                          "w",
                                          "black",
                                          "WHITE",
                                          "A3",
                                          "a4",
                                          "G9",
                                          "H1",
                                          "A0",
                                          "pass",
                                          "resign",
                                          "0",
                                          "1",
                                          "7",
                                          "9",
                                          "-1",
                                          "2.5",
                                          "1e3",
                                          "abc",
                                          "7/7/7",
                                          "l6/3L3/7/7/7/7/7/7/7",
                                          "l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L",
                                          "#",
                                          "\t",
                                          "12",
                                          ""};
  std::mt19937_64 random(20261129);
  const std::regex one_answer("[=?][0-9]*( [^\n]*)?(\n[^\n]+)*\n\n");
  for (int i = 0; i < 1500; ++i) {
    std::string line;
    if (i % 5 == 0) {
      // Raw bytes, control characters and high ones included.
      const int n = int(random() % 20);
      for (int k = 0; k < n; ++k) line += char(random() % 256);
      line.erase(std::remove(line.begin(), line.end(), '\n'), line.end());
    } else {
      const int n = 1 + int(random() % 4);
      for (int k = 0; k < n; ++k) line += words[random() % words.size()] + " ";
    }
    const std::string answer = s.send(line);
    ASSERT_TRUE(s.alive()) << line;
    if (answer.empty()) continue;  // a blank or comment line, after cleaning
    ASSERT_TRUE(std::regex_match(answer, one_answer)) << "line: " << line << "\nanswer: " << answer;
  }
  // And it still plays.
  EXPECT_EQ(s.send("clear_board"), "= \n\n");
  EXPECT_FALSE(vertex_of(s.send("genmove b")).empty());
}

}  // namespace
}  // namespace jungle
