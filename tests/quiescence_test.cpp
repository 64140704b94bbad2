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

SearchResult one_ply(const RuleSetPtr& rules) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = 1;
  options.threads = 1;
  engine.set_options(options);
  engine.set_rules(rules);
  SearchLimits limits;
  limits.depth = 1;
  return engine.search(Position::from_fen(kShutInFen, rules), limits);
}

TEST(Quiescence, ASideWithoutALegalMoveLosesHoweverItStandsOnMaterial) {
  const RuleSetPtr rules = load_variant("standard");
  // The position as described: after b2-b1 Blue has no move.
  Position pos = Position::from_fen(kShutInFen, rules);
  const Move trap = *kStandardGeometry.parse_move_text("b2b1");
  ASSERT_TRUE(generate_moves(pos).contains(trap));
  pos.do_move(trap);
  ASSERT_EQ(generate_moves(pos).size(), 0);

  const SearchResult result = one_ply(rules);
  // Red wins on the next ply: Blue, to move at ply 1, has no move.
  EXPECT_EQ(result.score, kMateScore - 1) << score_text(result.score);
  const std::string best = kStandardGeometry.move_text(result.best);
  EXPECT_TRUE(best == "b2b1" || best == "a2a1") << best;
}

}  // namespace
}  // namespace jungle
