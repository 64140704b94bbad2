#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/types.h"

namespace jungle {

enum Bound : uint8_t { kBoundNone = 0, kBoundUpper = 1, kBoundLower = 2, kBoundExact = 3 };

struct TTHit {
  Move move;
  int score = 0;
  int eval = 0;
  int depth = 0;
  Bound bound = kBoundNone;
};

// A hash table shared by all search threads without locks. Each entry is two
// 64-bit words, the key stored XOR-ed with the data, so that a torn write
// (one word from each of two threads) fails the key check instead of
// returning another position's data.
class TranspositionTable {
 public:
  explicit TranspositionTable(size_t megabytes = 16);
  void resize(size_t megabytes);
  // Empties the table, writing only the buckets stored in since it was made
  // or last cleared (see dirty_). Not while a search runs.
  void clear();
  // Called once per search, before it stores anything, so that old entries
  // give way to new ones.
  void new_search() {
    generation_ = uint8_t((generation_ + 1) & 0x3F);
    written_ = true;
  }
  // Whether a search may have stored entries since the table was made or
  // last cleared.
  bool written() const { return written_; }

  bool probe(uint64_t key, TTHit& hit) const {
    const Entry* b = &entries_[bucket_index(key) * kBucket];
    for (int i = 0; i < kBucket; ++i) {
      const uint64_t data = b[i].data.load(std::memory_order_relaxed);
      const uint64_t check = b[i].check.load(std::memory_order_relaxed);
      if ((check ^ data) != key || data == 0) continue;
      hit.move = Move::from_raw(uint16_t(data));
      hit.score = int16_t(uint16_t(data >> 16));
      hit.eval = int16_t(uint16_t(data >> 32));
      hit.depth = int((data >> 48) & 0xFF);
      hit.bound = Bound((data >> 56) & 3);
      return true;
    }
    return false;
  }
  // Starts loading the bucket of a position the search is about to visit.
  void prefetch(uint64_t key) const { __builtin_prefetch(&entries_[bucket_index(key) * kBucket]); }
  void store(uint64_t key, Move move, int score, int eval, int depth, Bound bound);
  // Permille of a sample of entries written in this search, for `info hashfull`.
  int hashfull() const;
  size_t megabytes() const { return megabytes_; }

 private:
  // data bits: 0-15 move, 16-31 score, 32-47 eval, 48-55 depth, 56-57 bound, 58-63 generation
  struct Entry {
    std::atomic<uint64_t> check{0};  // key ^ data
    std::atomic<uint64_t> data{0};
  };
  static constexpr int kBucket = 4;  // entries per 64-byte cache line

  size_t bucket_index(uint64_t key) const {
    // The key's high bits scaled to the bucket count: the product's top 64
    // bits are below buckets_, so the narrowing keeps every value.
    return static_cast<std::size_t>(static_cast<unsigned __int128>(key) * buckets_ >> 64);
  }

  // Aligned to (and on Linux backed by) 2 MB pages: the table is probed at
  // random, so fewer TLB misses matter as much as fewer cache misses.
  struct FreeEntries {
    void operator()(Entry* p) const;
  };
  std::unique_ptr<Entry[], FreeEntries> entries_;
  // One flag per bucket, set by every store into it: clear() zeroes only
  // the buckets flagged, in runs. `bench` empties its 16 MB table before
  // each of its 49 positions, and writing every byte was an eighth of its
  // instructions, where a shallow search stores into few buckets. Atomic
  // bytes, as threads store without locks; a plain byte store each.
  std::unique_ptr<std::atomic<uint8_t>[]> dirty_;
  size_t buckets_ = 0;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
  // Set by new_search, cleared by clear: an engine empties its table at
  // every new game and rule set, and `bench` did so twice at each change of
  // rules, each time going over a table that might hold nothing. Stores
  // come only from searches, each begun with new_search, so a table
  // without one since is still all zeros.
  bool written_ = false;
};

}  // namespace jungle
