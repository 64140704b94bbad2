// The quiescence search's leaves where the side to move has no legal move.
// Standing pat is a claim that the side to move could do at least as well
// as the static evaluation by some move; a side without one has lost (or,
// under a rule set that says so, drawn), however much material it holds.
// The search asks for a legal move only when it would otherwise stand pat
// or run out of captures, so these positions pin both of those returns.
#include <gtest/gtest.h>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/variants.h"
#include "search/engine.h"
#include "search/search.h"

namespace jungle {
namespace {

// Red to move. Blue's Cat (a1) has one square, b1; its Wolf (g1) none, shut
// in by Red's Lion (g2) and Tiger (f1). Red's Dog b2-b1, or its Elephant
// taking the Cat, leaves Blue without a move: a win at once. Taking the
// Wolf wins the most material, so a one-ply search orders those captures
// first; the winning moves come after them, where the quiescence node
// below them stands pat above beta.
constexpr const char* kShutInFen = "7/7/7/7/7/7/7/ed4l/C4tW b";

// Red to move. Blue's Wolf (a9) is shut in by Red's Lion (a8) and Tiger
// (b9); Blue's Elephant (g5) can still move. Red's Elephant taking it
// (g6g5) leaves Blue without a move. Nothing Red has threatens Blue's den,
// so the one-ply search tries g6g5 first with the whole window: below it
// Blue, far behind, stands pat below beta, finds no capture to try, and
// must still ask whether it has a move at all (asked too late, the search
// prints cp 2165 for g6g5, not mate 1).
constexpr const char* kLastMoverTakenFen = "Wt5/l6/7/6e/6E/7/7/7/7 b";

SearchResult one_ply(const RuleSetPtr& rules, const char* fen) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = 1;
  options.threads = 1;
  engine.set_options(options);
  engine.set_rules(rules);
  SearchLimits limits;
  limits.depth = 1;
  return engine.search(Position::from_fen(fen, rules), limits);
}

TEST(Quiescence, ASideWithoutALegalMoveLosesHoweverItStandsOnMaterial) {
  const RuleSetPtr rules = load_variant("standard");
  // The position as described: after b2-b1 Blue has no move.
  Position pos = Position::from_fen(kShutInFen, rules);
  const Move trap = *kStandardGeometry.parse_move_text("b2b1");
  ASSERT_TRUE(generate_moves(pos).contains(trap));
  pos.do_move(trap);
  ASSERT_EQ(generate_moves(pos).size(), 0);

  const SearchResult result = one_ply(rules, kShutInFen);
  // Red wins on the next ply: Blue, to move at ply 1, has no move.
  EXPECT_EQ(result.score, kMateScore - 1) << score_text(result.score);
  const std::string best = kStandardGeometry.move_text(result.best);
  EXPECT_TRUE(best == "b2b1" || best == "a2a1") << best;
}

TEST(Quiescence, ASideWithoutACaptureOrAnyMoveLosesHoweverFarBehindItStands) {
  const RuleSetPtr rules = load_variant("standard");
  Position pos = Position::from_fen(kLastMoverTakenFen, rules);
  const Move take = *kStandardGeometry.parse_move_text("g6g5");
  ASSERT_TRUE(generate_moves(pos).contains(take));
  pos.do_move(take);
  ASSERT_EQ(generate_moves(pos).size(), 0);

  const SearchResult result = one_ply(rules, kLastMoverTakenFen);
  EXPECT_EQ(result.score, kMateScore - 1) << score_text(result.score);
  EXPECT_EQ(kStandardGeometry.move_text(result.best), "g6g5");
}

}  // namespace
}  // namespace jungle
