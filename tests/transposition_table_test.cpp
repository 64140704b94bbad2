// The transposition table (search/transposition_table.h): what is stored is
// found again, and clear() empties a written table while leaving alone one
// that no search has written since it was made or cleared.

#include <gtest/gtest.h>

#include <vector>

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

// A 1 MB table has 16384 buckets of four entries; a key's bucket is its top
// 14 bits. clear() zeroes only the buckets stored in, in runs: a lone
// bucket, runs at both ends of the table and one in the middle, each with
// all four entries used, must all come back empty, and a second game's
// stores must be cleared as well.
uint64_t key_in_bucket(uint64_t bucket, uint64_t entry) {
  return bucket << 50 | (entry + 1) * 0x1234567ull;
}

TEST(TranspositionTable, ClearEmptiesEveryBucketStoredIn) {
  const std::vector<uint64_t> first_game = {0, 1, 2, 7, 8, 9, 5000, 8190, 8191, 8192, 16382, 16383};
  const std::vector<uint64_t> second_game = {3, 8191, 12000, 16383};
  TranspositionTable tt(1);
  auto entries_found = [&tt](const std::vector<uint64_t>& buckets) {
    int found = 0;
    TTHit hit;
    for (uint64_t b : buckets) {
      for (uint64_t e = 0; e < 4; ++e) found += tt.probe(key_in_bucket(b, e), hit);
    }
    return found;
  };
  for (const auto& buckets : {first_game, second_game}) {
    tt.new_search();
    for (uint64_t b : buckets) {
      for (uint64_t e = 0; e < 4; ++e)
        tt.store(key_in_bucket(b, e), Move(3, 10), 5, 0, 4, kBoundExact);
    }
    EXPECT_EQ(entries_found(buckets), int(4 * buckets.size()));
    tt.clear();
    EXPECT_EQ(entries_found(first_game), 0);
    EXPECT_EQ(entries_found(second_game), 0);
  }
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
