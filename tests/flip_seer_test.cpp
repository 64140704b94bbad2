#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "flip/flip_match.h"
#include "flip/flip_record.h"
#include "flip/flip_search.h"

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

// Blue's Tiger (b1) and Wolf (a2) beside the tile on a1; the other tile is
// d4; a Red Cat and a Red Elephant are face down. Blue to move.
constexpr const char* kCornerTile = "3?/4/W3/?T2 w ce 0 1";

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

// The records of a seer's match against the careful player.
std::vector<std::string> seer_match(uint64_t seed, FlipMatchResult* result = nullptr) {
  const auto deal = std::make_shared<FlipDeal>();
  FlipLimits limits;
  limits.depth = 2;
  std::vector<std::string> records;
  const FlipMatchResult r = play_flip_match(
      load_flip_rules("flip"), seer_player(limits, deal), careful_player(), 4, seed,
      [&records, &deal](int, const FlipPosition& pos, double) {
        // Every flip revealed the piece dealt under its tile.
        for (const Ply& p : pos.history()) {
          if (p.action.is_flip()) {
            EXPECT_EQ(p.revealed, (*deal)[size_t(p.action.from)]);
          }
        }
        records.push_back(write_flip_record(pos));
      },
      deal.get());
  if (result) *result = r;
  return records;
}

TEST(FlipSeer, ASeerMatchReplaysExactlyForASeed) {
  FlipMatchResult first, again;
  const std::vector<std::string> records = seer_match(5, &first);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(seer_match(5, &again), records);
  EXPECT_EQ(again, first);
  EXPECT_NE(seer_match(6), records);
}

TEST(FlipSeer, GamesAreDealtAnewEachGame) {
  // Two games of the same match start from other deals.
  const auto deal = std::make_shared<FlipDeal>();
  std::vector<FlipDeal> deals;
  FlipLimits limits;
  limits.depth = 1;
  play_flip_match(
      load_flip_rules("flip"), engine_player(limits), random_player(2), 2, 9,
      [&deals, &deal](int, const FlipPosition&, double) { deals.push_back(*deal); }, deal.get());
  ASSERT_EQ(deals.size(), 2u);
  EXPECT_NE(deals[0], deals[1]);
}

}  // namespace
}  // namespace jungle::flip
