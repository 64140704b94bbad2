// mistboard's engine protocol (docs/dialects.md, "MistyJungle /
// mistboard.com"): occurrences seeded from before the root
// (Position::seed_occurrences, `reps`), a position entered a third time
// through them scored as the draw it is, and `position`, `info ... pv` and
// `bestmove` in mistboard's FEN and squares (`jungle uci --dialect
// mistboard`, or the Dialect option).

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/position.h"
#include "run_command_util.h"
#include "uci_session.h"

namespace jungle {
namespace {

using testing_uci::bestmove_of;
using testing_uci::Session;
using testing_uci::starts_with;

Move move_of(std::string_view text) {
  return Move(kStandardGeometry.parse_square(text.substr(0, 2)),
              kStandardGeometry.parse_square(text.substr(2, 2)));
}

// The last `info` line's score ("cp 0", "mate -1").
std::string last_score(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const size_t at = it->find(" score ");
    if (!starts_with(*it, "info ") || at == std::string::npos) continue;
    const size_t value_end = it->find(' ', it->find(' ', at + 7) + 1);
    return it->substr(at + 7, value_end - (at + 7));
  }
  return "";
}

TEST(SeededRepetition, ASeededPositionEnteredAgainIsItsThirdOccurrence) {
  Position pos;
  Position after_a3a4 = pos;
  after_a3a4.do_move(move_of("a3a4"));
  pos.seed_occurrences(after_a3a4.board_key(), 2);
  EXPECT_EQ(pos.state().repetitions, 1);  // the root is another position
  EXPECT_EQ(pos.occurrences_after(move_of("a3a4")), 2);
  EXPECT_EQ(pos.occurrences_after(move_of("g3g4")), 0);
  pos.do_move(move_of("a3a4"));
  EXPECT_EQ(pos.state().repetitions, 3);
  Termination why = Termination::kNone;
  EXPECT_EQ(pos.terminal_state(&why), GameResult::kDraw);
  EXPECT_EQ(why, Termination::kRepetition);
  // Nothing else is touched: the same move from an unseeded start.
  Position plain;
  plain.do_move(move_of("a3a4"));
  EXPECT_EQ(plain.state().repetitions, 1);
}

TEST(SeededRepetition, ASeededRootCountsOnThroughTheHistory) {
  Position pos;
  pos.seed_occurrences(pos.board_key(), 2);
  EXPECT_EQ(pos.state().repetitions, 2);  // the root is one of its two occurrences
  EXPECT_EQ(pos.terminal_state(), GameResult::kOngoing);
  for (const char* m : {"a3a4", "a7a6", "a4a3"}) pos.do_move(move_of(m));
  EXPECT_EQ(pos.occurrences_after(move_of("a6a7")), 2);
  pos.do_move(move_of("a6a7"));
  EXPECT_EQ(pos.state().repetitions, 3);
  EXPECT_EQ(pos.terminal_state(), GameResult::kDraw);
  EXPECT_THROW(pos.seed_occurrences(pos.board_key(), 2), std::logic_error);
}

// Red's lone Rat against Blue's Lion on d8, next to Red's den: any move of
// Red's loses at once, unless it enters a position the game has seen twice.
const std::string kLost = "7/3L3/7/7/7/7/7/7/r6 b 0 1";
const std::string kAfterA1A2 = "7/3L3/7/7/7/7/7/r6/7 w 1 2";  // the Rat stepped a1a2
const std::string kLostMistboard = "7/3L3/7/7/7/7/7/7/6r b 0 1";
const std::string kAfterG1G2Mistboard = "7/3L3/7/7/7/7/7/6r/7 r 1 2";

TEST(SeededRepetition, TheEngineTakesTheDrawThatAThirdOccurrenceGives) {
  Session s;
  s.send("position fen " + kLost);
  auto out = s.send("go depth 4");
  EXPECT_EQ(last_score(out), "mate -1");
  s.send("position fen " + kLost + " reps " + kAfterA1A2);
  out = s.send("go depth 4");
  EXPECT_EQ(bestmove_of(out), "a1a2");
  EXPECT_EQ(last_score(out), "cp -20");  // a draw, less the default Contempt
  // `reps` before `moves`, several FENs, a trailing ';': the same position.
  s.send("position fen " + kLost + " reps 7/7/7/7/7/7/7/7/r5L w 0 1;" + kAfterA1A2 + "; moves");
  out = s.send("go depth 4");
  EXPECT_EQ(bestmove_of(out), "a1a2");
  EXPECT_EQ(last_score(out), "cp -20");  // a draw, less the default Contempt
}

TEST(MistboardUci, PositionsAndMovesGoInAndOutInMistboardsNotation) {
  Session s;
  EXPECT_TRUE(s.send("setoption name Dialect value mistboard").empty());
  s.send("position fen " + kLostMistboard + " reps " + kAfterG1G2Mistboard);
  EXPECT_EQ(s.position().fen(), kLost);
  auto out = s.send("go depth 4");
  EXPECT_EQ(bestmove_of(out), "g1g2");
  EXPECT_EQ(last_score(out), "cp -20");  // a draw, less the default Contempt
  EXPECT_NE(out[out.size() - 2].find(" pv g1g2"), std::string::npos) << out[out.size() - 2];
  s.send("position fen " + kLostMistboard);
  out = s.send("go depth 4");
  EXPECT_EQ(last_score(out), "mate -1");
  // The start and a move in its squares: its g3g4 is our a3a4.
  s.send("position startpos moves g3g4");
  EXPECT_EQ(s.position().fen(), "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1");
  s.send("position fen t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1 moves g3g4 g7g6");
  EXPECT_EQ(s.position().fen(), "l5t/1d3c1/2p1w1e/r6/7/E6/2W1P1R/1C3D1/T5L w 2 2");
  // searchmoves in its squares too.
  out = s.send("go depth 2 searchmoves a1a2");  // its Lion, our g1
  EXPECT_EQ(bestmove_of(out), "a1a2");
}

TEST(MistboardUci, BadPositionsAreNamedInItsTerms) {
  Session s;
  s.send("setoption name Dialect value mistboard");
  EXPECT_EQ(s.send("position fen t5l/1c3d1 r"),
            std::vector<std::string>{
                "info string error: mistboard FEN placement has 2 ranks; expected 9"});
  EXPECT_EQ(s.send("position fen " + kLostMistboard + " reps 7/7 r"),
            std::vector<std::string>{
                "info string error: reps FEN 1 '7/7 r': mistboard FEN placement has 2 ranks; "
                "expected 9"});
  const auto illegal = s.send("position startpos moves g3g4 g7g5");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0],
            "info string error: move 2 a7a5 is illegal: a Rat moves one square along a file or "
            "rank; a7a5 is neither (mistboard's 'g7g5'; the squares named are ours)");
  EXPECT_EQ(s.send("go depth 1").back(), "bestmove 0000");
  EXPECT_EQ(s.send("setoption name Dialect value katago"),
            std::vector<std::string>{
                "info string error: setoption: Dialect must be one of jungle, mistboard, not "
                "'katago'"});
  // Games no other program writes: the 7x7 board, hidden pieces.
  for (const std::string variant : {"animal-checkers", "hidden"}) {
    EXPECT_EQ(s.send("setoption name Variant value " + variant).size(), 0u);
    EXPECT_EQ(s.send("position startpos"),
              std::vector<std::string>{"info string error: position: Variant " + variant +
                                       "'s games are not written in Dialect mistboard "
                                       "(docs/dialects.md)"});
  }
}

// mistboard's Flip Jungle engine protocol (notation/flip_dialect.h): its
// FEN in, the board it describes ours, and the answer in its squares, a
// flip its square twice.
TEST(MistboardUci, AFlipEngineReadsAndAnswersInMistboardsFlipNotation) {
  Session s;
  s.send("setoption name Dialect value mistboard");
  s.send("setoption name Variant value flip");
  // The first player turned a red (our Blue) Elephant over on d1.
  EXPECT_EQ(s.send("position fen XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1").size(),
            0u);
  const std::vector<std::string> shown = s.send("d");
  EXPECT_NE(
      std::find(shown.begin(), shown.end(), "Fen: ???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1"),
      shown.end());
  const std::string best = bestmove_of(s.send("go depth 1"));
  // Only flips are legal: a square of a0..d3 twice, never d0 (the Elephant's).
  ASSERT_EQ(best.size(), 4u) << best;
  EXPECT_EQ(best.substr(0, 2), best.substr(2, 2));
  EXPECT_TRUE(best[0] >= 'a' && best[0] <= 'd' && best[1] >= '0' && best[1] <= '3') << best;
  EXPECT_NE(best, "d0d0");
  // A move there is a move here: red's (our Blue's) Lion on d1 takes
  // black's last animal, the Cat beside it, and wins.
  EXPECT_EQ(s.send("position fen 4/4/4/2cL r - 0 6").size(), 0u);
  EXPECT_EQ(bestmove_of(s.send("go depth 1")), "d0c0");
  EXPECT_EQ(s.send("position fen XXXX/XXXX/XXXX r R16 0 0"),
            std::vector<std::string>{"info string error: mistboard flip FEN board "
                                     "'XXXX/XXXX/XXXX' has 3 ranks; expected 4 (rank 4 first)"});
}

// mistboard's server starts the engine by its path and sends no setoption:
// the dialect is chosen on the command line. (`d` rather than `go`: the end
// of the input stops a search, so its answer would depend on timing.)
TEST(MistboardUci, TheCommandLineChoosesTheDialect) {
  std::string out;
  const int status = run_command(
      "printf 'uci\\nposition fen " + kLostMistboard + " moves g1g2 reps " + kAfterG1G2Mistboard +
          "\\nd\\nquit\\n' | " + JUNGLE_BINARY + " uci --dialect mistboard",
      out);
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("option name Dialect type combo default mistboard var jungle var mistboard"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\nFen: " + kAfterA1A2 + "\n"), std::string::npos) << out;
  std::string bad;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " uci --dialect katago 2>&1 </dev/null", bad),
            2);
  EXPECT_EQ(bad, "error: --dialect katago: expected one of jungle, mistboard\n");
}

// The game too is chosen on the command line: mistboard's Flip Jungle bot
// is `jungle uci --dialect mistboard --variant flip`, its Jungle bot
// `--variant mistboard` (docs/dialects.md), and neither is told either.
TEST(MistboardUci, TheCommandLineChoosesTheGame) {
  std::string out;
  const int status = run_command(
      "printf 'uci\\nposition fen XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1"
      "\\nd\\nquit\\n' | " +
          std::string(JUNGLE_BINARY) + " uci --dialect mistboard --variant flip",
      out);
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("\nFen: ???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1\n"), std::string::npos)
      << out;
  EXPECT_EQ(out.find("error"), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run_command("printf 'uci\\nquit\\n' | " + std::string(JUNGLE_BINARY) +
                            " uci --dialect mistboard --variant mistboard",
                        out),
            0);
  EXPECT_NE(out.find("option name Variant type string default mistboard"), std::string::npos)
      << out;
  std::string bad;
  EXPECT_EQ(run_command(std::string(JUNGLE_BINARY) + " uci --variant nosuch 2>&1 </dev/null", bad),
            2);
  EXPECT_EQ(bad.rfind("error: --variant nosuch: ", 0), 0u) << bad;
}

}  // namespace
}  // namespace jungle
