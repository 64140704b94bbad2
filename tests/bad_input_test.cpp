// Bad FEN strings and bad move texts: each must be refused, and the message
// must say what is wrong and where (animal names, squares, ranks).

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/notation.h"
#include "rules_test_util.h"

namespace jungle {
namespace {

using test::fen_error;
using test::fen_pos;
using test::mentions;
using test::mentions_any;
using test::moves_of;
using test::play;
using test::sq;

const char* const kStartFen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

// ---------------------------------------------------------------- FEN

TEST(BadInputFen, WrongNumberOfRanks) {
  std::string eight = fen_error("7/7/7/7/7/7/7/7 w");
  EXPECT_TRUE(mentions(eight, "rank")) << eight;
  std::string ten = fen_error("7/7/7/7/7/7/7/7/7/7 w");
  EXPECT_TRUE(mentions(ten, "rank")) << ten;
}

TEST(BadInputFen, RankWithWrongNumberOfFiles) {
  // Rank 3 holds 8 files.
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R1/1C3D1/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "rank 3")) << msg;
  // Rank 9 holds 6 files.
  msg = fen_error("l4t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "rank 9")) << msg;
  // Rank 5 overflows with a digit.
  msg = fen_error("l5t/1d3c1/r1p1w1e/7/8/7/E1W1P1R/1C3D1/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "rank 5")) << msg;
}

TEST(BadInputFen, UnknownLetter) {
  // 'X' where the Blue Rat stands (g3).
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1X/1C3D1/T5L w 0 1");
  EXPECT_NE(msg.find('X'), std::string::npos) << msg;
  EXPECT_TRUE(mentions_any(msg, {"g3", "rank 3"})) << msg;
}

TEST(BadInputFen, TwoRatsForBlue) {
  // A second Blue Rat on g2.
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3DR/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "Rat")) << msg;
  EXPECT_TRUE(mentions_any(msg, {"Blue", "g2", "g3"})) << msg;
}

TEST(BadInputFen, ElephantInTheWater) {
  // The Blue Elephant on b4 instead of a3.
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/1E5/2W1P1R/1C3D1/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "Elephant")) << msg;
  EXPECT_TRUE(mentions(msg, "b4")) << msg;
  // A Red Lion on e5.
  msg = fen_error("c6/7/7/7/4l2/7/7/7/6C w");
  EXPECT_TRUE(mentions(msg, "Lion")) << msg;
  EXPECT_TRUE(mentions(msg, "e5")) << msg;
}

TEST(BadInputFen, PieceInItsOwnDen) {
  // The Blue Dog on d1 instead of f2.
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C5/T2D2L w 0 1");
  EXPECT_TRUE(mentions(msg, "d1")) << msg;
  EXPECT_TRUE(mentions(msg, "Dog")) << msg;
  // The Red Lion on d9 instead of a9.
  msg = fen_error("3l2t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1");
  EXPECT_TRUE(mentions(msg, "d9")) << msg;
}

TEST(BadInputFen, BadSideToMove) {
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0 1");
  EXPECT_TRUE(mentions_any(msg, {"side", "'x'", "\"x\""})) << msg;
  msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L");  // no side at all
  EXPECT_NE(msg, "");
}

TEST(BadInputFen, BadCounters) {
  std::string msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w abc 1");
  EXPECT_TRUE(mentions(msg, "abc")) << msg;
  msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 zz");
  EXPECT_TRUE(mentions(msg, "zz")) << msg;
  msg = fen_error("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w -3 1");
  EXPECT_TRUE(mentions(msg, "-3")) << msg;
}

TEST(BadInputFen, EmptyString) {
  std::string msg = fen_error("");
  EXPECT_NE(msg, "");
  EXPECT_THROW(Position::from_fen("   "), FenError);
}

TEST(BadInputFen, ChessStyleFormIsAccepted) {
  Position pos = fen_pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w - - 0 1");
  EXPECT_EQ(pos.side_to_move(), kBlue);
  EXPECT_EQ(moves_of(pos).size(), 24u);
  EXPECT_EQ(pos.fen(), kStartFen);

  Position red = fen_pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b - - 5 10");
  EXPECT_EQ(red.side_to_move(), kRed);
  EXPECT_EQ(red.plies_since_capture(), 5);
  EXPECT_EQ(red.move_number(), 10);
  EXPECT_EQ(red.fen(), "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 5 10");
}

TEST(BadInputFen, CountersAreOptional) {
  Position pos = fen_pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w");
  EXPECT_EQ(pos.plies_since_capture(), 0);
  EXPECT_EQ(pos.move_number(), 1);
  EXPECT_EQ(pos.fen(), kStartFen);
}

// -------------------------------------------------------------- moves

// The reason parse_move gives for refusing `text`, or "" (with a failure) when it accepts it.
std::string refusal(const Position& pos, std::string_view text) {
  std::string error;
  std::optional<Move> m = parse_move(pos, text, &error);
  if (m) {
    ADD_FAILURE() << "\"" << text << "\" was accepted in " << pos.fen();
    return "";
  }
  EXPECT_NE(error, "") << "no reason given for refusing \"" << text << "\"";
  return error;
}

TEST(BadInputMove, LegalMoveIsParsed) {
  Position start;
  std::optional<Move> m = parse_move(start, "a3a4");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(*m, Move(sq("a3"), sq("a4")));
  EXPECT_EQ(explain_illegal(start, sq("a3"), sq("a4")), "");
  EXPECT_FALSE(parse_move(start, "a3a5").has_value());  // works without an error string
}

TEST(BadInputMove, MalformedText) {
  Position start;
  for (const char* text : {"a3", "z9z8", "a3a4x", "", "a0a1", "h1h2"}) {
    SCOPED_TRACE(text);
    refusal(start, text);
  }
}

TEST(BadInputMove, NoPieceOnTheSquare) {
  Position start;
  std::string msg = refusal(start, "d4d5");
  EXPECT_TRUE(mentions(msg, "d4")) << msg;
}

TEST(BadInputMove, OpponentsPiece) {
  Position start;  // Blue to move; a7 holds the Red Rat
  std::string msg = refusal(start, "a7a6");
  EXPECT_TRUE(mentions(msg, "a7")) << msg;
  EXPECT_TRUE(mentions_any(msg, {"Red", "opponent", "Rat"})) << msg;
}

TEST(BadInputMove, NotAStepAndNotAJump) {
  Position start;
  std::string msg = refusal(start, "a3a5");  // Elephant two squares
  EXPECT_TRUE(mentions(msg, "Elephant")) << msg;
  msg = refusal(start, "e3e7");  // the Leopard does not jump
  EXPECT_TRUE(mentions(msg, "Leopard")) << msg;
  msg = refusal(start, "b2c1");  // diagonal
  EXPECT_TRUE(mentions(msg, "Cat")) << msg;
}

TEST(BadInputMove, IntoOwnDen) {
  Position pos = fen_pos("c6/7/7/7/7/7/7/3D3/7 w");  // Blue Dog d2
  std::string msg = refusal(pos, "d2d1");
  EXPECT_TRUE(mentions(msg, "den")) << msg;
}

TEST(BadInputMove, IntoWater) {
  Position start;
  std::string msg = refusal(start, "c3c4");  // the Wolf
  EXPECT_TRUE(mentions(msg, "Wolf")) << msg;
  EXPECT_TRUE(mentions(msg, "water")) << msg;
}

TEST(BadInputMove, BlockedJump) {
  Position pos = fen_pos("7/7/7/7/4r2/7/4L2/7/7 w");  // Blue Lion e3, Red Rat e5
  std::string msg = refusal(pos, "e3e7");
  EXPECT_TRUE(mentions(msg, "Lion")) << msg;
  EXPECT_TRUE(mentions(msg, "Rat")) << msg;
  EXPECT_TRUE(mentions(msg, "e5")) << msg;

  Position own = fen_pos("c6/7/7/7/4R2/7/4L2/7/7 w");  // the Lion's own Rat on e5
  msg = refusal(own, "e3e7");
  EXPECT_TRUE(mentions(msg, "Rat")) << msg;
  EXPECT_TRUE(mentions(msg, "e5")) << msg;
}

TEST(BadInputMove, RefusedCapture) {
  Position pos = fen_pos("7/7/7/7/7/3d3/3C3/7/7 w");  // Blue Cat d3, Red Dog d4
  std::string msg = refusal(pos, "d3d4");
  EXPECT_TRUE(mentions(msg, "Cat")) << msg;
  EXPECT_TRUE(mentions(msg, "Dog")) << msg;

  Position water = fen_pos("7/7/7/7/7/2Re3/7/7/7 w");  // Blue Rat in c4, Red Elephant d4
  msg = refusal(water, "c4d4");
  EXPECT_TRUE(mentions(msg, "Elephant")) << msg;
}

TEST(BadInputMove, OntoOwnPiece) {
  Position pos = fen_pos("c6/7/7/7/7/3C3/3D3/7/7 w");  // Blue Dog d3, Blue Cat d4
  std::string msg = refusal(pos, "d3d4");
  EXPECT_TRUE(mentions(msg, "d4")) << msg;
}

TEST(BadInputMove, TrapClosedByTheRuleSet) {
  auto rules = test::rules_with([](Rules& r) { r.may_enter_traps = {kRat, kCat, kDog, kWolf}; });
  Position pos = fen_pos("c6/2P4/7/7/7/7/7/7/7 w", rules);  // Blue Leopard c8
  std::string msg = refusal(pos, "c8c9");
  EXPECT_TRUE(mentions(msg, "Leopard")) << msg;
  EXPECT_TRUE(mentions(msg, "c9")) << msg;
  EXPECT_TRUE(mentions(msg, "trap")) << msg;
}

TEST(BadInputMove, BushRuleRepetition) {
  auto rules = test::rules_with([](Rules& r) { r.repetition = RepetitionRule::kBush; });
  Position pos = fen_pos("7/7/7/7/7/7/7/1e5/1D5 w", rules);  // Red Elephant b2, Blue Dog b1
  ASSERT_TRUE(play(pos, "b1c1 b2c2 c1b1 c2b2 b1c1 b2c2 c1b1"));
  std::string msg = refusal(pos, "c2b2");
  EXPECT_TRUE(mentions_any(msg, {"repeat", "repetition"})) << msg;
  EXPECT_TRUE(mentions(msg, "Dog")) << msg;
}

TEST(BadInputMove, AfterGameOver) {
  Position pos = fen_pos("c6/3D3/7/7/7/7/7/7/7 w");  // Blue Dog d8
  ASSERT_TRUE(play(pos, "d8d9"));
  std::string msg = refusal(pos, "a9a8");
  EXPECT_TRUE(mentions_any(msg, {"over", "ended", "finished"})) << msg;
}

}  // namespace
}  // namespace jungle
