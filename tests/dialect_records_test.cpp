// Records in other programs' dialects (docs/dialects.md, docs/records.md): a
// game's Notation tag names its dialect, and the one record reader (jungle
// pgn, jungle play --load, the web app's "Load record", the Python module)
// reads its FEN tag and moves in it. Each worked record below was written by
// hand from the dialect's rules, not by the code under test.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/dialect.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/geometry.h"
#include "web/games/family_sessions.h"
#include "web/games/variant_catalog.h"

namespace jungle {
namespace {

std::vector<std::string> moves_of(const GameRecord& r) {
  std::vector<std::string> out;
  for (const RecordedMove& m : r.moves) out.push_back(kStandardGeometry.move_text(m.move));
  return out;
}

std::string error_of(const std::string& text) {
  try {
    read_records(text);
  } catch (const RecordError& e) {
    return e.what();
  }
  return "no error";
}

struct WorkedRecord {
  std::string dialect;
  std::string moves;  // Blue a3a4, Red a7a6, Blue a4a5 in the dialect
};

// a3a4 a7a6 a4a5: mistboard's board is ours mirrored (file a is our g);
// KataGo's vertices are our squares in upper case; netcan's move is
// (row << 4 | col) << 8 | (row << 4 | col) with row 0 our rank 9, so
// a3a4 = 0x6050 = 24656, a7a6 = 0x2030 = 8240, a4a5 = 0x5040 = 20544;
// Bush's columns run 7..1 from our file a and his rows a..i from rank 9.
const std::vector<WorkedRecord> kWorked = {
    {"jungle", "1. a3a4 a7a6 2. a4a5"},       {"mistboard", "1. g3g4 g7g6 2. g4g5"},
    {"katago", "1. A3A4 A7A6 2. A4A5"},       {"netcan", "1. 24656 8240 2. 20544"},
    {"netcan", "1. 0x6050 0x2030 2. 0x5040"}, {"bush", "1. 7g-7f 7c-7d 2. 7f-7e"},
};

TEST(DialectRecords, EveryDialectsWorkedRecordReadsAsTheSameMoves) {
  for (const WorkedRecord& w : kWorked) {
    const std::vector<GameRecord> games =
        read_records("[Event \"worked\"]\n[Notation \"" + w.dialect + "\"]\n\n" + w.moves + " *\n");
    ASSERT_EQ(games.size(), 1u) << w.dialect;
    EXPECT_EQ(moves_of(games[0]), (std::vector<std::string>{"a3a4", "a7a6", "a4a5"})) << w.dialect;
    // The game comes back in ours: the Notation tag is dropped.
    EXPECT_EQ(write_record(games[0]), "[Event \"worked\"]\n\n1. a3a4 a7a6 2. a4a5 *\n")
        << w.dialect;
  }
}

TEST(DialectRecords, TheFenTagIsReadInTheNamedDialect) {
  // Red to move from the start, in each program's position format.
  const std::vector<std::pair<std::string, std::string>> fens = {
      {"mistboard", "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T b 0 1"},
      {"katago", "l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L b"},
      {"netcan", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b"},
  };
  const std::vector<std::string> red_a7a6 = {"1... g7g6 2. g3g4", "1... A7A6 2. A3A4",
                                             "1... 8240 2. 24656"};
  for (size_t i = 0; i < fens.size(); ++i) {
    const std::vector<GameRecord> games =
        read_records("[Notation \"" + fens[i].first + "\"]\n[FEN \"" + fens[i].second + "\"]\n\n" +
                     red_a7a6[i] + " *\n");
    ASSERT_EQ(games.size(), 1u) << fens[i].first;
    EXPECT_EQ(moves_of(games[0]), (std::vector<std::string>{"a7a6", "a3a4"})) << fens[i].first;
    EXPECT_EQ(games[0].tag("FEN"), "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1")
        << fens[i].first;
    EXPECT_EQ(games[0].tag("Notation"), "") << fens[i].first;
    // Game::from_record, which jungle play --load and the web app use, starts there.
    EXPECT_EQ(Game::from_record(games[0]).position_at(0).fen(),
              "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1")
        << fens[i].first;
  }
}

TEST(DialectRecords, WritingInADialectReadsBack) {
  const GameRecord ours =
      read_records(
          "[Event \"w\"]\n[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1\"]\n\n"
          "1... a7a6 {a comment} 2. a3a4 (2. g3g4) *\n")
          .front();
  EXPECT_EQ(write_record(ours, notation::Dialect::kMistboard),
            "[Event \"w\"]\n[Notation \"mistboard\"]\n"
            "[FEN \"t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T b 0 1\"]\n\n"
            "1... g7g6 {a comment} 2. g3g4 (2. a3a4) *\n");
  EXPECT_EQ(write_record(ours, notation::Dialect::kKatago),
            "[Event \"w\"]\n[Notation \"katago\"]\n"
            "[FEN \"l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L b\"]\n\n"
            "1... A7A6 {a comment} 2. A3A4 (2. G3G4) *\n");
  for (notation::Dialect d :
       {notation::Dialect::kMistboard, notation::Dialect::kKatago, notation::Dialect::kNetcan}) {
    EXPECT_EQ(write_records(read_records(write_record(ours, d))), write_record(ours))
        << notation::dialect_name(d);
  }
  try {
    write_record(ours, notation::Dialect::kBush);
    FAIL() << "no error";
  } catch (const notation::NotationError& e) {
    EXPECT_STREQ(e.what(),
                 "Bush's notation has no position format (his rules name squares only); convert "
                 "the position to another dialect");
  }
}

TEST(DialectRecords, ABadMoveNamesItsNumberAndTheDialect) {
  EXPECT_EQ(
      error_of("[Notation \"mistboard\"]\n\n1. g3g4 g7g5 *\n"),
      "game 1, line 3, column 9: move 1... g7g5 (mistboard; ours a7a5) is illegal: a Rat moves one "
      "square along a file or rank; a7a5 is neither");
  EXPECT_EQ(error_of("[Notation \"netcan\"]\n\n1. 24656 2. 99999 *\n"),
            "game 1, line 3, column 13: move 1... '99999' is malformed in the netcan notation the "
            "Notation "
            "tag names: netcan move '99999' is not a 16-bit number (decimal, or hexadecimal with "
            "0x)");
  EXPECT_EQ(error_of("[Notation \"katago\"]\n\n1. A3A4 A7 *\n"),
            "game 1, line 3, column 9: move 1... 'A7' is malformed in the katago notation the "
            "Notation tag "
            "names: KataGo move 'A7' is not two vertices (\"play b A3; play b A4\" or \"A3 A4\")");
  EXPECT_EQ(
      error_of("[Notation \"pgn\"]\n\n1. a3a4 *\n"),
      "game 1, line 1, column 1: Notation \"pgn\" is not one of jungle, mistboard, katago, netcan, "
      "bush");
  // The other programs play on the 7x9 board alone.
  EXPECT_EQ(
      error_of("[Variant \"animal-checkers\"]\n[Notation \"mistboard\"]\n\n1. a1a2 *\n"),
      "game 1, line 2, column 1: Notation \"mistboard\": the other programs play on the 7x9 board "
      "only; Variant \"animal-checkers\" is played on 7x7");
}

// The web app's "Load record": the records route lists the games of the
// text, and a game made from one plays its moves, both through the reader.
TEST(DialectRecords, TheWebAppLoadsARecordInADialect) {
  const web::VariantCatalog catalog;
  const std::string text = "[Notation \"mistboard\"]\n\n1. g3g4 g7g6 2. g4g5 *\n";
  const web::Json games = web::record_games_json(text, catalog);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["ply"], 3);
  web::NewGame start;
  start.record = text;
  auto session = web::new_session(web::family_of_new_game(start, catalog), start, catalog).game;
  EXPECT_NE(session->record_text().find("1. a3a4 a7a6 2. a4a5"), std::string::npos)
      << session->record_text();
}

}  // namespace
}  // namespace jungle
