// The engine protocol, driven through string streams line by line, and once
// through the built binary over a pipe.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/variants.h"
#include "protocol/uci.h"
#include "run_command_util.h"
#include "search/evaluation.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::bestmove_of;
using testing_uci::lines_of;
using testing_uci::Session;
using testing_uci::starts_with;

// Runs a whole script through UciProtocol::run; the script's end is the end of the input.
std::vector<std::string> run_script(const std::string& script, int* status = nullptr) {
  std::istringstream in(script);
  std::ostringstream out;
  int code = 0;
  {
    UciProtocol uci(in, out);
    code = uci.run();
  }
  if (status) *status = code;
  return lines_of(out.str());
}

uint64_t nodes_searched(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    if (starts_with(line, "Nodes searched: ")) return std::stoull(line.substr(16));
  }
  return 0;
}

TEST(Uci, UciAnnouncesItselfAndItsOptions) {
  Session s;
  const auto out = s.send("uci");
  ASSERT_GE(out.size(), 4u);
  EXPECT_EQ(out[0], "id name jungle");
  EXPECT_EQ(out[1], "id author the jungle authors");
  EXPECT_EQ(out.back(), "uciok");
  const std::string all = [&] {
    std::string t;
    for (const auto& l : out) t += l + "\n";
    return t;
  }();
  for (std::string_view option :
       {"option name Hash type spin default 64 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name Move Overhead type spin",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name Mode type combo default full var full var random var material var defender",
        "option name Baseline Depth type spin", "option name Variant type string default standard",
        "option name Eval File type string default <built-in>"}) {
    EXPECT_NE(all.find(option), std::string::npos) << option;
  }
}

TEST(Uci, IsReadyAnswersReadyOk) {
  Session s;
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
}

TEST(Uci, BlankLinesAreIgnoredAndUnknownCommandsReported) {
  Session s;
  EXPECT_TRUE(s.send("").empty());
  EXPECT_TRUE(s.send("   ").empty());
  EXPECT_EQ(s.send("xyzzy 1 2"),
            std::vector<std::string>{"info string error: unknown command 'xyzzy 1 2'"});
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
}

TEST(Uci, GoDepthAnswersWithALegalBestMove) {
  Session s;
  s.send("position startpos moves a3a4 g7g6");
  const auto out = s.send("go depth 4");
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out.back(), "bestmove "));
  int infos = 0;
  for (const auto& line : out) {
    if (!starts_with(line, "info depth ")) continue;
    ++infos;
    for (std::string_view field : {" seldepth ", " multipv 1 ", " score ", " nodes ", " nps ",
                                   " hashfull ", " time ", " pv "}) {
      EXPECT_NE(line.find(field), std::string::npos) << line;
    }
  }
  EXPECT_EQ(infos, 4);
  Position pos = Position::from_fen(s.position().fen());
  EXPECT_TRUE(parse_move(pos, bestmove_of(out)).has_value()) << out.back();
  // The ponder move, when given, is legal after the best move.
  std::istringstream words(out.back());
  std::string word, best, ponder;
  words >> word >> best >> word >> ponder;
  if (!ponder.empty()) {
    pos.do_move(*parse_move(pos, best));
    EXPECT_TRUE(parse_move(pos, ponder).has_value()) << out.back();
  }
}

TEST(Uci, PositionWithMovesIsPlayed) {
  Session s;
  s.send("position startpos moves a3a4 a7a6 g3g4");
  EXPECT_EQ(s.position().fen(), "l5t/1d3c1/2p1w1e/r6/7/E5R/2W1P2/1C3D1/T5L b 3 2");
  s.send("position fen 7/7/7/3l3/7/7/3E3/7/7 w 0 1 moves d3d4");
  EXPECT_EQ(s.position().fen(), "7/7/7/3l3/7/3E3/7/7/7 b 1 1");
  s.send("position fen 7/7/7/3l3/7/7/3E3/7/7 b");
  EXPECT_EQ(s.position().fen(), "7/7/7/3l3/7/7/3E3/7/7 b 0 1");
}

TEST(Uci, IllegalMoveIsReportedAndThePositionKept) {
  Session s;
  s.send("position startpos moves a3a4");
  const std::string before = s.position().fen();
  EXPECT_EQ(s.send("position startpos moves a3a4 a7a6 g3g4 g7g6 c3c4"),
            std::vector<std::string>{
                "info string error: move 5 c3c4 is illegal: Wolf may not enter the water at c4"});
  EXPECT_EQ(s.position().fen(), before);
  EXPECT_EQ(s.send("position startpos moves a3a4 b3b4"),
            std::vector<std::string>{"info string error: move 2 b3b4 is illegal: no piece on b3"});
  EXPECT_EQ(s.send("position startpos moves a3a4 zz"),
            std::vector<std::string>{"info string error: move 2 zz is not a move: expected a "
                                     "from-square and a to-square, like a3a4"});
  EXPECT_EQ(s.position().fen(), before);
}

TEST(Uci, BadArgumentsAreReported) {
  Session s;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"position",
       "info string error: position: expected 'position startpos|fen <FEN> [moves ...] [reps "
       "<FEN>;<FEN>...]'"},
      {"position startpos a3a4",
       "info string error: position: expected 'moves' or 'reps' after the position, not 'a3a4'"},
      {"go depth", "info string error: go: depth needs an integer"},
      {"go depth x", "info string error: go: depth needs an integer, not 'x'"},
      {"go depth 0", "info string error: go: depth must be from 1 to 127, not 0"},
      {"go sideways", "info string error: go: unknown parameter 'sideways'"},
      {"go perft -1", "info string error: go: perft must be from 1 to 32, not -1"},
      {"setoption name Hash value 0",
       "info string error: setoption: Hash must be an integer from 1 to 65536, not '0'"},
      {"setoption name Threads value many",
       "info string error: setoption: Threads must be an integer from 1 to 256, not 'many'"},
      {"setoption name Mode value clever",
       "info string error: setoption: Mode must be full, random, material or defender, not "
       "'clever'"},
      {"setoption name Colour value blue", "info string error: setoption: unknown option 'Colour'"},
      {"setoption Hash 3",
       "info string error: setoption: expected 'setoption name <option> value <value>'"},
  };
  for (const auto& [command, expected] : cases) {
    EXPECT_EQ(s.send(command), std::vector<std::string>{expected}) << command;
  }
  const auto bad_fen = s.send("position fen 8/7/7/7/7/7/7/7/7 w 0 1");
  ASSERT_EQ(bad_fen.size(), 1u);
  EXPECT_TRUE(starts_with(bad_fen[0], "info string error: invalid FEN '8/7/7/7/7/7/7/7/7 w 0 1': "))
      << bad_fen[0];
  // Still alive and still at the start position.
  EXPECT_EQ(s.send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(s.position().fen(), Position().fen());
}

TEST(Uci, SetOptionAcceptsEveryOption) {
  Session s;
  for (std::string_view command :
       {"setoption name Hash value 8", "setoption name Threads value 2",
        "setoption name MultiPV value 3", "setoption name Move Overhead value 10",
        "setoption name Skill Level value 20", "setoption name Mode value full",
        "setoption name Baseline Depth value 2", "setoption name Seed value 42",
        "setoption name Clear Hash", "setoption name hash value 16", "ucinewgame"}) {
    EXPECT_TRUE(s.send(command).empty()) << command;
  }
  // MultiPV 3 reports three lines per depth.
  const auto out = s.send("go depth 2");
  int multipv3 = 0;
  for (const auto& line : out) multipv3 += line.find(" multipv 3 ") != std::string::npos;
  EXPECT_EQ(multipv3, 2);
  EXPECT_TRUE(starts_with(out.back(), "bestmove "));
}

TEST(Uci, SetOptionVariantLoadsTheRuleSetAndItsStart) {
  Session s;
  s.send("position startpos moves a3a4");
  EXPECT_TRUE(s.send("setoption name Variant value animal-checkers").empty());
  const RuleSetPtr rules = load_variant("animal-checkers");
  EXPECT_EQ(s.position().fen(), Position(rules).fen());
  EXPECT_EQ(s.position().rules(), rules->rules());
  Position pos(rules);
  const auto out = s.send("go perft 2");
  EXPECT_EQ(out.back(), "Nodes searched: " + std::to_string(perft(pos, 2)));
  s.send("position startpos");
  EXPECT_TRUE(starts_with(s.send("go depth 2").back(), "bestmove "));

  const auto bad = s.send("setoption name Variant value no-such-set");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_TRUE(starts_with(bad[0], "info string error: setoption: Variant 'no-such-set': "))
      << bad[0];
  EXPECT_EQ(s.position().rules(), rules->rules());  // unchanged
  EXPECT_TRUE(s.send("setoption name Variant value standard").empty());
  EXPECT_EQ(s.position().fen(), Position().fen());
}

TEST(Uci, SetOptionVariantReadsATomlFile) {
  const std::string path = testing::TempDir() + "uci_test_variant.toml";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("inherits = \"standard\"\nname = \"my-rules\"\n[end]\nno_capture_limit = 50\n", f);
    std::fclose(f);
  }
  Session s;
  EXPECT_EQ(s.send("setoption name Variant value " + path), std::vector<std::string>{});
  EXPECT_EQ(s.position().rules().no_capture_limit, 50);
  std::remove(path.c_str());
}

std::string eval_total(Session& s) {
  for (const std::string& line : s.send("eval"))
    if (starts_with(line, "Total: ")) return line;
  return "";
}

TEST(Uci, SetOptionEvalFileReadsWeightsAndRejectsBadFiles) {
  const std::string path = testing::TempDir() + "uci_test_weights.txt";
  const std::string bad = testing::TempDir() + "uci_test_bad_weights.txt";
  for (const auto& [file, text] : {std::pair{path, "# from jungle tune\ntempo = 99\n"},
                                   std::pair{bad, "tempo = 5\nno_such_weight = 1\n"}}) {
    std::FILE* f = std::fopen(file.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(text, f);
    std::fclose(f);
  }
  Session s;
  const int tempo = default_eval_params().tempo;
  // The start position is level: its score is the tempo bonus.
  EXPECT_EQ(eval_total(s), "Total: " + std::to_string(tempo) + " (side to move), " +
                               std::to_string(tempo) + " (Blue's view)");
  EXPECT_TRUE(s.send("setoption name Eval File value " + path).empty());
  EXPECT_EQ(eval_total(s), "Total: 99 (side to move), 99 (Blue's view)");

  // A broken file is reported with its line, and the weights in use stay.
  const auto out = s.send("setoption name Eval File value " + bad);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], "info string error: setoption: Eval File '" + bad +
                        "': weights line 2: unknown weight 'no_such_weight'");
  EXPECT_EQ(eval_total(s), "Total: 99 (side to move), 99 (Blue's view)");
  const auto missing = s.send("setoption name Eval File value /no/such/file");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0],
            "info string error: setoption: Eval File: cannot read '/no/such/file': no such file");

  EXPECT_TRUE(s.send("setoption name Eval File value <built-in>").empty());
  EXPECT_EQ(eval_total(s), "Total: " + std::to_string(tempo) + " (side to move), " +
                               std::to_string(tempo) + " (Blue's view)");
  std::remove(path.c_str());
  std::remove(bad.c_str());
}

TEST(Uci, GoPerftDividesTheStartPosition) {
  Session s;
  s.send("position startpos");
  const auto out = s.send("go perft 2");
  ASSERT_EQ(out.size(), 24u + 2u);
  Position pos;
  const MoveList moves = generate_moves(pos);
  for (int i = 0; i < moves.size(); ++i)
    EXPECT_EQ(out[i], kStandardGeometry.move_text(moves[i]) + ": 24");
  EXPECT_EQ(out[24], "");
  EXPECT_EQ(out[25], "Nodes searched: 576");
  EXPECT_EQ(nodes_searched(s.send("go perft 3")), 12240u);
}

TEST(Uci, DenEntryIsFoundAtDepthOneWithMateOne) {
  Session s;
  // The Blue Rat on d8 steps into the Red den.
  s.send("position fen l5t/3R3/7/7/7/7/7/7/6L w 0 1");
  const auto out = s.send("go depth 1");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(starts_with(out[0], "info depth 1 seldepth ")) << out[0];
  EXPECT_NE(out[0].find(" score mate 1 "), std::string::npos) << out[0];
  EXPECT_NE(out[0].find(" pv d8d9"), std::string::npos) << out[0];
  EXPECT_EQ(out[1], "bestmove d8d9");
  // The same for Red, whose den is d1.
  s.send("position fen 6l/7/7/7/7/7/7/3r3/L6 b 0 1");
  EXPECT_EQ(s.send("go depth 1").back(), "bestmove d2d1");
}

TEST(Uci, NoLegalMoveAnswersNullMove) {
  Session s;
  // Red has no pieces left: the game is over.
  s.send("position fen 7/7/7/7/7/7/7/7/L6 b 0 1");
  EXPECT_EQ(s.send("go depth 3"),
            (std::vector<std::string>{"info depth 0 score mate 0", "bestmove 0000"}));
  s.send("position fen l5t/3R3/7/7/7/7/7/7/6L w 0 1 moves d8d9");
  EXPECT_EQ(s.send("go movetime 50").back(), "bestmove 0000");
}

TEST(Uci, SearchMovesRestrictsTheRoot) {
  Session s;
  s.send("position startpos");
  EXPECT_EQ(bestmove_of(s.send("go depth 3 searchmoves a1b1")), "a1b1");
  EXPECT_EQ(bestmove_of(s.send("go searchmoves a1a2 depth 2")), "a1a2");
  const auto bad = s.send("go depth 2 searchmoves a1a3");
  ASSERT_EQ(bad.size(), 2u);
  EXPECT_TRUE(starts_with(bad[0], "info string error: go searchmoves: illegal move a1a3"))
      << bad[0];
  EXPECT_EQ(bad[1], "bestmove 0000");  // the one answer a GUI waits for
}

TEST(Uci, NodesAndMateLimitsEndTheSearch) {
  Session s;
  s.send("position startpos");
  EXPECT_TRUE(starts_with(s.send("go nodes 5000").back(), "bestmove "));
  EXPECT_TRUE(starts_with(s.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20").back(),
                          "bestmove "));
  // Blue Lion on d6 and Rat on d8 against a lone Red Cat: a win in one.
  s.send("position fen 2c4/3R3/7/7/7/7/7/7/6L w 0 1");
  const auto out = s.send("go mate 2");
  EXPECT_EQ(out.back(), "bestmove d8d9");
}

TEST(Uci, StopAndIsReadyAreAnsweredDuringInfiniteSearch) {
  Session s;
  s.start("position startpos");
  s.start("go infinite");
  s.start("isready");
  s.start("stop");
  const auto out = s.finish();
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
  int readyok = 0, bestmoves = 0;
  for (const auto& line : out) {
    readyok += line == "readyok";
    bestmoves += starts_with(line, "bestmove ");
  }
  EXPECT_EQ(readyok, 1);
  EXPECT_EQ(bestmoves, 1);
}

// A command that needs the engine idle stops the running search first
// (tests/uci_hardening_test.cpp has more).
TEST(Uci, CommandsDuringABoundedSearchStopIt) {
  Session s;
  s.start("position startpos");
  s.start("go depth 3");
  s.start("go depth 2");
  s.start("setoption name Hash value 2");
  const auto out = s.finish();
  int bestmoves = 0;
  for (const auto& line : out) {
    EXPECT_FALSE(starts_with(line, "info string error")) << line;
    bestmoves += starts_with(line, "bestmove ");
  }
  EXPECT_EQ(bestmoves, 2);
}

TEST(Uci, QuitEndsTheLoop) {
  int status = -1;
  const auto out = run_script("isready\nquit\nisready\n", &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out, std::vector<std::string>{"readyok"});
}

TEST(Uci, EndOfInputDuringInfiniteSearchStopsCleanly) {
  int status = -1;
  const auto out = run_script("uci\nposition startpos\ngo infinite\n", &status);
  EXPECT_EQ(status, 0);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
}

TEST(Uci, DisplayShowsBoardFenKeyAndMoves) {
  Session s;
  s.send("position startpos moves a3a4");
  const auto out = s.send("d");
  std::string all;
  for (const auto& l : out) all += l + "\n";
  EXPECT_NE(all.find("Fen: l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1\n"), std::string::npos)
      << all;
  char key[32];
  std::snprintf(key, sizeof key, "Key: %016llx\n", (unsigned long long)s.position().key());
  EXPECT_NE(all.find(key), std::string::npos) << all;
  EXPECT_NE(all.find("Legal moves (24): "), std::string::npos) << all;
  const auto eval = s.send("eval");
  EXPECT_FALSE(eval.empty());
}

TEST(Uci, BenchSignatureIsStable) {
  // Two depths fewer under the sanitizers (JUNGLE_SANITIZED), where depth 5
  // three times took 15 s: what is checked is that the count repeats, at
  // any depth (BenchSignature pins the default depth's count).
  const int depth = std::getenv("JUNGLE_SANITIZED") ? 3 : 5;
  const std::string command = "bench " + std::to_string(depth);
  std::vector<std::string> first, second;
  const BenchResult a = run_bench(depth, [&](const std::string& l) { first.push_back(l); });
  const BenchResult b = run_bench(depth, [&](const std::string& l) { second.push_back(l); });
  EXPECT_GT(a.nodes, 0u);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(nodes_searched(first), a.nodes);
  EXPECT_EQ(nodes_searched(second), b.nodes);
  ASSERT_GE(first.size(), 2u);
  EXPECT_TRUE(starts_with(first.back(), "Nodes/second: "));
  // The protocol command prints the same signature, whatever came before it.
  Session s;
  s.send("position startpos moves a3a4");
  s.send("go depth 3");
  EXPECT_EQ(nodes_searched(s.send(command)), a.nodes);
}

#ifdef JUNGLE_BINARY
TEST(UciBinary, SpeaksTheProtocolWithoutArgumentsAndExitsAtEndOfInput) {
  std::string output;
  const int status =
      run_command("printf 'uci\\nisready\\nposition startpos moves a3a4\\ngo infinite\\n' | " +
                      std::string(JUNGLE_BINARY),
                  output);
  EXPECT_EQ(status, 0);
  const auto out = lines_of(output);
  ASSERT_GE(out.size(), 3u);
  EXPECT_EQ(out[0], "id name jungle");
  EXPECT_NE(std::find(out.begin(), out.end(), "uciok"), out.end());
  EXPECT_NE(std::find(out.begin(), out.end(), "readyok"), out.end());
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << output;
}

TEST(UciBinary, UciSubcommandAndBench) {
  std::string output;
  // `quit`, or the end of input, would stop the perft, which runs in the
  // background: the writer waits until the count is out (a fixed sleep lost
  // the race under ThreadSanitizer on a loaded machine).
  EXPECT_EQ(run_command("out=$(mktemp) && (printf 'go perft 2\\n'; i=0; while [ $i -lt 600 ] && "
                        "! grep -q 'Nodes searched' \"$out\"; do sleep 0.1; i=$((i+1)); done; "
                        "printf 'quit\\n') | " +
                            std::string(JUNGLE_BINARY) +
                            " uci >\"$out\"; status=$?; cat \"$out\"; rm -f \"$out\"; "
                            "exit $status",
                        output),
            0);
  EXPECT_EQ(nodes_searched(lines_of(output)), 576u);

  std::string bench;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " bench 5", bench), 0);
  std::vector<std::string> expected;
  const BenchResult r = run_bench(5, [&](const std::string& l) { expected.push_back(l); });
  EXPECT_EQ(nodes_searched(lines_of(bench)), r.nodes) << bench;
}
#endif

}  // namespace
}  // namespace jungle
