// Other programs' languages (src/notation, docs/dialects.md): the standard
// start and one move written by hand in every dialect, both ways; mistboard's
// own published FENs along a real game (its jungle-fen.test.ts goldens); bad
// input named; and round trips over random games.

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "core/dialect.h"
#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/game_record.h"
#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/rule_set.h"
#include "notation/convert.h"
#include "notation/record_text.h"

namespace jungle::notation {
namespace {

const std::string kStart = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

struct Written {
  Dialect dialect;
  std::string start;      // the standard start, Blue to move
  std::string blue_a3a4;  // Blue's Elephant a3a4 from the start
  std::string red_a7a6;   // then Red's Rat a7a6
};

// Written by hand from each program's source (docs/dialects.md), not by the code under test.
const std::vector<Written> kWritten = {
    {Dialect::kJungle, kStart, "a3a4", "a7a6"},
    {Dialect::kMistboard, "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1", "g3g4", "g7g6"},
    {Dialect::kKatago, "l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w", "play b A3; play b A4",
     "play w A7; play w A6"},
    {Dialect::kNetcan, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "24656", "8240"},
    {Dialect::kBush, "", "7g-7f", "7c-7d"},
};

TEST(Dialects, StartPositionInEveryDialectBothWays) {
  for (const Written& w : kWritten) {
    if (w.start.empty()) continue;
    SCOPED_TRACE(std::string(dialect_name(w.dialect)));
    EXPECT_EQ(convert_position(kStart, Dialect::kJungle, w.dialect), w.start);
    EXPECT_EQ(convert_position(w.start, w.dialect, Dialect::kJungle), kStart);
  }
}

TEST(Dialects, FirstMovesInEveryDialectBothWays) {
  for (const Written& w : kWritten) {
    SCOPED_TRACE(std::string(dialect_name(w.dialect)));
    EXPECT_EQ(convert_moves({"a3a4", "a7a6"}, Dialect::kJungle, w.dialect, ""),
              (std::vector<std::string>{w.blue_a3a4, w.red_a7a6}));
    EXPECT_EQ(convert_moves({w.blue_a3a4, w.red_a7a6}, w.dialect, Dialect::kJungle, ""),
              (std::vector<std::string>{"a3a4", "a7a6"}));
  }
}

TEST(Dialects, EveryPairOfDialectsAgreesOnTheFirstMoves) {
  for (const Written& a : kWritten) {
    for (const Written& b : kWritten) {
      EXPECT_EQ(convert_moves({a.blue_a3a4, a.red_a7a6}, a.dialect, b.dialect, ""),
                (std::vector<std::string>{b.blue_a3a4, b.red_a7a6}))
          << dialect_name(a.dialect) << " to " << dialect_name(b.dialect);
    }
  }
}

TEST(Dialects, SpellingsTheReadersAlsoTake) {
  EXPECT_EQ(convert_position("setfen l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w", Dialect::kKatago,
                             Dialect::kJungle),
            kStart);
  // mistboard's parser takes 'w' for its red, and the counters are optional.
  EXPECT_EQ(convert_position("t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T w", Dialect::kMistboard,
                             Dialect::kJungle),
            kStart);
  EXPECT_EQ(read_move(Dialect::kKatago, "A3 A4", kBlue), Move(14, 21));
  EXPECT_EQ(read_move(Dialect::kKatago, "a3a4", kBlue), Move(14, 21));
  EXPECT_EQ(read_move(Dialect::kNetcan, "0x6050", kBlue), Move(14, 21));
  EXPECT_EQ(read_move(Dialect::kBush, "7g7f", kBlue), Move(14, 21));
  // Bush's corner squares: our a1 is his 7i, Blue's den d1 his 4i, Red's den d9 his 4a.
  EXPECT_EQ(write_square(Dialect::kBush, 0), "7i");
  EXPECT_EQ(write_square(Dialect::kBush, 3), "4i");
  EXPECT_EQ(write_square(Dialect::kBush, 59), "4a");
  EXPECT_EQ(write_square(Dialect::kMistboard, 0), "g1");
  EXPECT_EQ(write_square(Dialect::kKatago, 62), "G9");
}

// KataGo-AnimalChess's own board (hzyhhzy/KataGomo, cpp/game/board.cpp at
// 5eeab49: Board::init places each piece at (x, y) with y = 0 the top row;
// Location::toString names it letter(x) then y_size - y; colorToChar writes
// White in lower case, Black in upper, 'j' the Leopard; Black moves first).
// Its start, placed from those coordinates rather than typed, reads as ours,
// Black its first player as our Blue, and each piece stands on the square its
// vertex names.
TEST(Dialects, KataGomosOwnStartAndVerticesAreOurs) {
  struct Placed {
    int x, y;
    char letter;  // colorToChar's: lower case White, upper case Black
  };
  const std::vector<Placed> init = {{0, 0, 'l'}, {6, 0, 't'}, {1, 1, 'd'}, {5, 1, 'c'},
                                    {0, 2, 'r'}, {2, 2, 'j'}, {4, 2, 'w'}, {6, 2, 'e'},
                                    {6, 8, 'L'}, {0, 8, 'T'}, {5, 7, 'D'}, {1, 7, 'C'},
                                    {6, 6, 'R'}, {4, 6, 'J'}, {2, 6, 'W'}, {0, 6, 'E'}};
  std::vector<std::string> rows(9, std::string(7, '.'));
  for (const Placed& p : init) rows[size_t(p.y)][size_t(p.x)] = p.letter;
  std::string placement;
  for (const std::string& row : rows) {
    int empty = 0;
    for (char c : row) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) placement += char('0' + empty);
      empty = 0;
      placement += c;
    }
    if (empty) placement += char('0' + empty);
    placement += '/';
  }
  placement.pop_back();
  EXPECT_EQ(convert_position(placement + " w", Dialect::kKatago, Dialect::kJungle), kStart);
  const Position start = Position::from_fen(kStart);
  for (const Placed& p : init) {
    const std::string vertex = std::string(1, char('A' + p.x)) + std::to_string(9 - p.y);
    const Square s = read_square(Dialect::kKatago, vertex);
    ASSERT_NE(s, kNoSquare) << vertex;
    const Piece piece = start.piece_on(s);
    ASSERT_NE(piece, kNoPiece) << vertex;
    EXPECT_EQ(side_of(piece), p.letter >= 'a' ? kRed : kBlue) << vertex;
    const char animal = char(std::tolower(p.letter));
    EXPECT_EQ(char(std::tolower(piece_letter(piece))), animal == 'j' ? 'p' : animal) << vertex;
  }
}

// mistboard's jungle-fen.test.ts pins the FENs its Rust engine wrote along a
// real game (jgl_c79badbb), moves in its own coordinates. Played here through
// our rules and written back in its dialect, every one must come out the same.
TEST(Dialects, MistboardsPublishedGameComesOutByteForByte) {
  const std::vector<std::string> moves = {
      "a1a2", "g7g6", "a3a4", "g6f6", "a2a3", "a7b7", "a3b3", "a9a8", "a4a5", "a8a7",
      "a5b5", "b8c8", "b2c2", "g9g8", "b5b6", "g8g7", "b6c6", "f8f7", "c2d2", "f6e6",
      "c3d3", "c7d7", "b3c3", "b7c7", "c3b3", "c8b8", "d3d4", "b8b7", "b3c3", "d7d8",
      "c3d3", "c7d7", "c6d6", "d8c8", "d6d7", "e7d7", "d3c3", "c8c7", "c3c7", "a7a8",
      "c7d7", "b7c7", "d7d8", "a8b8", "d2c2", "b8c8"};
  const std::vector<std::pair<size_t, std::string>> golden = {
      {1, "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/LD3C1/6T b 1 1"},
      {13, "6l/2c2d1/tew1p2/5r1/1R5/7/1LP1W1E/2D2C1/6T b 13 7"},
      {26, "7/1c5/t1ewpdl/2R1r2/7/7/1L1PW1E/3D1C1/6T r 26 14"},
      {44, "7/1t1L3/2c2dl/4r2/7/3P3/4W1E/3D1C1/6T r 3 23"},
      {46, "7/2tL3/2c2dl/4r2/7/3P3/4W1E/2D2C1/6T r 5 24"},
  };
  const std::vector<std::string> ours =
      convert_moves(moves, Dialect::kMistboard, Dialect::kJungle, "");
  Position pos(RuleSet::standard());
  size_t next = 0;
  for (size_t i = 0; i < ours.size(); ++i) {
    pos.do_move(*kStandardGeometry.parse_move_text(ours[i]));
    if (next < golden.size() && golden[next].first == i + 1) {
      EXPECT_EQ(write_position(Dialect::kMistboard, read_fen(pos.fen(), kStandardGeometry)),
                golden[next].second)
          << "after ply " << i + 1;
      ++next;
    }
  }
  EXPECT_EQ(next, golden.size());
}

TEST(Dialects, BadInputIsNamedWithItsDialectAndPlace) {
  auto error = [](auto&& f) {
    try {
      f();
    } catch (const NotationError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error([] {
              convert_position("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", Dialect::kKatago,
                               Dialect::kJungle);
            }),
            "KataGo setfen rank 7: unknown piece letter 'p'");
  EXPECT_EQ(error([] {
              convert_position("t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T x 0 1",
                               Dialect::kMistboard, Dialect::kJungle);
            }),
            "mistboard FEN side to move 'x' is not 'r' (the side at the bottom) or 'b' (the "
            "side at the top)");
  EXPECT_EQ(error([] {
              convert_position("t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T8 r", Dialect::kMistboard,
                               Dialect::kJungle);
            }),
            "mistboard FEN rank 1 is not 7 squares wide: 'L5T8'");
  EXPECT_EQ(error([] { convert_position("l5t/1d3c1 w", Dialect::kNetcan, Dialect::kJungle); }),
            "netcan FEN placement has 2 ranks; expected 9");
  EXPECT_EQ(error([] { convert_position(kStart, Dialect::kJungle, Dialect::kBush); }),
            "Bush's notation has no position format (his rules name squares only); convert the "
            "position to another dialect");
  EXPECT_EQ(error([] {
              convert_moves({"a3a4", "0x6050"}, Dialect::kJungle, Dialect::kBush, "");
            }),
            "move 2 ('0x6050'): jungle move '0x6050' is not two squares of the 7x9 board such as "
            "\"a3a4\"");
  EXPECT_EQ(error([] { convert_moves({"0x9050"}, Dialect::kNetcan, Dialect::kJungle, ""); }),
            "move 1 ('0x9050'): netcan move '0x9050': its source byte is not a square (row 0..8 "
            "in the high nibble, column 0..6 in the low one)");
  EXPECT_EQ(error([] {
              convert_moves({"play w A3; play w A4"}, Dialect::kKatago, Dialect::kJungle, "");
            }),
            "move 1 ('play w A3; play w A4'): KataGo move 'play w A3; play w A4' plays colour "
            "'w', but Blue is to move, which KataGo calls 'b'");
  EXPECT_EQ(
      error([] { convert_moves({"7g-7e"}, Dialect::kBush, Dialect::kJungle, ""); }),
      "move 1 ('7g-7e'): " + [] {
        std::string why;
        Position pos(RuleSet::standard());
        parse_move(pos, "a3a5", &why);
        return why;
      }());
  EXPECT_EQ(error([] { convert_moves({"8g-7f"}, Dialect::kBush, Dialect::kJungle, ""); }),
            "move 1 ('8g-7f'): Bush move '8g-7f' is not two squares such as \"7g-7f\" (column "
            "1-7, row a-i)");
  EXPECT_FALSE(parse_dialect("fairy").has_value());
  EXPECT_EQ(parse_dialect("KataGo"), Dialect::kKatago);
}

// Random games: every position and every move goes out to each dialect and
// back unchanged (KataGo and netcan keep no counters, so only the placement and
// the side are compared there).
TEST(Dialects, RandomGamesRoundTripThroughEveryDialect) {
  std::mt19937 rng(2026);
  for (int game = 0; game < 20; ++game) {
    Position pos(RuleSet::standard());
    std::vector<std::string> played;
    for (int ply = 0; ply < 80 && game_result(pos) == GameResult::kOngoing; ++ply) {
      const std::string fen = pos.fen();
      const FenFields fields = read_fen(fen, kStandardGeometry);
      for (Dialect d :
           {Dialect::kJungle, Dialect::kMistboard, Dialect::kKatago, Dialect::kNetcan}) {
        const FenFields back = read_position(d, write_position(d, fields));
        EXPECT_EQ(back.board, fields.board) << dialect_name(d) << " " << fen;
        EXPECT_EQ(back.side, fields.side) << dialect_name(d) << " " << fen;
        if (d == Dialect::kJungle || d == Dialect::kMistboard) {
          EXPECT_EQ(write_position(Dialect::kJungle, back), fen) << dialect_name(d);
        }
      }
      const MoveList moves = generate_moves(pos);
      if (moves.size() == 0) break;
      const Move m = moves[int(rng() % unsigned(moves.size()))];
      for (Dialect d : {Dialect::kJungle, Dialect::kMistboard, Dialect::kKatago, Dialect::kNetcan,
                        Dialect::kBush}) {
        EXPECT_EQ(read_move(d, write_move(d, m, pos.side_to_move()), pos.side_to_move()), m)
            << dialect_name(d) << " " << kStandardGeometry.move_text(m);
      }
      played.push_back(kStandardGeometry.move_text(m));
      pos.do_move(m);
    }
    for (Dialect d : {Dialect::kMistboard, Dialect::kKatago, Dialect::kNetcan, Dialect::kBush}) {
      const std::vector<std::string> there = convert_moves(played, Dialect::kJungle, d, "");
      EXPECT_EQ(convert_moves(there, d, Dialect::kJungle, ""), played) << dialect_name(d);
    }
  }
}

TEST(Dialects, RecordsCrossOverWholeGames) {
  const std::string jgn =
      "[Event \"test\"]\n[Blue \"A\"]\n[Red \"B\"]\n[Result \"*\"]\n\n1. a3a4 a7a6 2. a4a5 *\n";
  const std::string bush = convert_records(jgn, Dialect::kJungle, Dialect::kBush);
  EXPECT_EQ(bush,
            "[Event \"test\"]\n[Blue \"A\"]\n[Red \"B\"]\n[Result \"*\"]\n[Notation \"bush\"]\n\n"
            "1. 7g-7f 7c-7d 2. 7f-7e *\n");
  EXPECT_EQ(convert_records(jgn, Dialect::kJungle, Dialect::kKatago),
            "[Event \"test\"]\n[Blue \"A\"]\n[Red \"B\"]\n[Result \"*\"]\n[Notation \"katago\"]\n\n"
            "1. A3A4 A7A6 2. A4A5 *\n");
  EXPECT_EQ(convert_records(bush, Dialect::kBush, Dialect::kJungle),
            write_records(read_records(jgn)));
  // The Notation tag says the dialect, whatever --from says.
  EXPECT_EQ(convert_records(bush, Dialect::kNetcan, Dialect::kJungle),
            write_records(read_records(jgn)));
  // A start position crosses over in the dialect's own format; a game
  // without the tag is in --from's dialect (mistboard's board is ours mirrored).
  const std::string from_fen =
      "[Event \"x\"]\n[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1\"]\n\na7a6\n";
  EXPECT_EQ(convert_records(from_fen, Dialect::kMistboard, Dialect::kMistboard),
            "[Event \"x\"]\n[Notation \"mistboard\"]\n"
            "[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1\"]\n\n1... a7a6 *\n");
  EXPECT_EQ(convert_records(from_fen, Dialect::kMistboard, Dialect::kKatago),
            "[Event \"x\"]\n[Notation \"katago\"]\n"
            "[FEN \"t5l/1c3d1/e1w1j1r/7/7/7/R1J1W1E/1D3C1/L5T b\"]\n\n1... G7G6 *\n");
}

TEST(Dialects, RecordErrorsNameTheGameAndTheMove) {
  try {
    convert_records("[Event \"a\"]\n\n7g-7f\n\n[Event \"b\"]\n\n7g-7f\n7g-7f\n", Dialect::kBush,
                    Dialect::kJungle);
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_STREQ(
        e.what(),
        "game 2, line 8, column 1: move 1... 7g-7f (bush; ours a3a4) is illegal: no piece on a3");
  }
  try {
    convert_records("[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1\"]\n\n1... a7a6 *\n",
                    Dialect::kJungle, Dialect::kBush);
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_STREQ(e.what(),
                 "game 1: Bush's notation has no position format (his rules name squares only); "
                 "convert the position to another dialect");
  }
}

TEST(Dialects, RandomGameRecordsRoundTripThroughEveryDialect) {
  std::mt19937 rng(32);
  std::vector<GameRecord> records;
  for (int game = 0; game < 5; ++game) {
    Position pos(RuleSet::standard());
    GameRecord r;
    r.tags = {{"Event", "random " + std::to_string(game)}, {"Result", "*"}};
    for (int ply = 0; ply < 60 && game_result(pos) == GameResult::kOngoing; ++ply) {
      const MoveList moves = generate_moves(pos);
      const Move m = moves[int(rng() % unsigned(moves.size()))];
      pos.do_move(m);
      // Stopped before a game's end, which its Result would have to say.
      if (game_result(pos) != GameResult::kOngoing) break;
      r.moves.push_back({m, ""});
    }
    records.push_back(r);
  }
  const std::string jgn = write_records(records);
  for (Dialect d : {Dialect::kMistboard, Dialect::kKatago, Dialect::kNetcan, Dialect::kBush}) {
    EXPECT_EQ(convert_records(convert_records(jgn, Dialect::kJungle, d), d, Dialect::kJungle), jgn)
        << dialect_name(d);
  }
}

// The record reader (jungle pgn, play --load, the web app's "Load record")
// takes David Bush's square names for moves as well as ours.
TEST(BushRecords, TheRecordReaderTakesBushsSquares) {
  const std::vector<GameRecord> games =
      read_records("[Event \"Bush\"]\n[Variant \"bush\"]\n\n1. 7g-7f 7c-7d 2. 7f7e *\n");
  ASSERT_EQ(games.size(), 1u);
  std::vector<std::string> moves;
  for (const RecordedMove& m : games[0].moves) moves.push_back(kStandardGeometry.move_text(m.move));
  EXPECT_EQ(moves, (std::vector<std::string>{"a3a4", "a7a6", "a4a5"}));
  EXPECT_EQ(write_record(games[0]),
            "[Event \"Bush\"]\n[Variant \"bush\"]\n\n1. a3a4 a7a6 2. a4a5 *\n");
  try {
    read_records("1. 7g-7e *\n");
    FAIL() << "no error";
  } catch (const RecordError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("game 1, line 1, column 4: move 1 7g-7e is illegal: ", 0),
              0u)
        << e.what();
  }
}

}  // namespace
}  // namespace jungle::notation
