#include "search/transposition_table.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace jungle {

namespace {

uint64_t pack(Move move, int score, int eval, int depth, Bound bound, uint8_t generation) {
  return uint64_t(move.raw()) | uint64_t(uint16_t(int16_t(score))) << 16 |
         uint64_t(uint16_t(int16_t(eval))) << 32 |
         uint64_t(uint8_t(std::clamp(depth, 0, 255))) << 48 | uint64_t(bound) << 56 |
         uint64_t(generation & 0x3F) << 58;
}

int depth_of(uint64_t data) {
  return int((data >> 48) & 0xFF);
}
uint8_t generation_of(uint64_t data) {
  return uint8_t(data >> 58);
}

}  // namespace

TranspositionTable::TranspositionTable(size_t megabytes) {
  resize(megabytes);
}

void TranspositionTable::FreeEntries::operator()(Entry* p) const {
  std::free(p);
}

void TranspositionTable::resize(size_t megabytes) {
  megabytes = std::max<size_t>(megabytes, 1);
  megabytes_ = megabytes;
  buckets_ = megabytes * 1024 * 1024 / (sizeof(Entry) * kBucket);
  entries_.reset();
  const size_t count = buckets_ * kBucket;
  constexpr size_t kPage = size_t(2) << 20;
  const size_t bytes = (count * sizeof(Entry) + kPage - 1) / kPage * kPage;
  void* memory = std::aligned_alloc(kPage, bytes);
  if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(memory, bytes, MADV_HUGEPAGE);  // a hint; without huge pages all still works
#endif
  entries_.reset(std::uninitialized_value_construct_n(static_cast<Entry*>(memory), count) - count);
  dirty_.reset();  // before the new flags, so that the old ones are not held twice
  dirty_ = std::make_unique<std::atomic<uint8_t>[]>(buckets_);  // value-initialised: all clean
  generation_ = 0;                                              // as clear() leaves it
  written_ = false;
}

void TranspositionTable::clear() {
  if (!written_) return;
  written_ = false;
  generation_ = 0;
  // Entries are two plain 64-bit words, so zero bytes are empty entries; the
  // flags are single bytes. No search runs now, so both are written as
  // plain memory, as a memset of the whole table was before.
  static_assert(sizeof(Entry) == 2 * sizeof(uint64_t));
  static_assert(sizeof(std::atomic<uint8_t>) == 1 && std::atomic<uint8_t>::is_always_lock_free);
  auto* flags = reinterpret_cast<unsigned char*>(dirty_.get());
  constexpr size_t kBucketBytes = kBucket * sizeof(Entry);
  size_t i = 0;
  while (i < buckets_) {
    if (i + 8 <= buckets_) {  // eight clean buckets at a time, as most are after a short search
      uint64_t eight;
      std::memcpy(&eight, flags + i, 8);
      if (eight == 0) {
        i += 8;
        continue;
      }
    }
    if (!flags[i]) {
      ++i;
      continue;
    }
    size_t end = i + 1;  // one write for a run of flagged buckets
    while (end < buckets_ && flags[end]) ++end;
    std::memset(static_cast<void*>(&entries_[i * kBucket]), 0, (end - i) * kBucketBytes);
    std::memset(flags + i, 0, end - i);
    i = end;
  }
}

void TranspositionTable::store(uint64_t key, Move move, int score, int eval, int depth,
                               Bound bound) {
  const size_t index = bucket_index(key);
  Entry* b = &entries_[index * kBucket];
  dirty_[index].store(1, std::memory_order_relaxed);
  Entry* victim = &b[0];
  int victim_worth = 1 << 30;
  for (int i = 0; i < kBucket; ++i) {
    uint64_t data = b[i].data.load(std::memory_order_relaxed);
    uint64_t check = b[i].check.load(std::memory_order_relaxed);
    if ((check ^ data) == key && data != 0) {
      // Same position: keep the old move when the new result has none, and
      // keep a deeper exact result over a shallower bound.
      if (move.is_none()) move = Move::from_raw(uint16_t(data));
      if (bound != kBoundExact && depth + 2 < depth_of(data) && generation_of(data) == generation_)
        return;
      victim = &b[i];
      break;
    }
    // Prefer to replace entries from old searches, then shallow ones.
    int age = (generation_ - generation_of(data)) & 0x3F;
    int worth = depth_of(data) - 8 * age;
    if (data == 0) worth = -1000;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &b[i];
    }
  }
  uint64_t data = pack(move, score, eval, depth, bound, generation_);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  size_t sample = std::min<size_t>(1000, buckets_ * kBucket);
  for (size_t i = 0; i < sample; ++i) {
    uint64_t data = entries_[i].data.load(std::memory_order_relaxed);
    if (data != 0 && generation_of(data) == generation_) ++used;
  }
  return sample ? int(used * 1000 / sample) : 0;
}

}  // namespace jungle
