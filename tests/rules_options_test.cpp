// Each option of struct Rules, changed singly from the defaults (Rules{}),
// with the moves and results it must produce, worked out by hand from
// RULES.md and docs/rule-details.md.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules_test_util.h"

namespace jungle {
namespace {

using test::check_cases;
using test::fen_error;
using test::fen_pos;
using test::moves_from;
using test::moves_of;
using test::Outcome;
using test::outcome;
using test::play;
using test::rules_with;
using test::sorted;
using test::sq;
using V = std::vector<std::string>;

// ---------------------------------------------------------------- ranks

TEST(RulesOptions, RanksDogAboveWolf) {
  auto rules = rules_with([](Rules& r) {
    r.rank[kDog] = 4;
    r.rank[kWolf] = 3;
  });
  check_cases(rules, {
                         {"7/7/7/7/7/3w3/3D3/7/7 w", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},
                         {"7/7/7/7/7/3d3/3W3/7/7 w", "", {"d3c3", "d3d2", "d3e3"}},
                     });
  check_cases(RuleSet::standard(),
              {
                  {"7/7/7/7/7/3w3/3D3/7/7 w", "", {"d3c3", "d3d2", "d3e3"}},
                  {"7/7/7/7/7/3d3/3W3/7/7 w", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},
              });
}

TEST(RulesOptions, RanksLionEqualsTiger) {
  auto rules = rules_with([](Rules& r) { r.rank[kTiger] = 7; });
  check_cases(rules, {
                         {"7/6l/6T/7/7/7/7/7/7 w", "", {"g7f7", "g7g6", "g7g8"}},  // Tiger takes
                         {"7/6t/6L/7/7/7/7/7/7 w", "", {"g7f7", "g7g6", "g7g8"}},  // Lion takes
                         {"c6/7/1l5/7/7/7/1T5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},
                     });
  check_cases(RuleSet::standard(), {
                                       {"7/6l/6T/7/7/7/7/7/7 w", "", {"g7f7", "g7g6"}},
                                   });
}

TEST(RulesOptions, RanksTigerAboveLion) {
  auto rules = rules_with([](Rules& r) {
    r.rank[kTiger] = 7;
    r.rank[kLion] = 6;
  });
  check_cases(rules, {
                         {"7/6l/6T/7/7/7/7/7/7 w", "", {"g7f7", "g7g6", "g7g8"}},
                         {"7/6t/6L/7/7/7/7/7/7 w", "", {"g7f7", "g7g6"}},
                     });
}

// ---------------------------------------------------------- Rat and Elephant

TEST(RulesOptions, ElephantTakesRat) {
  auto rules = rules_with([](Rules& r) { r.elephant_takes_rat = true; });
  check_cases(rules, {
                         {"7/7/7/7/7/3e3/3R3/7/7 b", "", {"d4d3", "d4d5"}},
                         {"7/7/7/7/7/3e3/3R3/7/7 w", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},
                         // A Rat in the water is still out of the Elephant's reach.
                         {"7/7/7/7/7/2Re3/7/7/7 b", "", {"d4d3", "d4d5"}},
                     });
}

TEST(RulesOptions, RatDoesNotTakeElephant) {
  auto rules = rules_with([](Rules& r) { r.rat_takes_elephant = false; });
  check_cases(rules, {
                         {"7/7/7/7/7/3e3/3R3/7/7 w", "", {"d3c3", "d3d2", "d3e3"}},
                         {"7/7/7/7/7/3e3/3R3/7/7 b", "", {"d4d5"}},
                         // On the Rat's trap any piece takes the Elephant.
                         {"7/7/7/7/7/7/3R3/3e3/7 w", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},
                     });
}

// ------------------------------------------------------------------ swimmers

TEST(RulesOptions, SwimmersRatAndDog) {
  auto rules = rules_with([](Rules& r) { r.swimmers = {kRat, kDog}; });
  check_cases(rules, {
                         {"c6/7/7/7/7/7/1D5/7/7 w", "", {"b3a3", "b3b2", "b3b4", "b3c3"}},
                         {"c6/7/7/7/1D5/7/7/7/7 w", "", {"b5a5", "b5b4", "b5b6", "b5c5"}},
                         {"c6/7/7/7/7/7/1W5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},
                         // A Dog in the water blocks jumps, of either colour.
                         {"7/7/7/7/1d5/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},
                         {"c6/7/7/7/3TD2/7/7/7/7 w", "d5", {"d5a5", "d5d4", "d5d6"}},
                         // Dog in b5 takes the Rat in b6 but not the Cat on land at a5.
                         {"7/7/7/1r5/cD5/7/7/7/7 w", "", {"b5b4", "b5b6", "b5c5"}},
                     });
  EXPECT_NE(fen_error("c6/7/7/7/1W5/7/7/7/7 w", rules), "");  // Wolf in the water
  EXPECT_NE(fen_error("c6/7/7/7/1D5/7/7/7/7 w"), "");         // Dog in the water, default rules
}

TEST(RulesOptions, SwimmersRatDogAndWolf) {
  auto rules = rules_with([](Rules& r) { r.swimmers = {kRat, kDog, kWolf}; });
  check_cases(rules, {
                         {"c6/7/7/7/7/7/2W4/7/7 w", "", {"c3b3", "c3c2", "c3c4", "c3d3"}},
                         {"c6/7/7/7/7/7/2P4/7/7 w", "", {"c3b3", "c3c2", "c3d3"}},
                         {"c6/7/7/7/4W2/7/7/7/7 w", "", {"e5d5", "e5e4", "e5e6", "e5f5"}},
                         {"7/7/7/7/7/5w1/5L1/7/7 w", "", {"f3e3", "f3f2", "f3g3"}},  // Wolf blocks
                     });
  EXPECT_NE(fen_error("c6/7/7/7/2P4/7/7/7/7 w", rules), "");  // Leopard in the water
}

// --------------------------------------------------------- the water's edge

TEST(RulesOptions, CaptureAcrossWaterEdge) {
  auto rules = rules_with([](Rules& r) { r.set_capture_across_water_edge(true); });
  check_cases(rules, {
                         {"7/7/7/7/7/2R4/2r4/7/7 w", "", {"c4b4", "c4c3", "c4c5", "c4d4"}},
                         {"7/7/7/7/7/2r4/2R4/7/7 w", "", {"c3b3", "c3c2", "c3c4", "c3d3"}},
                         // Still no Rat-takes-Elephant from the water.
                         {"7/7/7/7/7/2Re3/7/7/7 w", "", {"c4b4", "c4c3", "c4c5"}},
                     });
}

TEST(RulesOptions, CaptureAcrossWaterEdgeWithRatTakingElephantFromWater) {
  auto rules = rules_with([](Rules& r) {
    r.set_capture_across_water_edge(true);
    r.rat_takes_elephant_from_water = true;
  });
  check_cases(rules, {
                         {"7/7/7/7/7/2Re3/7/7/7 w", "", {"c4b4", "c4c3", "c4c5", "c4d4"}},
                     });
  // Without captures across the edge the flag alone changes nothing.
  auto flag_only = rules_with([](Rules& r) { r.rat_takes_elephant_from_water = true; });
  check_cases(flag_only, {
                             {"7/7/7/7/7/2Re3/7/7/7 w", "", {"c4b4", "c4c3", "c4c5"}},
                         });
}

// ------------------------------------------------------------------- jumps

TEST(RulesOptions, HorizontalJumpersLionOnly) {
  auto rules = rules_with([](Rules& r) { r.horizontal_jumpers = {kLion}; });
  check_cases(rules, {
                         {"c6/7/7/7/3T3/7/7/7/7 w", "", {"d5d4", "d5d6"}},
                         {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},
                         {"c6/7/7/7/7/7/1T5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},
                     });
}

TEST(RulesOptions, HorizontalJumpersTigerOnly) {
  auto rules = rules_with([](Rules& r) { r.horizontal_jumpers = {kTiger}; });
  check_cases(rules, {
                         {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5d4", "d5d6"}},
                         {"c6/7/7/7/6T/7/7/7/7 w", "", {"g5d5", "g5g4", "g5g6"}},
                         {"c6/7/2L4/7/7/7/7/7/7 w", "", {"c7b7", "c7c3", "c7c8", "c7d7"}},
                     });
}

TEST(RulesOptions, HorizontalJumpersNone) {
  auto rules = rules_with([](Rules& r) { r.horizontal_jumpers = {}; });
  check_cases(rules, {
                         {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5d4", "d5d6"}},
                         {"c6/7/7/7/7/T6/7/7/7 w", "", {"a4a3", "a4a5"}},
                         {"c6/7/7/7/7/7/4L2/7/7 w", "", {"e3d3", "e3e2", "e3e7", "e3f3"}},
                     });
}

TEST(RulesOptions, HorizontalJumpersWithLeopard) {
  auto rules = rules_with([](Rules& r) { r.horizontal_jumpers = {kLion, kTiger, kLeopard}; });
  check_cases(rules,
              {
                  {"c6/7/7/7/3P3/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},
                  {"c6/7/7/P6/7/7/7/7/7 w", "", {"a6a5", "a6a7", "a6d6"}},
                  {"c6/7/7/7/7/7/1P5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},   // not vertical
                  {"7/7/7/7/1r1P3/7/7/7/7 w", "", {"d5d4", "d5d6", "d5g5"}},  // Rat blocks
                  {"7/7/7/7/3P2t/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6"}},   // Tiger too strong
              });
}

TEST(RulesOptions, VerticalJumpUnblocked) {
  auto rules = rules_with([](Rules& r) { r.vertical_jump_unblocked = {kLion, kTiger}; });
  check_cases(rules, {
                         {"7/7/7/7/1r5/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},
                         {"7/7/7/7/2rT3/7/7/7/7 w", "", {"d5d4", "d5d6", "d5g5"}},
                     });
}

TEST(RulesOptions, HorizontalJumpUnblockedForLion) {
  auto rules = rules_with([](Rules& r) { r.horizontal_jump_unblocked = {kLion}; });
  check_cases(rules, {
                         {"7/7/7/7/2rL3/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},
                         {"7/7/7/7/2rT3/7/7/7/7 w", "", {"d5d4", "d5d6", "d5g5"}},
                         {"7/7/7/7/1r5/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3c3"}},
                     });
}

TEST(RulesOptions, HorizontalJumpUnblockedForLeopard) {
  auto rules = rules_with([](Rules& r) {
    r.horizontal_jumpers = {kLion, kTiger, kLeopard};
    r.horizontal_jump_unblocked = {kLeopard};
  });
  check_cases(rules, {
                         {"7/7/7/7/1r1P3/7/7/7/7 w", "", {"d5a5", "d5d4", "d5d6", "d5g5"}},
                         {"7/7/7/7/2rL3/7/7/7/7 w", "", {"d5d4", "d5d6", "d5g5"}},
                     });
}

// ------------------------------------------------------------------- traps

TEST(RulesOptions, UniversalTraps) {
  auto rules = rules_with([](Rules& r) { r.traps = TrapRule::kAllTrapsWeaken; });
  check_cases(rules, {
                         // Pieces on their own traps are weakened too.
                         {"7/7/7/7/7/7/7/7/1cE4 b", "", {"b1a1", "b1b2", "b1c1"}},
                         {"7/7/7/7/7/7/3r3/3L3/7 b", "", {"d3c3", "d3d2", "d3d4", "d3e3"}},
                         {"2r4/2E4/7/7/7/7/7/7/7 w", "", {"c8b8", "c8c7", "c8c9", "c8d8"}},
                         // and still on the opponent's.
                         {"7/7/7/7/7/7/7/7/1Ce4 w", "", {"b1a1", "b1b2", "b1c1"}},
                     });
  check_cases(RuleSet::standard(), {
                                       {"2r4/2E4/7/7/7/7/7/7/7 w", "", {"c8b8", "c8c7", "c8d8"}},
                                   });
}

TEST(RulesOptions, MayEnterOwnTrapsRatCatDog) {
  auto rules = rules_with([](Rules& r) { r.may_enter_own_traps = {kRat, kCat, kDog}; });
  check_cases(rules, {
                         {"c6/7/7/7/7/7/7/2W4/7 w", "", {"c2b2", "c2c3"}},
                         {"c6/7/7/7/7/7/7/2D4/7 w", "", {"c2b2", "c2c1", "c2c3", "c2d2"}},
                         {"c6/7/7/7/7/7/7/4E2/7 w", "", {"e2e3", "e2f2"}},
                         // the enemy's traps stay open
                         {"c6/2W4/7/7/7/7/7/7/7 w", "", {"c8b8", "c8c7", "c8c9", "c8d8"}},
                         // not even to capture on an own trap
                         {"7/7/7/7/7/7/3W3/3c3/7 w", "", {"d3c3", "d3d4", "d3e3"}},
                         {"7/4l2/7/7/7/7/7/7/C6 b", "", {"e8e7", "e8f8"}},
                         {"7/7/3r3/7/7/7/7/7/C6 b", "", {"d7c7", "d7d6", "d7d8", "d7e7"}},
                     });
  EXPECT_NE(fen_error("c6/7/7/7/7/7/7/7/2W4 w", rules), "");  // Blue Wolf on its c1
}

TEST(RulesOptions, MayEnterTrapsRanksOneToFour) {
  auto rules = rules_with([](Rules& r) { r.may_enter_traps = {kRat, kCat, kDog, kWolf}; });
  check_cases(rules, {
                         {"c6/2P4/7/7/7/7/7/7/7 w", "", {"c8b8", "c8c7"}},
                         {"c6/2W4/7/7/7/7/7/7/7 w", "", {"c8b8", "c8c7", "c8c9", "c8d8"}},
                         {"c6/7/7/7/7/7/7/2P4/7 w", "", {"c2b2", "c2c3"}},
                         {"7/7/7/7/7/7/3E3/3c3/7 w", "", {"d3c3", "d3d4", "d3e3"}},
                         {"6C/7/7/7/7/7/7/4t2/7 b", "", {"e2e3", "e2f2"}},
                     });
  EXPECT_NE(fen_error("c6/3L3/7/7/7/7/7/7/7 w", rules), "");  // Blue Lion on d8
}

// -------------------------------------------------------- own den, den food

TEST(RulesOptions, OwnDenAllowedAndDenFood) {
  auto rules = rules_with([](Rules& r) {
    r.own_den_allowed = true;
    r.den_food_limit = 3;
  });
  // Blue Dog d2, Blue Cat g1, Red Cat a9.
  Position pos = fen_pos("c6/7/7/7/7/7/7/3D3/6C w", rules);
  EXPECT_EQ(moves_of(pos), sorted({"d2c2", "d2d1", "d2d3", "d2e2", "g1f1", "g1g2"}));
  ASSERT_TRUE(play(pos, "d2d1"));  // Blue's turn 1 ends in the den
  EXPECT_EQ(pos.den_turns(kBlue), 1);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a9a8"));
  EXPECT_EQ(moves_of(pos), sorted({"d1c1", "d1d2", "d1e1", "g1f1", "g1g2"}));
  ASSERT_TRUE(play(pos, "g1g2"));  // turn 2
  EXPECT_EQ(pos.den_turns(kBlue), 2);
  EXPECT_EQ(pos.den_turns(kRed), 0);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a8a7 g2g3"));  // turn 3: the limit
  EXPECT_EQ(pos.den_turns(kBlue), 3);
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kRedWins, Termination::kDenFood}));
  EXPECT_EQ(moves_of(pos), V{});

  // Default rules: the den stays closed.
  check_cases(RuleSet::standard(), {{"c6/7/7/7/7/7/7/3D3/6C w", "d2", {"d2c2", "d2d3", "d2e2"}}});
  EXPECT_NE(fen_error("c6/7/7/7/7/7/7/7/3D2C w"), "");
}

TEST(RulesOptions, DenFoodCountsTurnsInTotal) {
  auto rules = rules_with([](Rules& r) {
    r.own_den_allowed = true;
    r.den_food_limit = 3;
  });
  Position pos = fen_pos("c6/7/7/7/7/7/7/3D3/6C w", rules);
  ASSERT_TRUE(play(pos, "d2d1 a9a8 d1d2"));  // in, then out: the count stays
  EXPECT_EQ(pos.den_turns(kBlue), 1);
  ASSERT_TRUE(play(pos, "a8a7 d2d1"));
  EXPECT_EQ(pos.den_turns(kBlue), 2);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a7a6 g1g2"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kRedWins, Termination::kDenFood}));
}

TEST(RulesOptions, DenFoodCounterStartsAtZeroFromFen) {
  auto rules = rules_with([](Rules& r) {
    r.own_den_allowed = true;
    r.den_food_limit = 3;
  });
  // Blue Dog already on d1 (legal with own_den_allowed).
  Position pos = fen_pos("c6/7/7/7/7/7/7/7/3D2C w", rules);
  EXPECT_EQ(pos.den_turns(kBlue), 0);
  EXPECT_EQ(moves_of(pos), sorted({"d1c1", "d1d2", "d1e1", "g1f1", "g1g2"}));
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g3"));
  EXPECT_EQ(pos.den_turns(kBlue), 2);
  EXPECT_EQ(outcome(pos), test::kOngoing);
}

// ---------------------------------------------------------------- drowning

RuleSetPtr drowning_rules() {
  return rules_with([](Rules& r) { r.water_turn_limit = 3; });
}

TEST(RulesOptions, WaterTurnLimitDrownsOnTheFourthTurn) {
  // Blue Rat b3, Blue Cat g1, Red Cat a9.
  Position pos = fen_pos("c6/7/7/7/7/7/1R5/7/6C w", drowning_rules());
  ASSERT_TRUE(play(pos, "b3b4"));
  EXPECT_EQ(pos.water_turns(sq("b4")), 1);
  ASSERT_TRUE(play(pos, "a9a8"));
  EXPECT_EQ(pos.water_turns(sq("b4")), 1);  // Red's turn does not count for Blue
  ASSERT_TRUE(play(pos, "b4b5"));
  EXPECT_EQ(pos.water_turns(sq("b5")), 2);  // moving within the water keeps the count
  ASSERT_TRUE(play(pos, "a8a7 b5b6"));
  EXPECT_EQ(pos.water_turns(sq("b6")), 3);
  EXPECT_EQ(pos.piece_on(sq("b6")), make_piece(kBlue, kRat));
  ASSERT_TRUE(play(pos, "a7a6"));
  EXPECT_EQ(moves_from(pos, "b6"), sorted({"b6b5", "b6b7", "b6c6"}));
  ASSERT_TRUE(play(pos, "b6c6"));  // fourth turn in the water: drowns
  EXPECT_EQ(pos.piece_on(sq("c6")), Piece(kNoPiece));
  EXPECT_EQ(pos.pieces(kBlue, kRat), Bitboard(0));
  EXPECT_EQ(pos.pieces(kBlue), square_bb(sq("g1")));
  EXPECT_EQ(pos.plies_since_capture(), 0);  // a drowning resets the counter
  EXPECT_EQ(outcome(pos), test::kOngoing);
  pos.undo_move();
  EXPECT_EQ(pos.piece_on(sq("b6")), make_piece(kBlue, kRat));
  EXPECT_EQ(pos.water_turns(sq("b6")), 3);
}

TEST(RulesOptions, WaterTurnLimitLeavingInTimeSurvives) {
  Position pos = fen_pos("c6/7/7/7/7/7/1R5/7/6C w", drowning_rules());
  ASSERT_TRUE(play(pos, "b3b4 a9a8 b4b5 a8a7 b5b6 a7a6 b6b7"));
  EXPECT_EQ(pos.piece_on(sq("b7")), make_piece(kBlue, kRat));
  EXPECT_EQ(pos.plies_since_capture(), 7);
  ASSERT_TRUE(play(pos, "a6a5 b7b6"));  // back in: counting starts again
  EXPECT_EQ(pos.water_turns(sq("b6")), 1);
}

TEST(RulesOptions, WaterTurnLimitCountsTurnsStandingStill) {
  // Blue Rat placed in b5 by the FEN (count 0); Blue moves only its Cat.
  Position pos = fen_pos("c6/7/7/7/1R5/7/7/7/6C w", drowning_rules());
  EXPECT_EQ(pos.water_turns(sq("b5")), 0);
  ASSERT_TRUE(play(pos, "g1g2"));
  EXPECT_EQ(pos.water_turns(sq("b5")), 1);
  ASSERT_TRUE(play(pos, "a9a8 g2g3"));
  EXPECT_EQ(pos.water_turns(sq("b5")), 2);
  ASSERT_TRUE(play(pos, "a8a7 g3g4"));
  EXPECT_EQ(pos.water_turns(sq("b5")), 3);
  EXPECT_EQ(pos.piece_on(sq("b5")), make_piece(kBlue, kRat));
  ASSERT_TRUE(play(pos, "a7a6 g4g5"));
  EXPECT_EQ(pos.piece_on(sq("b5")), Piece(kNoPiece));
  EXPECT_EQ(outcome(pos), test::kOngoing);
}

TEST(RulesOptions, WaterTurnLimitDrowningTheLastPieceLoses) {
  Position pos = fen_pos("c6/7/7/7/1R5/7/7/7/7 w", drowning_rules());  // Blue: only the Rat
  ASSERT_TRUE(play(pos, "b5b6 a9a8 b6b5 a8a7 b5b6 a7a6"));
  EXPECT_EQ(outcome(pos), test::kOngoing);
  EXPECT_EQ(moves_of(pos), sorted({"b6b5", "b6b7", "b6c6"}));
  ASSERT_TRUE(play(pos, "b6b5"));
  EXPECT_EQ(pos.pieces(kBlue), Bitboard(0));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kRedWins, Termination::kAllCaptured}));
  EXPECT_EQ(moves_of(pos), V{});
}

TEST(RulesOptions, NoWaterTurnLimitByDefault) {
  Position pos = fen_pos("c6/7/7/7/1R5/7/7/7/6C w");
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g3 a8a7 g3g4 a7a6 g4g5 a6a7 g5g6"));
  EXPECT_EQ(pos.piece_on(sq("b5")), make_piece(kBlue, kRat));
}

// ------------------------------------------------------------ no legal move

TEST(RulesOptions, NoLegalMoveLoses) {
  // Blue Cat a1 hemmed in by a Red Elephant on a2 and a Red Lion on b1.
  Position pos = fen_pos("7/7/7/7/7/7/7/e6/Cl5 w");
  EXPECT_EQ(moves_of(pos), V{});
  EXPECT_EQ(pos.terminal_state(), GameResult::kOngoing);
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kRedWins, Termination::kNoLegalMove}));
}

TEST(RulesOptions, NoLegalMoveDraws) {
  auto rules = rules_with([](Rules& r) { r.no_legal_move = NoMoveRule::kDraw; });
  Position pos = fen_pos("7/7/7/7/7/7/7/e6/Cl5 w", rules);
  EXPECT_EQ(moves_of(pos), V{});
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kNoLegalMove}));
}

// --------------------------------------------------------------- repetition

const char* const kShuffleFen = "c6/7/7/7/7/7/7/7/6C w";  // Blue Cat g1, Red Cat a9

TEST(RulesOptions, RepetitionDrawsOnTheThirdOccurrence) {
  Position pos = fen_pos(kShuffleFen);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g1 a8a9"));  // the set-up position, 2nd time
  EXPECT_EQ(pos.state().repetitions, 2);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g1"));
  EXPECT_EQ(outcome(pos), test::kOngoing);
  EXPECT_EQ(moves_of(pos), sorted({"a8a7", "a8a9", "a8b8"}));
  ASSERT_TRUE(play(pos, "a8a9"));  // 3rd time
  EXPECT_EQ(pos.state().repetitions, 3);
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kRepetition}));
  EXPECT_EQ(moves_of(pos), V{});
}

TEST(RulesOptions, RepetitionCountTwo) {
  auto rules = rules_with([](Rules& r) { r.repetition_count = 2; });
  Position pos = fen_pos(kShuffleFen, rules);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g1"));
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a8a9"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kRepetition}));
}

TEST(RulesOptions, RepetitionNone) {
  auto rules = rules_with([](Rules& r) { r.repetition = RepetitionRule::kNone; });
  Position pos = fen_pos(kShuffleFen, rules);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g1 a8a9 g1g2 a9a8 g2g1 a8a9 g1g2 a9a8 g2g1 a8a9"));
  EXPECT_EQ(outcome(pos), test::kOngoing);
  EXPECT_EQ(moves_of(pos), sorted({"g1f1", "g1g2"}));
}

RuleSetPtr bush_rules() {
  return rules_with([](Rules& r) { r.repetition = RepetitionRule::kBush; });
}

// RULES.md example 1: a Red Elephant may not chase a Blue Dog between c1 and b1 for ever.
TEST(RulesOptions, BushRuleElephantChasingDog) {
  // Red Elephant b2, Blue Dog b1, Blue to move.
  Position pos = fen_pos("7/7/7/7/7/7/7/1e5/1D5 w", bush_rules());
  EXPECT_EQ(moves_of(pos), sorted({"b1a1", "b1c1"}));
  ASSERT_TRUE(play(pos, "b1c1 b2c2 c1b1"));
  EXPECT_EQ(moves_of(pos), sorted({"c2b2", "c2c1", "c2c3", "c2d2"}));
  ASSERT_TRUE(play(pos, "c2b2"));  // the set-up position a 2nd time: allowed
  ASSERT_TRUE(play(pos, "b1c1 b2c2 c1b1"));
  // c2b2 would make the set-up position a 3rd time, and the Elephant can take the Dog.
  EXPECT_EQ(moves_of(pos), sorted({"c2c1", "c2c3", "c2d2"}));
  EXPECT_FALSE(is_legal(pos, Move(sq("c2"), sq("b2"))));
  EXPECT_EQ(outcome(pos), test::kOngoing);

  // Under the default rules the same chase is a draw on the 3rd occurrence.
  Position def = fen_pos("7/7/7/7/7/7/7/1e5/1D5 w");
  ASSERT_TRUE(play(def, "b1c1 b2c2 c1b1 c2b2 b1c1 b2c2 c1b1 c2b2"));
  EXPECT_EQ(outcome(def), (Outcome{GameResult::kDraw, Termination::kRepetition}));
}

// RULES.md example 2: a Blue Tiger shuttling c3-b3 while a Red Rat blocks at c5/b5.
TEST(RulesOptions, BushRuleTigerAndRatShuttle) {
  // Blue Tiger c3, Red Rat c5, Blue to move.
  Position pos = fen_pos("7/7/7/7/2r4/7/2T4/7/7 w", bush_rules());
  EXPECT_EQ(moves_of(pos), sorted({"c3b3", "c3c2", "c3d3"}));  // c3c7 blocked by the Rat
  ASSERT_TRUE(play(pos, "c3b3 c5b5 b3c3 b5c5 c3b3 c5b5 b3c3"));
  // The Rat cannot take the Tiger, so it may repeat a position a 3rd time.
  EXPECT_EQ(moves_of(pos), sorted({"b5a5", "b5b4", "b5b6", "b5c5"}));
  ASSERT_TRUE(play(pos, "b5c5"));
  EXPECT_EQ(pos.state().repetitions, 3);
  EXPECT_EQ(outcome(pos), test::kOngoing);  // no draw by repetition under Bush's rule
  EXPECT_EQ(moves_of(pos), sorted({"c3c2", "c3d3"}));
}

// ------------------------------------------------------------ no-capture limit

TEST(RulesOptions, NoCaptureLimitDrawsExactlyAtTheLimit) {
  auto rules = rules_with([](Rules& r) { r.no_capture_limit = 4; });
  Position pos = fen_pos(kShuffleFen, rules);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g3"));
  EXPECT_EQ(pos.plies_since_capture(), 3);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a8a7"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kMoveLimit}));
  EXPECT_EQ(moves_of(pos), V{});
}

TEST(RulesOptions, NoCaptureLimitResetByCapture) {
  auto rules = rules_with([](Rules& r) { r.no_capture_limit = 4; });
  // Blue Cat d3, Blue Rat g1; Red Dog d5, Red Rat a9.
  Position pos = fen_pos("r6/7/7/7/3d3/7/3C3/7/6R w", rules);
  ASSERT_TRUE(play(pos, "d3d4 d5d4"));  // the Dog takes the Cat
  EXPECT_EQ(pos.plies_since_capture(), 0);
  ASSERT_TRUE(play(pos, "g1g2 a9a8 g2g3"));
  EXPECT_EQ(pos.plies_since_capture(), 3);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "a8a7"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kMoveLimit}));
}

TEST(RulesOptions, NoCaptureLimitCountsFromTheFenCounter) {
  auto rules = rules_with([](Rules& r) { r.no_capture_limit = 4; });
  Position pos = fen_pos("c6/7/7/7/7/7/7/7/6C w 3 1", rules);
  EXPECT_EQ(pos.plies_since_capture(), 3);
  EXPECT_EQ(outcome(pos), test::kOngoing);
  ASSERT_TRUE(play(pos, "g1g2"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kDraw, Termination::kMoveLimit}));

  // The default limit is 200 plies.
  Position at198 = fen_pos("c6/7/7/7/7/7/7/7/6C w 198 1");
  ASSERT_TRUE(play(at198, "g1g2"));
  EXPECT_EQ(outcome(at198), test::kOngoing);
  Position at199 = fen_pos("c6/7/7/7/7/7/7/7/6C w 199 1");
  ASSERT_TRUE(play(at199, "g1g2"));
  EXPECT_EQ(outcome(at199), (Outcome{GameResult::kDraw, Termination::kMoveLimit}));
}

TEST(RulesOptions, NoCaptureLimitNone) {
  auto rules = rules_with([](Rules& r) { r.no_capture_limit = 0; });
  Position pos = fen_pos("c6/7/7/7/7/7/7/7/6C w 300 1", rules);
  ASSERT_TRUE(play(pos, "g1g2 a9a8"));
  EXPECT_EQ(pos.plies_since_capture(), 302);
  EXPECT_EQ(outcome(pos), test::kOngoing);
}

// ----------------------------------------------------------- board features

TEST(RulesOptions, NoWater) {
  auto rules = rules_with([](Rules& r) { r.has_water = false; });
  check_cases(rules, {
                         {"c6/7/7/7/7/1E5/7/7/7 w", "", {"b4a4", "b4b3", "b4b5", "b4c4"}},
                         {"c6/7/7/7/7/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b4", "b3c3"}},
                         {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5c5", "d5d4", "d5d6", "d5e5"}},
                         {"7/7/7/7/7/7/7/7/1Ce4 w", "", {"b1a1", "b1b2", "b1c1"}},  // traps stay
                     });
}

TEST(RulesOptions, NoTraps) {
  auto rules = rules_with([](Rules& r) { r.has_traps = false; });
  check_cases(rules, {
                         {"7/7/7/7/7/7/7/7/1Ce4 w", "", {"b1a1", "b1b2"}},
                         {"7/7/7/7/7/7/7/2E4/2r4 w", "", {"c2b2", "c2c3", "c2d2"}},
                         {"c6/7/7/7/3E3/7/7/7/7 w", "", {"d5d4", "d5d6"}},  // water stays
                         {"c6/7/7/7/7/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b7", "b3c3"}},
                     });
}

TEST(RulesOptions, AnimalCheckersBoard) {
  auto rules = rules_with([](Rules& r) {
    r.has_water = false;
    r.has_traps = false;
  });
  check_cases(rules, {
                         {"c6/7/7/7/7/7/1L5/7/7 w", "", {"b3a3", "b3b2", "b3b4", "b3c3"}},
                         {"c6/7/7/7/3L3/7/7/7/7 w", "", {"d5c5", "d5d4", "d5d6", "d5e5"}},
                         {"7/7/7/7/7/7/7/7/1Ce4 w", "", {"b1a1", "b1b2"}},
                         {"c6/7/7/7/7/7/7/3D3/7 w", "", {"d2c2", "d2d3", "d2e2"}},  // own den
                         {"c6/3D3/7/7/7/7/7/7/7 w", "", {"d8c8", "d8d7", "d8d9", "d8e8"}},
                     });
  Position pos = fen_pos("c6/3D3/7/7/7/7/7/7/7 w", rules);
  ASSERT_TRUE(play(pos, "d8d9"));
  EXPECT_EQ(outcome(pos), (Outcome{GameResult::kBlueWins, Termination::kDenEntered}));
}

// ------------------------------------------------------------------- other

TEST(RulesOptions, HiddenPiecesDoNotChangeLegality) {
  auto rules = rules_with([](Rules& r) { r.hidden_pieces = true; });
  Position pos(rules);
  Position standard;
  EXPECT_EQ(moves_of(pos).size(), 24u);
  EXPECT_EQ(moves_of(pos), moves_of(standard));
}

TEST(RulesOptions, UniquePiecesOff) {
  auto rules = rules_with([](Rules& r) { r.unique_pieces = false; });
  check_cases(rules, {
                         {"c6/7/7/7/7/7/7/7/R5R w", "", {"a1a2", "a1b1", "g1f1", "g1g2"}},
                     });
  EXPECT_NE(fen_error("c6/7/7/7/7/7/7/7/R5R w"), "");
}

}  // namespace
}  // namespace jungle
