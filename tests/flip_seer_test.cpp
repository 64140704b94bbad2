#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "flip/flip_match.h"
#include "flip/flip_record.h"
#include "flip/flip_search.h"
#include "flip_corner_tile.h"
#include "game/builtin_engines.h"
#include "game/family.h"
#include "in_process_match_util.h"

namespace jungle::flip {
namespace {

// A deal with these tiles ("a1", 'c': a Red Cat under a1), nothing elsewhere.
FlipDeal deal_of(std::initializer_list<std::pair<const char*, char>> tiles) {
  FlipDeal d;
  d.fill(kNoPiece);
  for (auto [sq, c] : tiles) {
    Animal a;
    EXPECT_TRUE(parse_animal_letter(c, a)) << c;
    d[size_t(kFlipGeometry.parse_square(sq))] = make_piece(c >= 'a' ? kRed : kBlue, a);
  }
  return d;
}

Action best(FlipSearcher& searcher, int depth) {
  FlipPosition pos(load_flip_rules("flip"), kCornerTile);
  FlipLimits limits;
  limits.depth = depth;
  return searcher.search(pos, limits).best;
}

TEST(FlipSeer, FlipsTheTileItKnowsHoldsPreyAndLeavesTheOneThatHoldsAHunter) {
  // The engine does not flip a1: half the time it reveals the Elephant,
  // which takes the Tiger or the Wolf. It steps the Tiger up instead.
  FlipSearcher engine;
  EXPECT_EQ(action_text(best(engine, 4)), "b1b2");
  // The seer that knows a1 holds the Cat flips it: the Cat is walled in by
  // the Tiger and the Wolf, and one of them takes it next.
  FlipSearcher seer;
  seer.know_tiles(deal_of({{"a1", 'c'}, {"d4", 'e'}}));
  EXPECT_EQ(action_text(best(seer, 4)), "a1?");
  // Knowing a1 holds the Elephant, it keeps away from that tile.
  FlipSearcher wary;
  wary.know_tiles(deal_of({{"a1", 'e'}, {"d4", 'c'}}));
  EXPECT_EQ(action_text(best(wary, 4)), "b1c1");
}

TEST(FlipSeer, ANewDealForgetsWhatTheOldOneTaught) {
  // The same searcher, told other tiles, answers as a fresh one: positions
  // without a flip have the same keys under both deals, not the same values.
  FlipSearcher seer;
  seer.know_tiles(deal_of({{"a1", 'c'}, {"d4", 'e'}}));
  EXPECT_EQ(action_text(best(seer, 4)), "a1?");
  seer.know_tiles(deal_of({{"a1", 'e'}, {"d4", 'c'}}));
  EXPECT_EQ(action_text(best(seer, 4)), "b1c1");
  seer.know_tiles(std::nullopt);
  EXPECT_EQ(action_text(best(seer, 4)), "b1b2");
}

TEST(FlipSeer, ATileThePoolCannotHoldIsAveragedOver) {
  // A deal that does not fit the position (a Red Lion under a1, none in the
  // pool; nothing known under d4) tells the search nothing: the engine's
  // value, exactly.
  FlipPosition pos(load_flip_rules("flip"), kCornerTile);
  FlipSearcher engine, seer;
  seer.know_tiles(deal_of({{"a1", 'l'}}));
  EXPECT_EQ(seer.value(pos, 3), engine.value(pos, 3));
  EXPECT_EQ(pos.fen(), kCornerTile);
}

TEST(FlipSeer, ADealIsThePoolLaidOnTheTiles) {
  // Each face-down square gets a piece of the pool, all of it once; the
  // squares face up get none. Over many deals each square holds each of the
  // start's sixteen animals about equally often (1/16 of the deals).
  const FlipPosition start(load_flip_rules("flip"));
  std::mt19937_64 chance(11);
  std::array<std::array<int, kPieceKinds>, kFlipSquares> seen{};
  const int deals = 16000;
  for (int i = 0; i < deals; ++i) {
    const FlipDeal d = deal_tiles(start, chance);
    std::array<int, kPieceKinds> used{};
    for (Square sq = 0; sq < kFlipSquares; ++sq) {
      ASSERT_NE(d[size_t(sq)], kNoPiece);
      ++used[size_t(d[size_t(sq)])];
      ++seen[size_t(sq)][size_t(d[size_t(sq)])];
    }
    for (int p = 0; p < kPieceKinds; ++p) ASSERT_EQ(used[size_t(p)], start.pool_count(Piece(p)));
  }
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    for (int p = 0; p < kPieceKinds; ++p) {
      EXPECT_NEAR(seen[size_t(sq)][size_t(p)], deals / 16, 150) << sq << " " << p;
    }
  }
  // A position with tiles face up: only the face-down squares are dealt,
  // from what the pool holds.
  const FlipPosition corner(load_flip_rules("flip"), kCornerTile);
  const FlipDeal d = deal_tiles(corner, chance);
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const std::string name = kFlipGeometry.square_name(sq);
    if (name == "a1" || name == "d4") {
      EXPECT_TRUE(d[size_t(sq)] == make_piece(kRed, kCat) ||
                  d[size_t(sq)] == make_piece(kRed, kElephant));
    } else {
      EXPECT_EQ(d[size_t(sq)], kNoPiece) << name;
    }
  }
  EXPECT_NE(d[size_t(kFlipGeometry.parse_square("a1"))],
            d[size_t(kFlipGeometry.parse_square("d4"))]);
}

// What the deal of a finished game holds under `square`: chance's one
// outcome when its tile is turned over at the start.
std::string dealt_under(const game::State& finished, const std::string& square) {
  const std::unique_ptr<game::State> start = game::start_of(finished);
  start->apply(square + "?");
  const std::vector<game::ChanceOutcome> outcomes = start->chance_outcomes();
  EXPECT_EQ(outcomes.size(), 1u);
  return outcomes.empty() ? "" : outcomes[0].action;
}

// The records of a seer's match against the careful player, each game dealt.
std::vector<std::string> seer_match(uint64_t seed, match::WdlCounts* result = nullptr) {
  FlipLimits limits;
  limits.depth = 2;
  const FlipRulesPtr rules = load_flip_rules("flip");
  const test::InProcessMatch m = test::play_in_process(
      "flip", [&] { return game::flip_seer_engine(rules, limits); },
      [&] { return game::flip_player_engine(rules, careful_player()); }, 4, seed, true);
  EXPECT_EQ(m.result.error, "");
  EXPECT_TRUE(m.result.incident_log.empty());
  std::vector<std::string> records;
  for (const match::GameOutcome& g : m.games) {
    // Every flip revealed the piece dealt under its tile.
    for (const std::string& action : g.state->actions()) {
      if (action.find('=') != std::string::npos) {
        EXPECT_EQ(dealt_under(*g.state, action.substr(0, 2)), action);
      }
    }
    records.push_back(g.state->record());
  }
  if (result) *result = m.result.wdl;
  return records;
}

TEST(FlipSeer, ASeerMatchReplaysExactlyForASeed) {
  match::WdlCounts first, again;
  const std::vector<std::string> records = seer_match(5, &first);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(seer_match(5, &again), records);
  EXPECT_EQ(again.wins, first.wins);
  EXPECT_EQ(again.draws, first.draws);
  EXPECT_NE(seer_match(6), records);
}

TEST(FlipSeer, GamesAreDealtAnewEachGame) {
  // Two games of the same match start from other deals.
  FlipLimits limits;
  limits.depth = 1;
  const FlipRulesPtr rules = load_flip_rules("flip");
  const test::InProcessMatch m = test::play_in_process(
      "flip", [&] { return game::flip_player_engine(rules, engine_player(limits)); },
      [&] { return game::flip_player_engine(rules, random_player(2)); }, 2, 9, true);
  ASSERT_EQ(m.games.size(), 2u);
  std::string deals[2];
  for (size_t g = 0; g < 2; ++g) {
    for (const char* sq : {"a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"})
      deals[g] += dealt_under(*m.games[g].state, sq) + " ";
  }
  EXPECT_NE(deals[0], deals[1]);
}

TEST(FlipSeer, PlaysDealtGamesOnly) {
  // Without a deal there is nothing for the seer to know: it answers with
  // an error, which the match charges to it.
  FlipLimits limits;
  limits.depth = 1;
  const FlipRulesPtr rules = load_flip_rules("flip");
  const test::InProcessMatch m = test::play_in_process(
      "flip", [&] { return game::flip_seer_engine(rules, limits); },
      [&] { return game::flip_player_engine(rules, random_player(2)); }, 1, 9, false);
  ASSERT_EQ(m.result.incident_log.size(), 1u);
  EXPECT_NE(m.result.incident_log[0].find("a crashed (failed: the seer plays dealt games only"),
            std::string::npos)
      << m.result.incident_log[0];
}

}  // namespace
}  // namespace jungle::flip
