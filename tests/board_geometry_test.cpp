// Boards of other shapes than 7x9: the board as rule-file data, its checks,
// Animal Checkers on 7x7, and everything that reads a board (FEN, moves,
// records, the terminal and web boards) on other shapes.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/game.h"
#include "core/game_record.h"
#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/rule_set.h"
#include "core/variants.h"
#include "reference/reference_game.h"
#include "ui/board_text.h"
#include "web/games/variant_catalog.h"

namespace jungle {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> move_texts(const Position& pos) {
  std::vector<std::string> out;
  for (Move m : generate_moves(pos)) out.push_back(pos.rule_set().geometry().move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

// A 5x12 board without water or traps: square names of two digits.
RuleSetPtr tall_board() {
  Rules r;
  r.name = "tall";
  r.files = 5;
  r.ranks = 12;
  r.dens = {{2, 0}, {2, 11}};
  r.has_water = false;
  r.has_traps = false;
  r.swimmers = AnimalSet::none();
  r.vertical_jumpers = r.horizontal_jumpers = AnimalSet::none();
  r.start_fen = "t4/5/5/5/5/5/5/5/5/5/E4/5 w 0 1";
  return RuleSet::make(r);
}

TEST(BoardGeometry, AnimalCheckersPlaysOnItsOwnSevenBySevenBoard) {
  const RuleSetPtr rules = load_variant("animal-checkers");
  const Geometry& g = rules->geometry();
  EXPECT_EQ(g, Geometry(7, 7));
  EXPECT_EQ(rules->den(kBlue), g.parse_square("d1"));
  EXPECT_EQ(rules->den(kRed), g.parse_square("d7"));
  EXPECT_EQ(rules->water(), Bitboard(0));
  EXPECT_EQ(rules->all_traps(), Bitboard(0));
  EXPECT_TRUE(rules->rules().elephant_never_takes_rat);
  const Position pos(rules);
  auto on = [&](const char* square) { return pos.piece_on(g.parse_square(square)); };
  EXPECT_EQ(on("b1"), make_piece(kBlue, kElephant));
  EXPECT_EQ(on("f1"), make_piece(kBlue, kRat));
  EXPECT_EQ(on("c2"), make_piece(kBlue, kDog));
  EXPECT_EQ(on("e2"), make_piece(kBlue, kTiger));
  EXPECT_EQ(on("b7"), make_piece(kRed, kRat));
  EXPECT_EQ(on("f7"), make_piece(kRed, kElephant));
  EXPECT_EQ(on("c6"), make_piece(kRed, kTiger));
  EXPECT_EQ(on("e6"), make_piece(kRed, kDog));
  EXPECT_EQ(popcount(pos.occupied()), 8);
  EXPECT_EQ(move_texts(pos),
            (std::vector<std::string>{"b1a1", "b1b2", "b1c1", "c2b2", "c2c1", "c2c3", "c2d2",
                                      "e2d2", "e2e1", "e2e3", "e2f2", "f1e1", "f1f2", "f1g1"}));
  // The Elephant never takes the Rat; the Rat takes the Elephant.
  const Position face = Position::from_fen("7/7/7/2Er3/7/7/7 w 0 1", rules);
  EXPECT_EQ(explain_illegal(face, g.parse_square("c4"), g.parse_square("d4")),
            "Elephant cannot capture Rat");
  const Position rat = Position::from_fen("7/7/7/2Er3/7/7/7 b 0 1", rules);
  EXPECT_EQ(explain_illegal(rat, g.parse_square("d4"), g.parse_square("c4")), "");
}

TEST(BoardGeometry, SevenBySevenPerftFromTheStart) {
  Position pos(load_variant("animal-checkers"));
  const uint64_t expected[] = {14, 196, 2352, 28223, 323846, 3715255};
  for (int depth = 1; depth <= 6; ++depth) {
    EXPECT_EQ(perft(pos, depth), expected[depth - 1]) << "depth " << depth;
  }
}

TEST(BoardGeometry, SevenBySevenPerftFromTheStartAgreesWithTheReference) {
  // The slow reference generator (tests/reference), which reads the board
  // from the rules, gives the published counts too: to depth 6 (about five
  // seconds), depth 5 under the sanitizers.
  const int depth = std::getenv("JUNGLE_SANITIZED") ? 5 : 6;
  reference::ReferenceGame ref(builtin_rules("animal-checkers"));
  const uint64_t expected[] = {14, 196, 2352, 28223, 323846, 3715255};
  EXPECT_EQ(ref.perft(depth), expected[depth - 1]);
}

TEST(BoardGeometry, TheLastSquareOfASixtyFourSquareBoardIsARealSquare) {
  Rules r;
  r.files = 8;
  r.ranks = 8;
  r.dens = {{3, 0}, {4, 7}};
  r.trap_squares = {{{{2, 0}, {4, 0}, {3, 1}}, {{3, 7}, {5, 7}, {4, 6}}}};
  r.water_squares = {{1, 3}, {2, 3}, {1, 4}, {2, 4}, {5, 3}, {6, 3}, {5, 4}, {6, 4}};
  r.start_fen = "7t/8/8/8/8/8/8/L7 b 0 1";
  const RuleSetPtr rules = RuleSet::make(r);
  const Geometry& g = rules->geometry();
  EXPECT_EQ(g.parse_square("h8"), 63);
  EXPECT_NE(g.parse_square("h8"), kNoSquare);
  Position pos(rules);
  EXPECT_EQ(move_texts(pos), (std::vector<std::string>{"h8g8", "h8h7"}));
  EXPECT_EQ(rules->capture_zone(kNoSquare), Bitboard(0));
  pos.do_move(*parse_move(pos, "h8h7"));
  pos.do_move(*parse_move(pos, "a1a2"));
  pos.do_move(*parse_move(pos, "h7h8"));
  EXPECT_EQ(pos.fen(), "7t/8/8/8/8/8/L7/8 w 3 3");
  EXPECT_EQ(pos.compute_key(), pos.key());
  // Across the 8x8 board's lakes in one jump, and a diagram of eight files.
  const Position lion = Position::from_fen("7t/8/8/8/8/1L6/8/8 w 0 1", rules);
  EXPECT_EQ(move_texts(lion), (std::vector<std::string>{"b3a3", "b3b2", "b3b6", "b3c3"}));
  EXPECT_EQ(lion.diagram().substr(0, 22), "  +-----------------+\n");
}

TEST(BoardGeometry, TwoDigitRanksInFenMovesAndTheDiagram) {
  const RuleSetPtr rules = tall_board();
  Position pos(rules);
  EXPECT_EQ(pos.fen(), "t4/5/5/5/5/5/5/5/5/5/E4/5 w 0 1");
  EXPECT_EQ(pos.rule_set().geometry().parse_move_text("a2a3"), Move(5, 10));
  std::string why;
  ASSERT_TRUE(parse_move(pos, "a2a3", &why)) << why;
  pos.do_move(*parse_move(pos, "a2a3"));
  ASSERT_TRUE(parse_move(pos, "a12a11", &why)) << why;
  EXPECT_FALSE(parse_move(pos, "a12a13", &why));
  EXPECT_EQ(why, "malformed move 'a12a13': expected a from-square and a to-square, like a3a4");
  const std::string diagram = pos.diagram();
  EXPECT_NE(diagram.find("12 | t . * . . |\n"), std::string::npos) << diagram;
  EXPECT_NE(diagram.find(" 1 | . . * . . |\n"), std::string::npos) << diagram;
  // Runs of more than nine empty squares are written as digits that add up.
  Rules wide;
  wide.files = 12;
  wide.ranks = 5;
  wide.dens = {{5, 0}, {5, 4}};
  wide.has_water = wide.has_traps = false;
  wide.start_fen = "t56/66/66/66/92T w 0 1";
  const Position w = Position(RuleSet::make(wide));
  EXPECT_EQ(w.fen(), "t92/93/93/93/92T w 0 1");
}

TEST(BoardGeometry, SevenBySevenGamesSaveAndLoad) {
  const RuleSetPtr rules = load_variant("animal-checkers");
  Game game(Position(rules), "animal-checkers");
  for (const char* text : {"e2e3", "c6c5", "e3e4", "c5c4", "c2c3"}) {
    game.play(*parse_move(game.position(), text));
  }
  const std::string saved = game.serialize();
  EXPECT_NE(saved.find("[Variant \"animal-checkers\"]"), std::string::npos) << saved;
  EXPECT_NE(saved.find("1. e2e3 c6c5 2. e3e4 c5c4 3. c2c3"), std::string::npos) << saved;
  const Game loaded = Game::deserialize(saved);
  EXPECT_EQ(loaded.position().fen(), game.position().fen());
  EXPECT_EQ(loaded.position().fen(), "1r3e1/4d2/7/2t1T2/2D4/7/1E3R1 b 5 3");
  EXPECT_EQ(loaded.position().rule_set().geometry(), Geometry(7, 7));
  ASSERT_EQ(loaded.moves().size(), 5u);
  // A 7x9 move text that is no square of 7x7 is malformed there.
  EXPECT_THROW(read_records("[Variant \"animal-checkers\"]\n\n1. a9a8 *\n"), RecordError);
}

TEST(BoardGeometry, TerminalAndWebBoardsFollowTheShape) {
  const RuleSetPtr rules = load_variant("animal-checkers");
  BoardStyle ascii;
  ascii.ascii = true;
  const std::string board = render_board(Position(rules), ascii);
  EXPECT_EQ(board.substr(0, board.find('\n')), "     a  b  c  d  e  f  g");
  EXPECT_NE(board.find(" 7 | .  r  .  *  .  e  . | 7\n"), std::string::npos) << board;
  EXPECT_EQ(board.find(" 8 |"), std::string::npos) << board;
  const std::string tall = render_board(Position(tall_board()), ascii);
  EXPECT_NE(tall.find(" 12 | t  .  *  .  . | 12\n"), std::string::npos) << tall;
  EXPECT_NE(tall.find("  1 | .  .  *  .  . | 1\n"), std::string::npos) << tall;

  const web::VariantCatalog catalog;
  bool found = false;
  for (const auto& set : catalog.describe_all()) {
    if (set["name"] != "animal-checkers") continue;
    found = true;
    EXPECT_EQ(set["board"]["files"], 7);
    EXPECT_EQ(set["board"]["ranks"], 7);
    EXPECT_EQ(set["dens"]["blue"], "d1");
    EXPECT_EQ(set["dens"]["red"], "d7");
    EXPECT_TRUE(set["water"].empty());
    EXPECT_TRUE(set["traps"]["blue"].empty());
  }
  EXPECT_TRUE(found);
}

class BoardGeometryFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("jungle_board_geometry_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The problems `jungle variants check` prints for a rule file of this text.
  std::vector<std::string> check(const std::string& text) {
    const fs::path path = dir_ / "board.toml";
    std::ofstream(path) << text;
    std::vector<std::string> out;
    for (const VariantIssue& i : check_rules_file(path)) {
      out.push_back(i.to_string().substr(path.string().size()));
    }
    return out;
  }

  fs::path dir_;
};

using Lines = std::vector<std::string>;

TEST_F(BoardGeometryFiles, ABoardOfItsOwnLoads) {
  EXPECT_EQ(check("name = \"pond\"\nstart = \"l3t/r3e/5/5/E3R/T3L w 0 1\"\n\n[board]\nfiles = "
                  "5\nranks = 6\ndens = [\"c1\", \"c6\"]\nblue_traps = [\"b1\", \"d1\", "
                  "\"c2\"]\nred_traps = [\"b6\", \"d6\", \"c5\"]\nwater = [\"c3\"]\n"),
            Lines{});
}

TEST_F(BoardGeometryFiles, ADenOutsideTheBoard) {
  EXPECT_EQ(check("[board]\nfiles = 7\nranks = 7\ndens = [\"d1\", \"d9\"]\n"),
            Lines{":4:8: Red's den d9 is outside the 7x7 board"});
  EXPECT_EQ(check("[board]\ndens = [\"d1\"]\n"),
            Lines{":2:8: dens must name two squares, Blue's then Red's (or none); it names 1"});
  EXPECT_EQ(check("[board]\ndens = [\"d1\", \"x\"]\n"),
            Lines{":2:15: [board] dens: 'x' is not a square name like 'd1'"});
}

TEST_F(BoardGeometryFiles, ATrapOnWater) {
  EXPECT_EQ(check("[board]\nblue_traps = [\"c1\", \"b4\", \"d2\"]\n"),
            Lines{":2:14: Blue trap b4 is on water"});
  // Without water the same square is land, and a trap may lie there.
  EXPECT_EQ(check("[board]\nblue_traps = [\"c1\", \"b4\", \"d2\"]\nhas_water = false\n"), Lines{});
  EXPECT_EQ(check("[board]\nwater = [\"h4\"]\n"),
            Lines{":2:9: water square h4 is outside the 7x9 board"});
}

TEST_F(BoardGeometryFiles, AStartPieceOnWaterForANonSwimmer) {
  EXPECT_EQ(check("start = \"l5t/1d3c1/r1p1w1e/7/1L5/7/E1W1P1R/1C3D1/T6 w 0 1\"\n"),
            Lines{":1:9: start position: Blue Lion on water square b5"});
}

TEST_F(BoardGeometryFiles, ABoardOverSixtyFourSquaresOrOfBadSize) {
  EXPECT_EQ(check("[board]\nfiles = 9\nranks = 8\n"),
            Lines{":3:9: the board is 9x8, 72 squares; at most 64 fit"});
  EXPECT_EQ(check("[board]\nfiles = 27\n"), Lines{":2:9: [board] files = 27 is outside 1..26"});
  EXPECT_EQ(check("[board]\nranks = 0\n"), Lines{":2:9: [board] ranks = 0 is outside 1..64"});
}

TEST_F(BoardGeometryFiles, AStartPositionOfAnotherSize) {
  EXPECT_EQ(check("start = \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1\"\n\n[board]\nfiles "
                  "= 6\n"),
            Lines{":1:9: start position: FEN rank 9 has 7 files; expected 6"});
  EXPECT_EQ(check("start = \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1\"\n\n[board]\nranks "
                  "= 7\ndens = [\"d1\", \"d7\"]\nred_traps = []\nhas_water = false\n"),
            Lines{":1:9: start position: FEN placement has 9 ranks; expected 7"});
}

TEST(BoardGeometry, RulesWithABadBoardAreRefused) {
  Rules r;
  r.files = 9;
  r.ranks = 8;
  EXPECT_THROW(RuleSet::make(r), std::invalid_argument);
  Rules no_dens;
  no_dens.dens.clear();
  no_dens.has_traps = false;
  const RuleSetPtr open = RuleSet::make(no_dens);
  EXPECT_EQ(open->den(kBlue), kNoSquare);
  EXPECT_EQ(open->den_bb(kRed), Bitboard(0));
  Position start(open);
  EXPECT_EQ(perft(start, 2), 24u * 24u);
}

}  // namespace
}  // namespace jungle
