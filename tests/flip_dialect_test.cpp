// mistboard's Flip Jungle notation against ours (notation/flip_dialect.h;
// docs/dialects.md, "mistboard's Flip Jungle"): FENs and actions each way,
// exactly, and the errors that name what is wrong.
#include "notation/flip_dialect.h"

#include <gtest/gtest.h>

#include <string>

#include "core/dialect.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "run_command_util.h"

namespace jungle::notation {
namespace {

std::string error_of(std::string (*convert)(std::string_view), std::string_view text) {
  try {
    convert(text);
  } catch (const NotationError& e) {
    return e.what();
  }
  return "";
}

TEST(FlipDialect, TheStartIsAllFaceDownWithEveryAnimalCounted) {
  EXPECT_EQ(flip_fen_from_mistboard("XXXX/XXXX/XXXX/XXXX - R1C1D1W1P1T1L1E1r1c1d1w1p1t1l1e1 0 0"),
            "???\?/???\?/???\?/???? - RCDWPTLErcdwptle 0 1");
  EXPECT_EQ(flip_fen_to_mistboard("???\?/???\?/???\?/???? - RCDWPTLErcdwptle 0 1"),
            "XXXX/XXXX/XXXX/XXXX - R1C1D1W1P1T1L1E1r1c1d1w1p1t1l1e1 0 0");
}

TEST(FlipDialect, RedInkIsOurBlueAndThePlyCountsFromTheStart) {
  // The first player turned a red Elephant over on d1: black (our Red) to
  // move at ply 1, move 1.
  EXPECT_EQ(flip_fen_from_mistboard("XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1"),
            "???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1");
  EXPECT_EQ(flip_fen_to_mistboard("???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1"),
            "XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1");
  // Later: a capture 3 plies ago, Blue (red ink) to move at ply 12, move 7;
  // three tiles face down over a pool of three.
  EXPECT_EQ(flip_fen_from_mistboard("2X1/E3/1X2/X2w r R1W1r1 3 12"), "2?1/E3/1?2/?2w w RWr 3 7");
  EXPECT_EQ(flip_fen_to_mistboard("2?1/E3/1?2/?2w w RWr 3 7"), "2X1/E3/1X2/X2w r R1W1r1 3 12");
  // Every pool is written in rank order, whatever order it came in.
  EXPECT_EQ(flip_fen_from_mistboard("XX2/4/4/4 r e1R1 0 4"), "??2/4/4/4 w Re 0 3");
  EXPECT_EQ(flip_fen_from_mistboard("E3/4/4/4 r - 5 8"), "E3/4/4/4 w - 5 5");
  EXPECT_EQ(flip_fen_to_mistboard("E3/4/4/4 w -"), "E3/4/4/4 r - 0 0");
}

TEST(FlipDialect, WhatWeReadOfTheirsIsAPositionOurRulesTake) {
  const flip::FlipPosition pos(
      flip::load_flip_rules("flip"),
      flip_fen_from_mistboard("XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1"));
  EXPECT_EQ(pos.fen(), "???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1");
  EXPECT_EQ(flip_fen_to_mistboard(pos.fen()),
            "XXXX/XXXX/XXXX/XXXE b R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1");
}

TEST(FlipDialect, AFlipIsItsSquareTwiceAndRanksCountFromZero) {
  EXPECT_EQ(flip_action_from_mistboard("a0a0"), "a1?");
  EXPECT_EQ(flip_action_from_mistboard("d3d3"), "d4?");
  EXPECT_EQ(flip_action_from_mistboard("a0a1"), "a1a2");
  EXPECT_EQ(flip_action_from_mistboard("c2b2"), "c3b3");
  EXPECT_EQ(flip_action_to_mistboard("a1?"), "a0a0");
  EXPECT_EQ(flip_action_to_mistboard("b2?=L"), "b1b1");
  EXPECT_EQ(flip_action_to_mistboard("d4d3"), "d3d2");
}

TEST(FlipDialect, BadTextIsRefusedWithWhatIsWrongAndWhere) {
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX r R12 0 0"),
            "mistboard flip FEN board 'XXXX/XXXX/XXXX' has 3 ranks; expected 4 (rank 4 first)");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXQX/XXXX/XXXX - R16 0 0"),
            "mistboard flip FEN board rank 3 'XXQX': 'Q' is no animal letter (RCDWPTLE, upper or "
            "lower case), 'X' or digit 1-4");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXX/XXXX/XXXX - R15 0 0"),
            "mistboard flip FEN board rank 3 'XXX' has 3 squares; expected 4");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX/XXXX w R16 0 0"),
            "mistboard flip FEN turn 'w' is not 'r' (red ink), 'b' (black ink) or '-' (before the "
            "first flip)");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX/XXXX - R15 0 0"),
            "mistboard flip FEN pool holds 15 animals for 16 face-down tiles");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX/XXXX - R8C 0 0"),
            "mistboard flip FEN pool 'R8C' at 'C': expected an animal letter and its count, as R1 "
            "or e2");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX/XXXX - R16 -1 0"),
            "mistboard flip FEN clock '-1' is not a whole number from 0 to 1000000");
  EXPECT_EQ(error_of(flip_fen_from_mistboard, "XXXX/XXXX/XXXX/XXXX -"),
            "mistboard flip FEN has 2 fields; expected <board> <r|b|-> <pool> <clock> [<ply>]");
  EXPECT_EQ(
      error_of(flip_fen_to_mistboard, "???\?/???\?/???\?/???? r RCDWPTLErcdwptle 0 1"),
      "flip FEN side to move 'r' is not 'w' (Blue), 'b' (Red) or '-' (before the first flip)");
  EXPECT_EQ(error_of(flip_action_from_mistboard, "a4a4"),
            "mistboard flip move 'a4a4': 'a4' is no square (a0 to d3)");
  EXPECT_EQ(error_of(flip_action_from_mistboard, "a0"),
            "mistboard flip move 'a0' is not two squares (a0a1; a flip is its square twice, a0a0)");
  EXPECT_EQ(error_of(flip_action_to_mistboard, "a0a1"),
            "flip action 'a0a1': 'a0' is no square (a1 to d4)");
  EXPECT_EQ(error_of(flip_action_to_mistboard, "a1?=Q"),
            "flip action 'a1?=Q' is not a flip (a1?, or a1?=L with what it revealed)");
}

// `jungle convert` under a flip set: the FEN and each action as written
// (what a flip reveals is in no action, so none is played to check it).
// run_command adds to its output, so each run starts from an empty one.
TEST(FlipDialect, TheConvertCommandTakesAFlipSet) {
  const std::string convert = std::string(JUNGLE_BINARY) + " convert --variant flip ";
  std::string out;
  EXPECT_EQ(run_command(convert + "--from mistboard --to jungle --fen 'XXXX/XXXX/XXXX/XXXE b "
                                  "R1C1D1W1P1T1L1r1c1d1w1p1t1l1e1 0 1' --moves a0a0 d0c0 2>&1",
                        out),
            0);
  EXPECT_EQ(out, "???\?/???\?/???\?/???E b RCDWPTLrcdwptle 0 1\na1?\nd1c1\n");
  out.clear();
  EXPECT_EQ(run_command(convert + "--from jungle --to mistboard --fen '2?1/E3/1?2/?2w w RWr 3 7' "
                                  "--moves 'a1?' 'b2?=L' d4d3 2>&1",
                        out),
            0);
  EXPECT_EQ(out, "2X1/E3/1X2/X2w r R1W1r1 3 12\na0a0\nb1b1\nd3d2\n");
  out.clear();
  EXPECT_EQ(run_command(convert + "--from katago --to jungle --fen x 2>&1", out), 2);
  EXPECT_EQ(out,
            "error: --variant flip: its games are not written in katago's notation "
            "(docs/dialects.md)\n");
  out.clear();
  EXPECT_EQ(run_command(convert + "--from mistboard --to jungle --moves a4a4 2>&1", out), 2);
  EXPECT_EQ(out, "error: mistboard flip move 'a4a4': 'a4' is no square (a0 to d3)\n");
}

}  // namespace
}  // namespace jungle::notation
