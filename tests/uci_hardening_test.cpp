// The engine protocol under attack: games played past our own draw rules,
// rejected positions, commands that arrive while the engine is busy, a hash
// table that cannot be allocated, and the options chess GUIs expect.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "protocol/uci.h"
#include "run_command_util.h"
#include "search/engine.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::bestmove_of;
using testing_uci::lines_of;
using testing_uci::Session;
using testing_uci::starts_with;

int count_prefixed(const std::vector<std::string>& lines, std::string_view prefix) {
  return int(std::count_if(lines.begin(), lines.end(),
                           [&](const std::string& l) { return starts_with(l, prefix); }));
}

// `plies` quiet moves from the start position, none of which repeats a
// position, so that only the no-capture limit can end the game: at each ply
// the first move (in generation order) that captures nothing, enters no den
// and reaches a placement not seen before.
std::vector<std::string> quiet_game(int plies) {
  Position pos;
  std::set<uint64_t> seen{pos.board_key()};
  std::vector<std::string> moves;
  const Square dens[] = {pos.rule_set().den(kBlue), pos.rule_set().den(kRed)};
  for (int ply = 0; ply < plies; ++ply) {
    bool played = false;
    for (Move m : generate_pseudo_moves(pos)) {
      if (pos.is_capture(m) || m.to() == dens[0] || m.to() == dens[1]) continue;
      pos.do_move(m);
      if (seen.insert(pos.board_key()).second) {
        moves.push_back(kStandardGeometry.move_text(m));
        played = true;
        break;
      }
      pos.undo_move();
    }
    if (!played) return {};
  }
  return moves;
}

std::string join_moves(const std::vector<std::string>& moves, size_t count) {
  std::string s;
  for (size_t i = 0; i < count; ++i) s += " " + moves[i];
  return s;
}

Move move_of(const std::string& text) {
  return Move(kStandardGeometry.parse_square(text.substr(0, 2)),
              kStandardGeometry.parse_square(text.substr(2, 2)));
}

// Plays moves that generate_moves_past_draws lists (parse_move refuses all
// of them past the move limit).
Position play_moves(const std::vector<std::string>& moves, size_t count) {
  Position pos;
  for (size_t i = 0; i < count; ++i) pos.do_move(move_of(moves[i]));
  return pos;
}

bool playable(const Position& pos, const std::string& text) {
  if (text.size() != 4) return false;
  return generate_moves_past_draws(pos).contains(move_of(text));
}

// ------------------------------------------------------ item 0: past draws

TEST(UciHardening, TheQuietGameReachesTheMoveLimit) {
  const auto moves = quiet_game(205);
  ASSERT_EQ(moves.size(), 205u);
  Termination why = Termination::kNone;
  EXPECT_EQ(game_result(play_moves(moves, 199), &why), GameResult::kOngoing);
  EXPECT_EQ(game_result(play_moves(moves, 200), &why), GameResult::kDraw);
  EXPECT_EQ(why, Termination::kMoveLimit);
}

TEST(UciHardening, MovesPastTheMoveLimitAreAcceptedAndSearched) {
  const auto moves = quiet_game(205);
  ASSERT_EQ(moves.size(), 205u);
  Session s;
  // Drawn by our rule, with moves to play: the engine must play one.
  EXPECT_TRUE(s.send("position startpos moves" + join_moves(moves, 200)).empty());
  const Position at200 = play_moves(moves, 200);
  EXPECT_EQ(s.position().fen(), at200.fen());
  const auto out200 = s.send("go depth 3");
  EXPECT_EQ(count_prefixed(out200, "info string"), 0);
  EXPECT_TRUE(playable(at200, bestmove_of(out200))) << out200.back();

  // The 201st move and beyond are the interface's call, not ours.
  for (size_t plies : {201u, 205u}) {
    EXPECT_TRUE(s.send("position startpos moves" + join_moves(moves, plies)).empty()) << plies;
    const Position expected = play_moves(moves, plies);
    EXPECT_EQ(s.position().fen(), expected.fen()) << plies;
    const auto out = s.send("go movetime 200");
    EXPECT_EQ(count_prefixed(out, "info string"), 0);
    EXPECT_TRUE(playable(expected, bestmove_of(out))) << out.back();
  }
}

TEST(UciHardening, MovesPastARepetitionDrawAreAcceptedAndSearched) {
  // The start position for the third time after 8 plies: a draw under `standard`.
  const std::string shuttle = " a1a2 g9g8 a2a1 g8g9 a1a2 g9g8 a2a1 g8g9";
  Session s;
  EXPECT_TRUE(s.send("position startpos moves" + shuttle).empty());
  Termination why = Termination::kNone;
  EXPECT_EQ(game_result(s.position(), &why), GameResult::kDraw);
  EXPECT_EQ(why, Termination::kRepetition);
  EXPECT_TRUE(s.send("position startpos moves" + shuttle + " a3a4 g7g6").empty());
  std::vector<std::string> game;
  for (const char* m :
       {"a1a2", "g9g8", "a2a1", "g8g9", "a1a2", "g9g8", "a2a1", "g8g9", "a3a4", "g7g6"})
    game.push_back(m);
  EXPECT_EQ(s.position().fen(), play_moves(game, game.size()).fen());
  const auto out = s.send("go depth 3");
  EXPECT_TRUE(playable(s.position(), bestmove_of(out))) << out.back();
  // The drawn position itself is searched too.
  s.send("position startpos moves" + shuttle);
  EXPECT_TRUE(playable(s.position(), bestmove_of(s.send("go depth 3"))));
}

TEST(UciHardening, TheDrawRulesStillScoreTheSearchPastThem) {
  Session s;
  // 200 plies without a capture: every quiet move draws at once, taking the
  // last Red piece wins.
  s.send("position fen 7/7/7/7/7/3w3/3E3/7/7 w 200 1");
  // `d` says the rules' verdict and lists the moves `position` still accepts.
  const auto shown = s.send("d");
  ASSERT_GE(shown.size(), 2u);
  EXPECT_EQ(shown[shown.size() - 2], "Result: draw (move limit)");
  EXPECT_EQ(shown.back(), "Legal moves (4): d3d2 d3c3 d3e3 d3d4");
  const auto out = s.send("go depth 4");
  ASSERT_GE(out.size(), 2u);
  EXPECT_NE(out[out.size() - 2].find(" score mate 1 "), std::string::npos) << out[out.size() - 2];
  EXPECT_EQ(out.back(), "bestmove d3d4");
  // Red to move in the same state answers too (it forfeited games as 0000).
  s.send("position fen 6l/7/7/7/7/3w3/3E3/7/7 b 200 1");
  const auto red = s.send("go movetime 100");
  EXPECT_TRUE(playable(s.position(), bestmove_of(red))) << red.back();
}

TEST(UciHardening, AGameWonOnTheBoardStillAnswersNullMove) {
  Session s;
  s.send("position fen l5t/3R3/7/7/7/7/7/7/6L w 0 1 moves d8d9");
  EXPECT_EQ(s.send("go depth 2"),
            (std::vector<std::string>{"info depth 0 score mate 0", "bestmove 0000"}));
  // No move may follow a den entry, not even past the draw rules.
  const auto out = s.send("position fen l5t/3R3/7/7/7/7/7/7/6L w 0 1 moves d8d9 a9a8");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "info string error: move 2 a9a8 is illegal: ")) << out[0];
}

TEST(UciHardening, ARejectedPositionIsNeverSearched) {
  const std::vector<std::string> refusal = {
      "info string error: go: the last position command was rejected; send a valid position",
      "bestmove 0000"};
  Session s;
  s.send("position startpos moves a3a4");
  EXPECT_EQ(s.send("position startpos moves a3a4 a7a6 c3c4").size(), 1u);
  EXPECT_EQ(s.send("go movetime 50"), refusal);
  EXPECT_EQ(s.send("go depth 1"), refusal);
  EXPECT_EQ(s.send("go perft 1"), refusal);
  EXPECT_EQ(s.send("position fen nonsense").size(), 1u);
  EXPECT_EQ(s.send("go depth 1"), refusal);
  EXPECT_EQ(s.send("position").size(), 1u);
  EXPECT_EQ(s.send("go depth 1"), refusal);
  // A fresh engine whose first position is rejected does not answer for the start.
  Session fresh;
  fresh.send("position startpos moves a3a4 zz");
  EXPECT_EQ(fresh.send("go depth 1"), refusal);
  // A valid position ends it.
  s.send("position startpos moves a3a4");
  const auto out = s.send("go depth 2");
  EXPECT_EQ(count_prefixed(out, "info string"), 0);
  EXPECT_TRUE(playable(s.position(), bestmove_of(out)));
}

TEST(UciHardening, EngineSearchesARootDrawnByRule) {
  Engine engine;
  // Quiet moves draw by the move limit (at the contempt's cost); the capture wins.
  const Position pos = Position::from_fen("7/7/7/7/7/3w3/3E3/7/7 w 200 1");
  SearchLimits limits;
  limits.depth = 3;
  const SearchResult r = engine.search(pos, limits);
  EXPECT_EQ(kStandardGeometry.move_text(r.best), "d3d4");
  EXPECT_EQ(r.score, kMateScore - 1);
  // Without the capture, a quiet move and the draw's score.
  limits.search_moves = {
      Move(kStandardGeometry.parse_square("d3"), kStandardGeometry.parse_square("d2"))};
  const SearchResult quiet = engine.search(pos, limits);
  EXPECT_EQ(kStandardGeometry.move_text(quiet.best), "d3d2");
  EXPECT_EQ(quiet.score, -engine.options().contempt);
}

// ------------------------------------------------ items 1, 2: busy engine

TEST(UciHardening, GoDuringAnInfiniteSearchStopsItFirst) {
  Session s;
  s.start("position startpos");
  s.start("go infinite");
  s.start("isready");
  s.start("go depth 1");
  const auto out = s.finish();
  EXPECT_EQ(count_prefixed(out, "bestmove "), 2);
  EXPECT_EQ(count_prefixed(out, "readyok"), 1);
  EXPECT_EQ(count_prefixed(out, "info string"), 0);
}

TEST(UciHardening, SetOptionAndNewGameDuringASearchStopItFirst) {
  Session s;
  s.start("go infinite");
  s.start("setoption name Hash value 2");
  s.start("go movetime 100000000");
  s.start("ucinewgame");
  s.start("go depth 1");
  const auto out = s.finish();
  EXPECT_EQ(count_prefixed(out, "bestmove "), 3);
  EXPECT_EQ(count_prefixed(out, "info string"), 0);
  // A mistyped option leaves the search alone.
  s.start("go infinite");
  s.start("setoption name Hash value lots");
  s.start("go sideways");
  s.start("stop");
  const auto more = s.finish();
  EXPECT_EQ(count_prefixed(more, "bestmove "), 4);
}

TEST(UciHardening, PerftAndBenchAreStoppable) {
  Session s;
  s.start("go perft 12");
  s.start("isready");
  s.start("stop");
  auto out = s.finish();
  EXPECT_EQ(out, (std::vector<std::string>{"readyok", "info string perft stopped"}));
  s.start("bench 60");
  s.start("stop");
  out = s.finish();
  EXPECT_EQ(out.back(), "info string bench stopped");
  // A search after them works as ever.
  EXPECT_TRUE(starts_with(s.send("go depth 2").back(), "bestmove "));
}

#ifdef JUNGLE_BINARY
// Runs the binary on a script with a generous time limit; returns the exit
// status (124: it hung and was killed) and the output.
int run_binary(const std::string& script, std::string& output, const std::string& prefix = "") {
  // The script's file is named by process as well: ctest runs each test in
  // a process of its own, in parallel, and the two tests below wrote the same
  // uci_hardening_0.txt, so that the bounded search's first case could run
  // the other's "setoption name Hash value 4096" without its memory limit:
  // seconds spent clearing a 4 GB table, then one bestmove short.
  static int counter = 0;
  const std::string path = testing::TempDir() + "uci_hardening_" + std::to_string(::getpid()) +
                           "_" + std::to_string(counter++) + ".txt";
  std::ofstream(path) << script;
  // A hang is for ever; the limit only needs to be far beyond a normal run
  // (under a second), with room for the sanitizers' slowdown on a busy machine.
  const std::string limit = std::getenv("JUNGLE_SANITIZED") ? "90" : "20";
  const std::string command = "(" + prefix + "timeout " + limit + " " + std::string(JUNGLE_BINARY) +
                              " uci < " + path + ") 2>&1";
  const int status = run_command(command, output);
  std::remove(path.c_str());
  return status;
}

// A script on one line ("go depth 60 | isready | quit"), to name a case.
std::string one_line(const std::string& script) {
  std::string line;
  for (const std::string& command : lines_of(script)) line += (line.empty() ? "" : " | ") + command;
  return line;
}

// The start and end of a long output, so that a failure's log stays short.
std::string head_and_tail(const std::vector<std::string>& lines, size_t keep = 8) {
  std::string text;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i == keep && lines.size() > 2 * keep) {
      text += "  ... " + std::to_string(lines.size() - 2 * keep) + " lines ...\n";
      i = lines.size() - keep;
    }
    text += "  " + lines[i] + "\n";
  }
  return text;
}

TEST(UciHardeningBinary, ABoundedSearchNeverBlocksTheInput) {
  struct Case {
    std::string script;
    int bestmoves, readyoks;
  };
  const std::vector<Case> cases = {
      {"go depth 60\ngo depth 1\nisready\nstop\nquit\n", 2, 1},
      {"go movetime 100000000\nucinewgame\nisready\nquit\n", 1, 1},
      {"go movetime 100000000\nposition startpos moves a3a4\nsetoption name MultiPV value 2\n"
       "isready\nquit\n",
       1, 1},
      {"go perft 9\nisready\nstop\nisready\nquit\n", 0, 2},
      {"bench 40\nisready\nstop\nisready\nquit\n", 0, 2},
      {"go perft 12\nquit\n", 0, 0},
      {"go perft 12\n", 0, 0},  // end of input = quit
      {"bench 60\n", 0, 0},
      {"go depth 60\n", 1, 0},
      {"stop\nponderhit\nisready\nstop\nquit\n", 0, 1},
      {"go infinite\nbench 1\nisready\ngo perft 3\nstop\nquit\n", 1, 1},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    std::string output;
    const auto started = std::chrono::steady_clock::now();
    const int status = run_binary(c.script, output);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
    const auto lines = lines_of(output);
    const int bestmoves = count_prefixed(lines, "bestmove ");
    const int readyoks = count_prefixed(lines, "readyok");
    // One short line names the case and what went wrong, before any output.
    if (status != 0 || bestmoves != c.bestmoves || readyoks != c.readyoks) {
      ADD_FAILURE() << "case " << i << " [" << one_line(c.script) << "]: exit " << status
                    << ", bestmove " << bestmoves << " (want " << c.bestmoves << "), readyok "
                    << readyoks << " (want " << c.readyoks << "), " << ms << " ms\n"
                    << head_and_tail(lines);
    }
  }
}

// Whether this binary (and the jungle binary built with it) runs under ASan
// or TSan: GCC names them with __SANITIZE_*__, clang 14 only through
// __has_feature.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define JUNGLE_TEST_SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define JUNGLE_TEST_SANITIZED_BUILD 1
#endif
#endif
#ifndef JUNGLE_TEST_SANITIZED_BUILD
#define JUNGLE_TEST_SANITIZED_BUILD 0
#endif

TEST(UciHardeningBinary, AHashThatCannotBeAllocatedIsReported) {
#if JUNGLE_TEST_SANITIZED_BUILD
  GTEST_SKIP() << "the sanitizers reserve more address space than the limit allows";
#endif
  std::string output;
  // 1 GB of address space: a 4 GB table cannot be had.
  const int status =
      run_binary("setoption name Hash value 4096\nisready\nposition startpos\ngo depth 2\nquit\n",
                 output, "ulimit -v 1000000; ");
  EXPECT_EQ(status, 0) << output;
  const auto lines = lines_of(output);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0],
            "info string error: setoption: Hash: cannot allocate 4096 MB; the table stays at 64 MB")
      << output;
  EXPECT_EQ(count_prefixed(lines, "readyok"), 1) << output;
  EXPECT_EQ(count_prefixed(lines, "bestmove "), 1) << output;
}
#endif

// ------------------------------------------------------ item 3: the hash

TEST(UciHardening, EngineKeepsItsTableWhenANewOneCannotBeAllocated) {
  Engine engine;
  EngineOptions options = engine.options();
  options.hash_mb = INT_MAX;  // 2 PB: more than any address space
  EXPECT_THROW(engine.set_options(options), std::bad_alloc);
  EXPECT_EQ(engine.options().hash_mb, 64);
  SearchLimits limits;
  limits.depth = 3;
  EXPECT_FALSE(engine.search(Position(), limits).best.is_none());
}

// ------------------------------------------------------ item 4: options

TEST(UciHardening, GoLimitsSayASensibleRange) {
  Session s;
  EXPECT_EQ(s.send("go movetime 0"),
            std::vector<std::string>{"info string error: go: movetime must be at least 1, not 0"});
  EXPECT_EQ(s.send("go nodes -3"),
            std::vector<std::string>{"info string error: go: nodes must be at least 1, not -3"});
  // Clocks too large to add up are read as very long ones.
  EXPECT_TRUE(starts_with(
      s.send("go wtime 9223372036854775807 winc 9223372036854775807 depth 2").back(), "bestmove "));
}

TEST(UciHardening, UciAnnouncesPonderStrengthAndWdl) {
  Session s;
  const auto out = s.send("uci");
  for (const std::string& option :
       {std::string("option name UCI_LimitStrength type check default false"),
        std::string("option name UCI_Elo type spin default 1500 min 1000 max 1992"),
        std::string("option name UCI_ShowWDL type check default false"),
        std::string("option name Ponder type check default false")}) {
    EXPECT_NE(std::find(out.begin(), out.end(), option), out.end()) << option;
  }
  for (const char* command :
       {"setoption name Ponder value true", "setoption name UCI_LimitStrength value false",
        "setoption name UCI_Elo value 1500", "setoption name UCI_ShowWDL value false"}) {
    EXPECT_TRUE(s.send(command).empty()) << command;
  }
  EXPECT_EQ(
      s.send("setoption name UCI_ShowWDL value maybe"),
      std::vector<std::string>{"info string error: setoption: UCI_ShowWDL must be true or false, "
                               "not 'maybe'"});
}

int max_info_depth(const std::vector<std::string>& lines) {
  int depth = 0;
  for (const std::string& l : lines) {
    if (starts_with(l, "info depth ")) depth = std::max(depth, std::stoi(l.substr(11)));
  }
  return depth;
}

TEST(UciHardening, LimitStrengthPlaysAtTheSkillLevelOfTheElo) {
  for (int level = 0; level < 20; ++level) {
    EXPECT_EQ(skill_level_for_elo(skill_level_elo(level)), level);
    if (level > 0) {
      EXPECT_GT(skill_level_elo(level), skill_level_elo(level - 1));
    }
  }
  Session s;
  s.send("setoption name Seed value 1");
  EXPECT_EQ(max_info_depth(s.send("go depth 6")), 6);
  // Level 0 searches one ply.
  s.send("setoption name UCI_Elo value " + std::to_string(skill_level_elo(0)));
  EXPECT_EQ(max_info_depth(s.send("go depth 6")), 6);  // not limited yet
  s.send("setoption name UCI_LimitStrength value true");
  EXPECT_EQ(max_info_depth(s.send("go depth 6")), 1);
  // Level 8 searches five.
  s.send("setoption name UCI_Elo value " + std::to_string(skill_level_elo(8)));
  EXPECT_EQ(max_info_depth(s.send("go depth 6")), 5);
  s.send("setoption name UCI_LimitStrength value false");
  EXPECT_EQ(max_info_depth(s.send("go depth 6")), 6);
}

TEST(UciHardening, ShowWdlReportsPerMilleFromTheSideToMove) {
  EXPECT_EQ(wdl_of_score(0).win, 350);
  EXPECT_EQ(wdl_of_score(0).draw, 300);
  EXPECT_EQ(wdl_of_score(0).loss, 350);
  EXPECT_EQ(wdl_of_score(kMateScore - 3).win, 1000);
  EXPECT_EQ(wdl_of_score(-kMateScore + 3).loss, 1000);
  for (int score = -3000; score <= 3000; score += 50) {
    const Wdl w = wdl_of_score(score), next = wdl_of_score(score + 50);
    EXPECT_EQ(w.win + w.draw + w.loss, 1000);
    EXPECT_GE(w.draw, 0);
    EXPECT_LE(w.win, next.win);
    EXPECT_GE(w.loss, next.loss);
  }
  Session s;
  EXPECT_EQ(s.send("go depth 2")[0].find(" wdl "), std::string::npos);
  s.send("setoption name UCI_ShowWDL value true");
  s.send("position fen l5t/3R3/7/7/7/7/7/7/6L w 0 1");
  const auto out = s.send("go depth 1");
  EXPECT_NE(out[0].find(" score mate 1 wdl 1000 0 0 nodes "), std::string::npos) << out[0];
  s.send("position startpos");
  for (const std::string& line : s.send("go depth 3")) {
    if (!starts_with(line, "info depth ")) continue;
    std::istringstream words(line.substr(line.find(" wdl ") + 5));
    int w = -1, d = -1, l = -1;
    words >> w >> d >> l;
    EXPECT_EQ(w + d + l, 1000) << line;
  }
}

}  // namespace
}  // namespace jungle

namespace jungle {
namespace {

// ---------------------------------------- item 9: files named by the protocol

TEST(UciHardening, OptionsReadOnlySmallRegularFiles) {
  // A FIFO with no writer would block a reader that opens it for ever.
  const std::string fifo = ::testing::TempDir() + "jungle_uci_fifo_" + std::to_string(::getpid());
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Session s;
  EXPECT_EQ(s.send("setoption name Eval File value /dev/zero"),
            (std::vector<std::string>{
                "info string error: setoption: Eval File: cannot read '/dev/zero': not a regular "
                "file"}));
  EXPECT_EQ(s.send("setoption name Eval File value " + fifo),
            (std::vector<std::string>{"info string error: setoption: Eval File: cannot read '" +
                                      fifo + "': not a regular file"}));
  const auto variant = s.send("setoption name Variant value " + fifo);
  ASSERT_EQ(variant.size(), 1u);
  EXPECT_NE(variant[0].find("not a regular file"), std::string::npos) << variant[0];
  const auto zero = s.send("setoption name Variant value /dev/zero");
  ASSERT_EQ(zero.size(), 1u);
  EXPECT_NE(zero[0].find("not a regular file"), std::string::npos) << zero[0];
  // The engine is unharmed and still plays standard.
  EXPECT_EQ(s.send("isready"), (std::vector<std::string>{"readyok"}));
  std::remove(fifo.c_str());
}

}  // namespace
}  // namespace jungle
