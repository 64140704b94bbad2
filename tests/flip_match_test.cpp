#include <gtest/gtest.h>

#include <set>
#include <string>

#include "flip/flip_match.h"
#include "game/builtin_engines.h"
#include "game/flip_observation.h"
#include "in_process_match_util.h"

namespace jungle::flip {
namespace {

TEST(FlipMatch, EngineBeatsTheRandomPlayer) {
  FlipLimits limits;
  limits.depth = 2;
  const FlipRulesPtr rules = load_flip_rules("flip");
  const match::MatchResult r =
      test::play_in_process(
          "flip", [&] { return game::flip_player_engine(rules, engine_player(limits)); },
          [&] { return game::flip_player_engine(rules, random_player(5)); }, 10, 7)
          .result;
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.games, 10);
  EXPECT_GE(r.wdl.wins, 9) << "W " << r.wdl.wins << " D " << r.wdl.draws << " L " << r.wdl.losses;
}

// The moves a player picks in `fen` (set `flip`) under seeds 1 to 20.
template <typename MakePlayer>
std::set<std::string> picks(const char* fen, MakePlayer make) {
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    FlipPosition pos(load_flip_rules("flip"), fen);
    seen.insert(action_text(make(seed)(pos)));
  }
  return seen;
}

TEST(FlipMatch, GreedyTakesTheMostMaterial) {
  // The Blue Lion on b1 may take the Red Cat on a1 or the Red Dog on b2.
  const char* fen = "4/4/1d2/cL2 w - 0 1";
  EXPECT_EQ(picks(fen, [](uint64_t seed) { return greedy_player(seed); }),
            std::set<std::string>{"b1b2"});
}

TEST(FlipMatch, GreedyBreaksTiesAtRandom) {
  // Nothing to take: the Lion's two steps and the Cat's two leave the
  // material as it is, and the seeds pick each of them.
  const char* fen = "C3/4/4/L2c w - 0 1";
  EXPECT_EQ(picks(fen, [](uint64_t seed) { return greedy_player(seed); }),
            (std::set<std::string>{"a1a2", "a1b1", "a4a3", "a4b4"}));
}

TEST(FlipMatch, GreedyLooksOnePlyTheCarefulPlayerFurther) {
  // The Lion on a1 may take the Cat on b1, where the Elephant on b2 takes
  // it back; a step to a2 is beside the Elephant too. Greedy takes the
  // Cat; the careful player sees the reply and moves its own Cat.
  const char* fen = "C3/4/1e2/Lc2 w - 0 1";
  EXPECT_EQ(picks(fen, [](uint64_t seed) { return greedy_player(seed); }),
            std::set<std::string>{"a1b1"});
  const std::set<std::string> careful = picks(fen, [](uint64_t) { return careful_player(); });
  EXPECT_EQ(careful.size(), 1u);
  EXPECT_TRUE(careful.count("a4a3") || careful.count("a4b4")) << *careful.begin();
}

// With the pool counted at full value a flip changes no material: a
// capture beats every flip, and the flips tie.
TEST(FlipMatch, GreedyTakesBeforeItFlips) {
  auto greedy = [](uint64_t seed) { return greedy_player(seed); };
  EXPECT_EQ(picks("\?\?rC/\?\?\?\?/\?\?\?\?/\?\?\?\? w RDWPTLEcdwptle 0 1", greedy),
            std::set<std::string>{"d4c4"});
  const std::set<std::string> flips =
      picks("\?\?\?C/\?\?\?\?/\?\?\?\?/\?\?\?\? w RDWPTLErcdwptle 0 1", greedy);
  EXPECT_GE(flips.size(), 5u);
  for (const std::string& f : flips) EXPECT_EQ(f.back(), '?') << f;
}

TEST(FlipMatch, ColoursAlternateAndGamesEnd) {
  const FlipRulesPtr rules = load_flip_rules("flip-fixed");
  const test::InProcessMatch m = test::play_in_process(
      "flip-fixed", [&] { return game::flip_player_engine(rules, careful_player()); },
      [&] { return game::flip_player_engine(rules, random_player(1)); }, 4, 3);
  ASSERT_EQ(m.games.size(), 4u);
  for (const match::GameOutcome& g : m.games) {
    const FlipPosition pos = game::flip_position_of(rules, g.state->observe(std::nullopt).position);
    EXPECT_NE(pos.end(), FlipEnd::kNone);
    // The careful player (engine 0) is Blue, moving first, in even games.
    EXPECT_EQ(g.first_engine, g.index % 2);
    EXPECT_EQ(g.engine_of(kBlue), g.index % 2);
  }
}

// Plays record plies ("a1?=W", "b1c1") on a position.
FlipPosition played(const char* set, const char* fen, std::initializer_list<const char*> plies) {
  FlipPosition pos(load_flip_rules(set), fen);
  for (const char* text : plies) {
    Ply ply;
    EXPECT_TRUE(pos.parse_ply(text, ply)) << text;
    pos.play(ply);
  }
  return pos;
}

TEST(FlipMatch, TablesJudgeTheGameRightAfterTheLastFlip) {
  // Red flips Blue's Wolf beside Blue's Elephant: the Elephant and the Wolf
  // against a lone Cat is a won ending for Blue, and Blue takes the Cat.
  const FlipPosition game =
      played("flip", "3c/4/4/?E2 b W 0 1",
             {"a1?=W", "b1b2", "d4d3", "b2c2", "d3d4", "c2c3", "d4c4", "c3c4"});
  ASSERT_EQ(game.end(), FlipEnd::kAllCaptured);
  FlipEndgames tables(4);
  for (Side side : {kBlue, kRed}) {
    const TableVerdict v = judge_by_tables(game, side, tables);
    EXPECT_EQ(v.kind, TableVerdict::Kind::kJudged);
    EXPECT_EQ(v.last_flip_ply, 1);
    EXPECT_EQ(v.animals_at_last_flip, 3);
    EXPECT_EQ(v.ply, 1);
    EXPECT_EQ(v.animals, 3);
    EXPECT_EQ(v.wdl, side == kBlue ? 1 : -1);
  }
}

TEST(FlipMatch, TablesJudgeTheFirstPositionTheyHold) {
  // Four animals after the flip, tables of three: the first position they
  // hold is after the Elephant takes the Cat (ply 2). Elephant and Wolf
  // against a Lion: Blue wins.
  const FlipPosition game =
      played("flip", "3l/4/4/?Ec1 b W 0 1", {"a1?=W", "b1c1", "d4d3", "c1c2"});
  FlipEndgames tables(3);
  const TableVerdict v = judge_by_tables(game, kBlue, tables);
  EXPECT_EQ(v.kind, TableVerdict::Kind::kJudged);
  EXPECT_EQ(v.last_flip_ply, 1);
  EXPECT_EQ(v.animals_at_last_flip, 4);
  EXPECT_EQ(v.ply, 2);
  EXPECT_EQ(v.animals, 3);
  EXPECT_EQ(v.wdl, 1);
  // Tables of two never hold it; a game with a tile still down is not judged.
  FlipEndgames two(2);
  EXPECT_EQ(judge_by_tables(game, kBlue, two).kind, TableVerdict::Kind::kNotCovered);
  const FlipPosition down = played("flip", "3l/4/?3/?Ec1 b WD 0 1", {"a1?=W", "b1c1"});
  EXPECT_EQ(judge_by_tables(down, kBlue, tables).kind, TableVerdict::Kind::kFaceDown);
}

TEST(FlipMatch, AGameThatEndsWithTheLastFlipIsJudgedByItsEnd) {
  // Red flips Blue's Cat between Red's Elephant and Lion: Blue has no
  // action and loses at once, with three animals on the board.
  const FlipPosition game = played("flip", "4/4/e3/?l2 b C 0 1", {"a1?=C"});
  ASSERT_EQ(game.end(), FlipEnd::kNoActions);
  FlipEndgames tables(3);
  const TableVerdict v = judge_by_tables(game, kBlue, tables);
  EXPECT_EQ(v.kind, TableVerdict::Kind::kJudged);
  EXPECT_EQ(v.last_flip_ply, 1);
  EXPECT_EQ(v.ply, 1);
  EXPECT_EQ(v.animals, 3);
  EXPECT_EQ(v.wdl, -1);
  EXPECT_EQ(judge_by_tables(game, kRed, tables).wdl, 1);
  // With tables of two animals the end is past their reach: not judged.
  FlipEndgames two(2);
  EXPECT_EQ(judge_by_tables(game, kBlue, two).kind, TableVerdict::Kind::kNotCovered);
}

TEST(FlipMatch, TheFirstPlayersColour) {
  // A first-flip set: what the first flip revealed; a game from a FEN whose
  // colours are known: the side to move then; a fixed set: Blue.
  EXPECT_EQ(first_player_colour(played(
                "flip", FlipPosition::start_fen(*load_flip_rules("flip")).c_str(), {"b2?=l"})),
            kRed);
  EXPECT_EQ(first_player_colour(played("flip", "4/4/e3/?l2 b C 0 1", {"a1?=C"})), kRed);
  EXPECT_EQ(first_player_colour(played("flip", "3c/4/4/?E2 w W 0 1", {"a1?=W"})), kBlue);
  EXPECT_EQ(first_player_colour(
                played("flip-fixed",
                       FlipPosition::start_fen(*load_flip_rules("flip-fixed")).c_str(), {"b2?=l"})),
            kBlue);
}

}  // namespace
}  // namespace jungle::flip
