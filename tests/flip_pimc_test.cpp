#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "flip/flip_pimc.h"
#include "flip/flip_rules.h"
#include "flip_corner_tile.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/flip_baselines.h"
#include "game/flip_observation.h"

namespace jungle::flip {
namespace {

FlipPimcResult pimc(const char* fen, const FlipLimits& limits, FlipPimcOptions options = {}) {
  FlipPosition pos(load_flip_rules("flip"), fen);
  return FlipPimcSearcher(options).search(pos, limits);
}

std::vector<std::string> votes_text(const FlipPimcResult& r) {
  std::vector<std::string> out;
  for (const FlipPimcVote& v : r.votes)
    out.push_back(action_text(v.action) + ":" + std::to_string(v.votes));
  return out;
}

TEST(FlipPimc, TakesTheLastEnemyAnimalInEveryDeal) {
  // Red's last animal, a Cat on b2, beside Blue's Lion; the tile on d4
  // holds a Blue Cat whatever the deal. Taking it wins in every world.
  FlipLimits limits;
  limits.depth = 2;
  const FlipPimcResult r = pimc("3?/4/1c2/1L2 w C 0 1", limits);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(action_text(r.best), "b1b2");
  EXPECT_EQ(votes_text(r), (std::vector<std::string>{"b1b2:8"}));
  EXPECT_EQ(r.worlds, 8);
}

TEST(FlipPimc, VotesForWhatEachWorldsSeerPlaysNeverForTheEnginesHedge) {
  // Strategy fusion, PIMC's known flaw: each world's search knows what a1
  // holds, so it flips a1 (the Cat) or steps away (the Elephant); none
  // plays the engine's b1b2, which is best when a1 is unknown.
  FlipLimits limits;
  limits.depth = 4;
  const FlipPimcResult r = pimc(kCornerTile, limits);
  EXPECT_EQ(votes_text(r), (std::vector<std::string>{"a1?:6", "b1c1:2"}));
  EXPECT_EQ(action_text(r.best), "a1?");
  // Another seed draws other deals: a tie, which the higher mean expected
  // result breaks (the Cat's capture beats stepping away).
  FlipPimcOptions other;
  other.seed = 2;
  EXPECT_EQ(votes_text(pimc(kCornerTile, limits, other)),
            (std::vector<std::string>{"a1?:4", "b1c1:4"}));
}

TEST(FlipPimc, OneWorldWhenEveryTileIsUpAndTheNodesAreShared) {
  // Every tile face up: the position is its one world, searched with the
  // whole budget, whatever the worlds asked for.
  FlipLimits limits;
  limits.nodes = 5000;
  const FlipPimcResult up = pimc("4/4/1c2/1L2 w - 0 1", limits);
  EXPECT_EQ(up.worlds, 1);
  EXPECT_EQ(action_text(up.best), "b1b2");
  // Face-down tiles: eight worlds at a share each of the move's nodes
  // (each completes its first depth whole, so a share may run over).
  FlipPosition start(load_flip_rules("flip"));
  limits.nodes = 16000;
  const FlipPimcResult r = FlipPimcSearcher().search(start, limits);
  EXPECT_EQ(r.worlds, 8);
  EXPECT_EQ(action_text(r.best), "c4?");
  EXPECT_EQ(r.nodes, 16008u);
}

TEST(FlipPimc, KeepsItsTablesWithinItsCapFromMoveToMove) {
  // Five animals, every tile up: the search builds the five-animal table
  // (2 MB) and the smaller ones its tree meets. Within the cap all stay;
  // past it, the five-animal one goes after the move. PIMC kept every
  // table for the whole match.
  FlipLimits limits;
  limits.depth = 3;
  FlipPosition pos(load_flip_rules("flip"), "1Lc1/3T/4/t2D w - 0 25");
  FlipPimcSearcher within;
  within.search(pos, limits);
  EXPECT_EQ(within.endgames().tables(), 8u);
  EXPECT_EQ(within.endgames().bytes(), (size_t(2) << 20) + 418304);
  FlipPimcOptions small;
  small.table_bytes = size_t(1) << 20;
  FlipPimcSearcher past(small);
  past.search(pos, limits);
  EXPECT_EQ(past.endgames().tables(), 7u);
  EXPECT_EQ(past.endgames().bytes(), 418304u);
  // The tree builds a dropped table again where it meets it.
  EXPECT_FALSE(within.endgames().was_dropped(pos));
  EXPECT_TRUE(past.endgames().was_dropped(pos));
  // The rest past the cap too: none kept.
  small.table_bytes = 1000;
  FlipPimcSearcher none(small);
  none.search(pos, limits);
  EXPECT_EQ(none.endgames().tables(), 0u);
  EXPECT_EQ(none.endgames().bytes(), 0u);
}

TEST(FlipPimc, ASeedReplaysItsGameMoveForMove) {
  FlipLimits limits;
  limits.nodes = 3000;
  auto game = [&](uint64_t seed) {
    FlipPimcOptions options;
    options.seed = seed;
    FlipPlayer blue = pimc_player(limits, options);
    FlipPlayer red = careful_player();
    FlipPosition pos(load_flip_rules("flip"));
    std::string moves;
    // The flips' outcomes from a generator of the test's own.
    std::mt19937_64 chance(7);
    for (int ply = 0; ply < 12 && pos.end() == FlipEnd::kNone; ++ply) {
      const Action a = (ply % 2 == 0 ? blue : red)(pos);
      Ply p{a, kNoPiece};
      if (a.is_flip()) p.revealed = deal_tiles(pos, chance)[size_t(a.from)];
      pos.play(p);
      moves += action_text(a) + " ";
    }
    return moves;
  };
  const std::string first = game(1);
  EXPECT_EQ(game(1), first);
  EXPECT_EQ(first, "d1? a4? d2? b1? a1? c3? d1d2 b4? c1? b4a4 a2? a4b4 ");
}

TEST(FlipPimc, RefusesNoWorlds) {
  FlipPimcOptions none;
  none.worlds = 0;
  try {
    FlipPimcSearcher s(none);
    FAIL() << "no worlds was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "pimc: worlds must be 1 or more, not 0");
  }
}

}  // namespace
}  // namespace jungle::flip

namespace jungle::game {
namespace {

// PIMC is given what its side observes and nothing else: no link to the
// match's truth (the seer alone has one), so it cannot read the deal.
TEST(FlipPimcEngine, IsGivenNoTruthAndPlaysAsTheEnginesMode) {
  Limits nodes;
  nodes.nodes = 2000;
  EXPECT_EQ(make_builtin_engine("flip", "pimc", 1, nodes).truth, nullptr);
  // The engine's Mode pimc plays the registry's player made for the
  // position, seeded from Seed and the plies.
  std::unique_ptr<Engine> engine = family_of_variant("flip").make_engine();
  engine->set_option("Seed", "9");
  engine->set_option("Mode", "pimc");
  std::mt19937_64 rng(1);
  const std::unique_ptr<State> start = family_of_variant("flip").new_state("flip", "", rng);
  const Observation o = start->observe(start->actor().side);
  flip::FlipPosition pos = flip_position_of(flip::load_flip_rules("flip"), o.position);
  flip::FlipLimits fl;
  fl.depth = 64;
  fl.nodes = 2000;
  const flip::Action want = flip_baseline_named("pimc")->make(9 * 1000003, fl)(pos);
  EXPECT_EQ(engine->think(o, nodes).action, flip::action_text(want));
  // Without a depth, nodes or movetime it would never end: refused.
  Limits infinite;
  infinite.infinite = true;
  try {
    engine->think(o, infinite);
    FAIL() << "an endless PIMC search was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "Mode pimc searches with a searcher that cannot be stopped; give it a movetime, "
                 "a depth or nodes");
  }
}

}  // namespace
}  // namespace jungle::game
