// The transposition table (search/transposition_table.h): what is stored is
// found again, and clear() empties a written table while leaving alone one
// that no search has written since it was made or cleared.

#include <gtest/gtest.h>

#include "search/transposition_table.h"

namespace jungle {
namespace {

constexpr uint64_t kKey = 0x9E3779B97F4A7C15ull;

TEST(TranspositionTable, StoredEntryIsFoundAgain) {
  TranspositionTable tt(1);
  tt.new_search();
  tt.store(kKey, Move(3, 10), -250, 17, 6, kBoundLower);
  TTHit hit;
  ASSERT_TRUE(tt.probe(kKey, hit));
  EXPECT_EQ(hit.move, Move(3, 10));
  EXPECT_EQ(hit.score, -250);
  EXPECT_EQ(hit.eval, 17);
  EXPECT_EQ(hit.depth, 6);
  EXPECT_EQ(hit.bound, kBoundLower);
  EXPECT_FALSE(tt.probe(kKey ^ 1, hit));
}

TEST(TranspositionTable, ClearEmptiesATableASearchWrote) {
  TranspositionTable tt(1);
  EXPECT_FALSE(tt.written());
  tt.new_search();
  EXPECT_TRUE(tt.written());
  tt.store(kKey, Move(3, 10), 40, 0, 3, kBoundExact);
  tt.clear();
  EXPECT_FALSE(tt.written());
  TTHit hit;
  EXPECT_FALSE(tt.probe(kKey, hit));
  // A second game's search writes again, and its entries go at the next clear too.
  tt.new_search();
  tt.store(kKey, Move(4, 11), 40, 0, 3, kBoundExact);
  ASSERT_TRUE(tt.probe(kKey, hit));
  tt.clear();
  tt.clear();  // nothing written between: left as it is
  EXPECT_FALSE(tt.probe(kKey, hit));
}

TEST(TranspositionTable, ResizedTableIsEmptyAndUnwritten) {
  TranspositionTable tt(1);
  tt.new_search();
  tt.store(kKey, Move(3, 10), 40, 0, 3, kBoundExact);
  tt.resize(2);
  EXPECT_FALSE(tt.written());
  EXPECT_EQ(tt.megabytes(), 2u);
  TTHit hit;
  EXPECT_FALSE(tt.probe(kKey, hit));
}

}  // namespace
}  // namespace jungle
