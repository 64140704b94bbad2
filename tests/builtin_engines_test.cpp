// `jungle match` with engines made in this process (builtin=NAME): the
// in-process baselines behind the engine facade, the seer and the cheater
// given the arbiter's state and no other engine, and the match's paired
// deals serving them as they serve engine processes.

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/state.h"
#include "match/match_runner.h"
#include "match_test_util.h"

namespace jungle::match {
namespace {

using namespace match_testing;

TEST(BuiltinEngines, ASpecNamesABuiltinInPlaceOfACommand) {
  const EngineSpec spec = parse_engine_spec("builtin=careful option.Seed=3");
  EXPECT_EQ(spec.builtin, "careful");
  EXPECT_EQ(spec.name, "careful");
  EXPECT_EQ(spec.command, "");
  EXPECT_EQ(parse_engine_spec("builtin=seer name=S").name, "S");
  try {
    parse_engine_spec("cmd=./jungle builtin=seer");
    FAIL() << "both cmd= and builtin= were taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "engine has both cmd= and builtin=: give one");
  }
  try {
    parse_engine_spec("name=A");
    FAIL() << "an engine with neither was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "engine needs cmd=COMMAND or builtin=NAME");
  }
}

TEST(BuiltinEngines, OnlyTheSeerAndTheCheaterAreGivenTheTruth) {
  game::Limits depth1;
  depth1.depth = 1;
  for (const char* name : {"engine", "random", "greedy", "careful", "pimc"})
    EXPECT_EQ(game::make_builtin_engine("flip", name, 1, depth1).truth, nullptr) << name;
  EXPECT_NE(game::make_builtin_engine("flip", "seer", 1, depth1).truth, nullptr);
  for (const char* name : {"engine", "random", "greedy", "sampler", "pimc", "ismcts"})
    EXPECT_EQ(game::make_builtin_engine("hidden", name, 1, depth1).truth, nullptr) << name;
  EXPECT_NE(game::make_builtin_engine("hidden", "cheater", 1, depth1).truth, nullptr);
  EXPECT_EQ(game::make_builtin_engine("standard", "engine", 1, depth1).truth, nullptr);
}

TEST(BuiltinEngines, AnUnknownNameOrAClockForASearchingBaselineIsTheMatchsMistake) {
  const MatchResult r = builtin_match("flip", "builtin=oracle", "builtin=random", 2, "depth=1");
  EXPECT_EQ(r.error,
            "engine oracle cannot play: oracle: builtin=oracle: Flip Jungle has the builtin "
            "engines engine, random, greedy, careful, pimc, seer");
  const MatchResult c =
      builtin_match("hidden", "builtin=sampler", "builtin=random", 2, "tc=10+0.1");
  EXPECT_EQ(c.error,
            "engine sampler cannot play: sampler: builtin=sampler searches a depth, nodes or "
            "movetime a move, not a clock");
}

TEST(BuiltinEngines, TheSeerPlaysPairedDealsAndKnowsThem) {
  // Both games of a pair have one deal: the first flips' outcomes of the
  // two games come from the same tiles. The seer, who knows them, is at
  // least the careful player's equal.
  std::vector<GameOutcome> games;
  const MatchResult r =
      builtin_match("flip", "builtin=seer", "builtin=careful", 4, "depth=2", &games);
  EXPECT_EQ(r.error, "");
  EXPECT_TRUE(r.incident_log.empty());
  ASSERT_EQ(games.size(), 4u);
  for (size_t pair = 0; pair < 2; ++pair) {
    std::vector<std::string> deals;
    for (size_t g = 2 * pair; g < 2 * pair + 2; ++g) {
      const std::unique_ptr<game::State> start = game::start_of(*games[g].state);
      std::string deal;
      for (const char* sq : {"a1", "b2", "c3", "d4"}) {
        start->apply(std::string(sq) + "?");
        ASSERT_EQ(start->chance_outcomes().size(), 1u);
        deal += start->chance_outcomes()[0].action + " ";
        start->undo();
      }
      deals.push_back(deal);
    }
    EXPECT_EQ(deals[0], deals[1]) << "pair " << pair;
  }
  // Pinned: the same games for this seed, whatever else changes.
  EXPECT_EQ(r.wdl.wins, 3);
  EXPECT_EQ(r.wdl.draws, 1);
  EXPECT_EQ(r.wdl.losses, 0);
}

TEST(BuiltinEngines, TheCheaterBeatsTheRandomPlayer) {
  std::vector<GameOutcome> games;
  const MatchResult r =
      builtin_match("hidden", "builtin=cheater", "builtin=random", 2, "depth=2", &games);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.wdl.wins, 2);
  ASSERT_EQ(games.size(), 2u);
  // Each pair shares its set-up: the arbiter's start is the same.
  EXPECT_EQ(game::start_of(*games[0].state)->fen(), game::start_of(*games[1].state)->fen());
}

TEST(BuiltinEngines, TheFamilysEngineTakesItsOptions) {
  const MatchResult r =
      builtin_match("flip", "builtin=engine option.Mode=greedy", "builtin=random", 2, "depth=1");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.games, 2);
  const MatchResult bad =
      builtin_match("flip", "builtin=engine option.Threads=2", "builtin=random", 2, "depth=1");
  EXPECT_NE(bad.error.find("engine cannot play: engine: "), std::string::npos) << bad.error;
}

}  // namespace
}  // namespace jungle::match
