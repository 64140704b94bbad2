// Family::endgame_tables: the open game's from a folder, Flip Jungle's built
// in memory behind a lock, none for hidden pieces (issue 31).

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "flip/flip_rules.h"
#include "game/family.h"
#include "game/flip_endgame_tables.h"

namespace jungle::game {
namespace {

std::unique_ptr<EndgameTables> tables_of(std::string_view family) {
  return family_named(family)->endgame_tables({});
}

std::string moves_text(const EndgameAnswer& a) {
  std::string out;
  for (const EndgameMoveValue& m : a.moves) {
    out += m.action + ":" + std::string(wdl_word(m.verdict.wdl)) + " " +
           std::to_string(m.verdict.distance) + ", ";
  }
  return out;
}

TEST(EndgameTables, EachFamilySaysWhatItsTablesAre) {
  EXPECT_EQ(tables_of("open")->distance(), EndgameDistance::kToEnd);
  EXPECT_EQ(tables_of("flip")->distance(), EndgameDistance::kToCapture);
  EXPECT_EQ(tables_of("hidden"), nullptr);
  EXPECT_TRUE(family_named("flip")->capabilities().tablebases);
  EXPECT_FALSE(family_named("hidden")->capabilities().tablebases);
  // The open game's tables are files: without a folder it says so.
  EXPECT_EQ(tables_of("open")->probe("standard", "7/e6/7/7/7/7/7/7/1R5 w").refusal,
            "the server has no tablebase");
  EXPECT_THROW(tables_of("open")->probe("standard", "nonsense"), std::invalid_argument);
}

TEST(EndgameTables, AFlipEndingsVerdictAndEachMovesValue) {
  const auto tables = tables_of("flip");
  // Elephant b1 against Cat d4: it takes the Cat on the seventh ply.
  EndgameAnswer a = tables->probe("flip", "3c/4/4/1E2 w - 0 1");
  EXPECT_EQ(a.refusal, "");
  EXPECT_EQ(a.verdict, (EndgameVerdict{1, 7}));
  EXPECT_EQ(moves_text(a), "b1b2:win 7, b1c1:win 9, b1a1:win 11, ");
  // Red to move after b1b2: the Cat loses in six, whichever way it runs.
  a = tables->probe("flip", "3c/4/1E2/4 b - 1 1");
  EXPECT_EQ(a.verdict, (EndgameVerdict{-1, 6}));
  EXPECT_EQ(moves_text(a), "d4d3:loss 6, d4c4:loss 6, ");
  // Blue's Lion takes Red's last animal (both die), Blue's Rat left: the
  // capture is the deciding ply.
  a = tables->probe("flip", "3R/4/4/lL2 w - 0 1");
  EXPECT_EQ(a.verdict, (EndgameVerdict{1, 1}));
  ASSERT_FALSE(a.moves.empty());
  EXPECT_EQ(a.moves[0].action, "b1a1");
  EXPECT_EQ(a.moves[0].verdict, (EndgameVerdict{1, 1}));
  // Red's Panther c2 takes Blue's Dog d2, and Blue's Rat cannot hold out
  // against three: the capture is the deciding ply, though the ending it
  // leaves takes six more to its own deciding capture.
  a = tables->probe("flip", "e3/1l2/2pD/R3 b - 0 1");
  EXPECT_EQ(a.verdict, (EndgameVerdict{1, 1}));
  ASSERT_GE(a.moves.size(), 2u);
  EXPECT_EQ(a.moves[0].action, "c2d2");
  EXPECT_EQ(a.moves[0].verdict, (EndgameVerdict{1, 1}));
  EXPECT_EQ(a.moves[1].action, "c2c1");
  EXPECT_EQ(a.moves[1].verdict, (EndgameVerdict{1, 7}));
  // Seven plies need the capture before the fortieth quiet ply: with 34
  // gone the game is drawn first.
  EXPECT_EQ(tables->probe("flip", "3c/4/4/1E2 w - 34 1").verdict, (EndgameVerdict{0, 0}));
}

TEST(EndgameTables, FlipPositionsOutOfTheTablesAreRefused) {
  const auto tables = tables_of("flip");
  EXPECT_EQ(tables->probe("flip", "3c/4/4/?E2 w R 0 1").refusal,
            "the tables need every tile face up");
  EXPECT_EQ(tables->probe("flip", R"(????/????/????/???? - RCDWPTLErcdwptle 0 1)").refusal,
            "the tables need every tile face up");
  EXPECT_EQ(tables->probe("flip", "3c/2dp/4/1ERL w - 0 1").refusal,
            "the tables hold at most 5 animals; this position has 6");
  EXPECT_EQ(tables->probe("flip", "4/4/4/1E2 w - 0 1").refusal, "the game is over");
  EXPECT_THROW(tables->probe("flip", "3c/4/4/1E2 x - 0 1"), std::invalid_argument);
  EXPECT_THROW(tables->probe("flip", ""), std::invalid_argument);
  EXPECT_THROW(tables->probe("no-such-flip-set", "3c/4/4/1E2 w - 0 1"), std::invalid_argument);
}

// Under a memory cap of nothing the tables are dropped before each probe and
// built again: the answers stay the same. Probes from several threads at
// once share one set of tables behind its lock.
TEST(EndgameTables, FlipTablesAnswerTheSameUnderTheCapAndFromManyThreads) {
  const auto rules_of = [](std::string_view name) { return flip::load_flip_rules(name); };
  const auto capped = flip_endgame_tables(rules_of, 4, 0);
  EXPECT_EQ(capped->probe("flip", "3c/2d1/4/1ERL w - 0 1").refusal,
            "the tables hold at most 4 animals; this position has 5");
  const auto shared = tables_of("flip");
  const std::vector<std::string> fens = {"3c/4/4/1E2 w - 0 1", "3R/4/4/lL2 w - 0 1",
                                         "3c/4/1E2/4 b - 1 1", "4/4/4/Ll2 w - 0 1"};
  std::vector<std::string> expected;
  for (const std::string& fen : fens) expected.push_back(moves_text(capped->probe("flip", fen)));
  std::vector<std::vector<std::string>> seen(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([&, t] {
      for (const std::string& fen : fens) seen[t].push_back(moves_text(shared->probe("flip", fen)));
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::vector<std::string>& s : seen) EXPECT_EQ(s, expected);
}

// A probe that finds another's build holding the lock past the longest
// wait is refused; the web answers the refusal as {"available": false,
// "reason"}. The test holds the lock itself, as a build would, so the
// refusal does not hang on a build's timing; the wait is a millisecond, not
// the server's ten seconds.
TEST(EndgameTables, FlipTablesRefuseAProbeWhileAnotherBuildHoldsThem) {
  const auto rules_of = [](std::string_view name) { return flip::load_flip_rules(name); };
  const auto lock = std::make_shared<std::timed_mutex>();
  const auto tables = flip_endgame_tables(rules_of, kProbedFlipAnimals, kProbedFlipTableBytes,
                                          std::chrono::milliseconds(1), lock);
  const std::string fen = "3c/4/4/1E2 w - 0 1";
  {
    const std::lock_guard building(*lock);
    const EndgameAnswer busy = tables->probe("flip", fen);
    EXPECT_EQ(busy.refusal, "the tables are busy with another position; ask again");
    EXPECT_TRUE(busy.moves.empty());
    // What needs no table is answered without the lock.
    EXPECT_EQ(tables->probe("flip", "4/4/4/1E2 w - 0 1").refusal, "the game is over");
  }
  const EndgameAnswer answer = tables->probe("flip", fen);
  EXPECT_EQ(answer.refusal, "");
  EXPECT_EQ(answer.verdict, (EndgameVerdict{1, 7}));
}

}  // namespace
}  // namespace jungle::game
