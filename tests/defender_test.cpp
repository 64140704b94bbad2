// The defender baseline (Mode=defender): a fixed-depth search whose
// evaluation rewards staying home, guarding the traps and the den, and
// keeps its pieces out of the enemy half.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/position.h"
#include "core/variants.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/state.h"
#include "search/engine.h"
#include "search/evaluation.h"
#include "search/search_params.h"

namespace jungle {
namespace {

// Blue to move. Blue's Tiger (e3) may jump the river to e7, deep in Red's
// half, or step to e2, next to Blue's traps e1 and d2 (d3, the other
// square by its traps, holds Blue's Rat, already home by d2; f3 is by
// none). Red's only piece, its Elephant, stands far off in its corner (g9).
// Nothing can be taken within two plies, so only the terms beyond material
// choose.
constexpr const char* kAdvanceOrGuardFen = "6e/7/7/7/7/7/3RT2/7/7 w";

std::string best_move(EngineMode mode, const char* fen) {
  const RuleSetPtr rules = load_variant("standard");
  EngineOptions options;
  options.hash_mb = 1;
  options.mode = mode;
  // Two plies: Blue's move and Red's answer, so the choice is one move's.
  options.baseline_depth = 2;
  Engine engine(options);
  engine.set_rules(rules);
  SearchLimits limits;
  limits.depth = 2;
  return kStandardGeometry.move_text(engine.search(Position::from_fen(fen, rules), limits).best);
}

TEST(Defender, GuardsItsTrapsRatherThanAdvance) {
  EXPECT_EQ(best_move(EngineMode::kDefender, kAdvanceOrGuardFen), "e3e2");
  // The material baseline at the same depth, to which every move is
  // alike, plays the first it searches: the choice is the defender's
  // evaluation's, not the position's or the move order's.
  EXPECT_EQ(best_move(EngineMode::kMaterial, kAdvanceOrGuardFen), "d3d2");
}

TEST(Defender, ScoresMaterialPlusHomeMinusForward) {
  const RuleSetPtr rules = load_variant("standard");
  const Evaluator ev(*rules);
  const Position pos = Position::from_fen(kAdvanceOrGuardFen, rules);
  const int material = ev.piece_value(kTiger) + ev.piece_value(kRat) - ev.piece_value(kElephant);
  // The Rat (d3, by the trap d2) is home; the Tiger (e3) and the Elephant
  // (g9: no trap next to it) are neither home nor forward.
  EXPECT_EQ(ev.defender(pos), material + search_params::kDefenderHomeBonus);
  Position guarded = pos;
  guarded.do_move(*kStandardGeometry.parse_move_text("e3e2"));
  // Red to move now: its view.
  EXPECT_EQ(ev.defender(guarded), -material - 2 * search_params::kDefenderHomeBonus);
  Position advanced = pos;
  advanced.do_move(*kStandardGeometry.parse_move_text("e3e7"));
  EXPECT_EQ(ev.defender(advanced),
            -material - search_params::kDefenderHomeBonus + search_params::kDefenderForwardPenalty);
}

// `jungle match --engine builtin=defender` plays it, as other families'
// baselines are named: the open engine with Mode=defender, whose options
// (Baseline Depth here) the match may still set.
TEST(Defender, IsABuiltinPlayerOfJungleMatch) {
  EXPECT_EQ(game::builtin_names("standard"),
            (std::vector<std::string>{"engine", "random", "material", "defender"}));
  game::Limits depth2;
  depth2.depth = 2;
  game::BuiltinEngine defender = game::make_builtin_engine("standard", "defender", 7, depth2);
  EXPECT_EQ(defender.truth, nullptr);
  defender.engine->set_option("Baseline Depth", "2");
  std::mt19937_64 rng(1);
  const std::unique_ptr<game::State> state =
      game::family_of_variant("standard").new_state("standard", kAdvanceOrGuardFen, rng);
  EXPECT_EQ(defender.engine->think(state->observe(kBlue), depth2).action, "e3e2");
}

}  // namespace
}  // namespace jungle
