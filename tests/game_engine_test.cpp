// The engine facade of every family (src/game): the position texts each
// family's engine reads, the one score and its curve, the one time plan,
// and each engine answering through game::Engine.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/variants.h"
#include "flip/flip_rules.h"
#include "game/flip_observation.h"
#include "game/hidden_observation.h"
#include "game/open_observation.h"
#include "game/score.h"
#include "game/time_plan.h"

namespace jungle::game {
namespace {

// The message of the std::invalid_argument `f` throws; "" when none.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(GamePositionText, ReadsTheOpenGame) {
  const RuleSetPtr rules = load_variant("standard");
  const Position pos = open_position_of(rules, "startpos moves a3a4 g7g6");
  EXPECT_EQ(pos.fen(), Position::from_fen(pos.fen(), rules).fen());
  EXPECT_EQ(pos.history_plies(), 2);
  EXPECT_EQ(open_position_of(rules, "fen " + pos.fen()).fen(), pos.fen());
}

TEST(GamePositionText, OpenErrorsSayWhatAndWhere) {
  const RuleSetPtr rules = load_variant("standard");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos moves a3a4 b3b4"); }),
            "move 2 b3b4 is illegal: no piece on b3");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos moves a3a4 zz"); }),
            "move 2 zz is not a move: expected a from-square and a to-square, like a3a4");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "start"); }),
            "position: expected 'position startpos|fen <FEN> [moves ...]'");
  EXPECT_EQ(error_of([&] { open_position_of(rules, "startpos a3a4"); }),
            "position: expected 'moves' after startpos, not 'a3a4'");
  EXPECT_EQ(error_of([&] {
              open_position_of(rules, "fen 8/7/7/7/7/7/7/7/7 w 0 1");
            }).rfind("invalid FEN '8/7/7/7/7/7/7/7/7 w 0 1': ", 0),
            0u);
}

TEST(GamePositionText, ReadsFlipJungle) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules("flip");
  const flip::FlipPosition pos = flip_position_of(rules, "startpos moves b2?=L c2?=l a1?=r");
  EXPECT_EQ(pos.fen(), "\?\?\?\?/\?\?\?\?/?Ll?/r??? b RCDWPTEcdwpte 0 2");
  EXPECT_EQ(flip_position_of(rules, "fen " + pos.fen()).fen(), pos.fen());
}

TEST(GamePositionText, FlipErrorsSayWhatAndWhere) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules("flip");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "startpos moves b2?"); }),
            "move 1 b2? is a flip without what it revealed: write it like b2?=L");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "startpos moves b2?=L b2a2"); }),
            "move 2 b2a2 is not legal here");
  EXPECT_EQ(error_of([&] { flip_position_of(rules, "fen 4/4/e3/Cl2 w - 0 1 moves a1a2"); }),
            "move 1 a1a2 comes after the game ended");
  EXPECT_EQ(
      error_of([&] { flip_position_of(rules, "fen 4/4 w"); }).rfind("invalid FEN '4/4 w': ", 0),
      0u);
}

constexpr const char* kHiddenStart =
    "hidden blue fen x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

TEST(GamePositionText, ReadsAHiddenView) {
  const RuleSetPtr rules = load_variant("hidden");
  const hidden::PlayerView view =
      hidden_view_of(rules, std::string(kHiddenStart) + " moves a3a4 a7a6");
  EXPECT_EQ(view.fen(), "x5x/1x3x1/2x1x1x/x6/7/E6/2W1P1R/1C3D1/T5L w 2 2 rcdwptle");
  EXPECT_EQ(view.viewer(), hidden::Viewer(kBlue));
  EXPECT_EQ(view.plies(), 2);
}

TEST(GamePositionText, HiddenErrorsSayWhatAndWhere) {
  const RuleSetPtr rules = load_variant("hidden");
  const std::string start = kHiddenStart;
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, start + " moves a3a4 a7a6:took"); }),
            "announcement 2 a7a6:took: there is no piece on a6 to attack");
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, start + " moves zz"); }),
            "announcement 1: 'zz' is not a move: expected a from-square and a to-square, like "
            "e3e4, with what an attack did after it (e3e4:took=Tw)");
  EXPECT_EQ(error_of([&] { hidden_view_of(rules, "hidden green fen 7/7 w"); }),
            "position hidden: expected blue or red (the engine's side) after 'hidden'");
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "startpos");
            }).rfind("position: Variant 'hidden' hides pieces, so the engine takes only", 0),
            0u);
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "hidden blue startpos");
            }).rfind("position hidden: startpos is the open start", 0),
            0u);
  EXPECT_EQ(error_of([&] {
              hidden_view_of(rules, "hidden red fen 7/7 w");
            }).rfind("invalid view FEN '7/7 w': ", 0),
            0u);
}

TEST(GameScore, TheCurveAndItsInverse) {
  EXPECT_EQ(centipawns_of_expected(0.5), 0);
  EXPECT_EQ(centipawns_of_expected(0.75), 191);  // 400 log10(3)
  EXPECT_EQ(centipawns_of_expected(0.25), -191);
  EXPECT_EQ(centipawns_of_expected(1.0), 1200);  // clamped at 0.999
  EXPECT_EQ(centipawns_of_expected(0.0), -1200);
  EXPECT_DOUBLE_EQ(expected_of_centipawns(0), 0.5);
  EXPECT_DOUBLE_EQ(expected_of_centipawns(400), 10.0 / 11.0);
  for (int cp : {-1000, -350, -1, 0, 1, 35, 400, 1199}) {
    EXPECT_EQ(centipawns_of_expected(expected_of_centipawns(cp)), cp) << cp;
  }
}

TEST(GameScore, KindsAndTheirProtocolText) {
  EXPECT_EQ(Score::centipawns(35).uci_text(), "cp 35");
  EXPECT_EQ(Score::centipawns(-400).expected_result(), 1.0 / 11.0);
  EXPECT_EQ(Score::of_expected(0.75).uci_text(), "cp 191");
  EXPECT_EQ(Score::of_expected(0.75).expected_result(), 0.75);
  EXPECT_EQ(Score::of_expected(1.5).expected, 1.0);
  EXPECT_EQ(Score::mate(4).uci_text(), "mate 4");
  EXPECT_EQ(Score::mate(-3).uci_text(), "mate -3");
  EXPECT_EQ(Score::mate(4).expected_result(), 1.0);
  EXPECT_EQ(Score::mate(-3).expected_result(), 0.0);
  EXPECT_EQ(Score::mate(0).expected_result(), 0.0);  // mated now
  EXPECT_EQ(Score::tablebase(1).uci_text(), "cp 10000");
  EXPECT_EQ(Score::tablebase(-1).uci_text(), "cp -10000");
  EXPECT_EQ(Score::tablebase(0).uci_text(), "cp 0");
  EXPECT_EQ(Score::tablebase(0).expected_result(), 0.5);
  EXPECT_EQ(Score::tablebase(7), Score::tablebase(1));
}

TEST(GameTimePlan, ExactValues) {
  Limits l;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 0);  // nothing given: no limit
  l.movetime_ms = 500;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 470);  // less the overhead
  EXPECT_EQ(plan_movetime_ms(l, kBlue, 0), 500);
  l.movetime_ms = 10;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 1);  // never 0, which means no limit
  l = Limits();
  l.time_ms = {60'000, 1'000};
  l.inc_ms = {1'000, 0};
  // (60000 - 30) / 28 + 750 = 2141 + 750.
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 2891);
  // Red's clock: (1000 - 30) / 28 = 34.
  EXPECT_EQ(plan_movetime_ms(l, kRed), 34);
  l.moves_to_go = 2;  // at most 40% of what is left: 0.4 * 59970
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 23988);
  l.moves_to_go = 100;  // counted as 40: 59970 / 40 + 750
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 2249);
  l.moves_to_go = 0;
  l.time_ms[kRed] = 10;  // less than the overhead left
  EXPECT_EQ(plan_movetime_ms(l, kRed), 1);
  l.time_ms[kRed] = -1;  // no clock for Red
  EXPECT_EQ(plan_movetime_ms(l, kRed), 0);
  l.infinite = true;
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 0);
  l = Limits();
  l.time_ms = {INT64_MAX, INT64_MAX};
  l.inc_ms = {INT64_MAX, INT64_MAX};
  EXPECT_EQ(plan_movetime_ms(l, kBlue), 400'000'000'000 - 12);  // 40% of 1e12 - 30, no overflow
}

}  // namespace
}  // namespace jungle::game
