#include "tablebase/solver.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "tablebase/context.h"

namespace jungle::tb {

namespace {

// During generation bit 15 marks a final value; below it a final value
// holds distance + 1, an open one what its captures promise (see Solver).
constexpr Value kFinal = 0x8000;
constexpr uint8_t kCannotLose = 0xFF;

// Bucket entries one rank walks back before the ranks exchange the
// predecessors they found for each other: bounds the messages' size.
constexpr size_t kEntriesPerExchange = size_t(1) << 20;

// The retrograde analysis itself. Pass 1 looks at every position's moves:
// a den entry or the last capture wins at once; a capture that wins sets a
// win the quiet moves may still shorten ("pending"); a capture that draws
// means the position never loses; otherwise the number of quiet moves is its
// counter and the longest capture loss a floor for its loss. Then, distance
// by distance, each position decided at distance t is walked backwards: its
// predecessors win in t + 1 when it is lost, and lose one escape when it is won.
//
// A solver owns a slice of the index (the whole of it in one process): the
// values and counters of its positions, and the lists of those decided at
// each distance. A predecessor outside the slice goes to its owner's list
// (`outbox`) instead, which credits it the same way. Within one distance the
// order in which positions are walked and credited does not change any
// value (a predecessor of a lost position wins at t + 1 whoever reaches it
// first; a counter reaches zero after as many moves in any order), so the
// slices together find exactly the values of one process.
class Solver {
 public:
  Solver(const TbRules& rules, const TableStore& store, Material m, int ranks, int rank)
      : rules_(rules), context_(rules, store, m), layout_(context_.layout()) {
    if (layout_.entries() >= (uint64_t(1) << 32)) {
      throw TableError(layout_.material.name() + ": too many positions for one table");
    }
    bounds_ = slice_bounds(layout_.positions, ranks);
    first_ = bounds_[size_t(rank)];
    end_ = bounds_[size_t(rank) + 1];
    values_.assign(size_t(2 * (end_ - first_)), 0);
    counters_.assign(size_t(2 * (end_ - first_)), 0);
  }

  const Layout& layout() const { return layout_; }
  uint64_t first_position() const { return first_; }
  uint64_t end_position() const { return end_; }
  size_t distances() const { return buckets_.size(); }
  std::vector<uint32_t> take_bucket(size_t t) {
    return t < buckets_.size() ? std::move(buckets_[t]) : std::vector<uint32_t>();
  }

  void first_pass(int threads, std::atomic<uint64_t>* done) {
    std::atomic<uint64_t> next{first_};
    constexpr uint64_t kChunk = 4096;
    std::vector<std::vector<std::vector<uint32_t>>> found(static_cast<size_t>(threads));
    auto work = [&](int id) {
      std::vector<std::vector<uint32_t>>& local = found[size_t(id)];
      auto add = [&](int d, uint64_t e) {
        if (size_t(d) >= local.size()) local.resize(size_t(d) + 1);
        local[size_t(d)].push_back(uint32_t(e));
      };
      Square sq[kMaxPieces];
      for (;;) {
        const uint64_t begin = next.fetch_add(kChunk);
        if (begin >= end_) break;
        const uint64_t end = std::min(end_, begin + kChunk);
        for (uint64_t i = begin; i < end; ++i) {
          const size_t at = size_t(2 * (i - first_));
          if (!rules_.decode(layout_, i, sq)) {
            values_[at] = values_[at + 1] = kInvalid;
            continue;
          }
          for (Side us : {kBlue, kRed}) {
            const uint64_t e = 2 * i + uint64_t(us);
            const size_t x = at + size_t(us);
            const Successors s = context_.successors(sq, us, [](const Square*) {});
            if (s.wins_at_once) {
              values_[x] = kFinal | 2;
              add(1, e);
            } else if (s.capture && s.best_capture.wdl == Wdl::kWin) {
              values_[x] = Value(s.best_capture.distance + 1);
              counters_[x] = kCannotLose;
              add(s.best_capture.distance, e);
            } else if (s.capture && s.best_capture.wdl == Wdl::kDraw) {
              counters_[x] = kCannotLose;
            } else if (s.quiet == 0 && !s.capture) {
              if (rules_.rule_set().rules().no_legal_move == NoMoveRule::kLoses) {
                values_[x] = kFinal | 1;
                add(0, e);
              } else {
                counters_[x] = kCannotLose;
              }
            } else if (s.quiet == 0) {
              values_[x] = Value(kFinal | (s.best_capture.distance + 1));
              add(s.best_capture.distance, e);
            } else {
              counters_[x] = uint8_t(s.quiet);
              if (s.capture) values_[x] = Value(s.best_capture.distance + 1);
            }
          }
        }
        if (done) done->fetch_add(end / 2 - begin / 2);
      }
    };
    std::vector<std::thread> pool;
    for (int id = 1; id < threads; ++id) pool.emplace_back(work, id);
    work(0);
    for (std::thread& t : pool) t.join();
    for (auto& local : found) {
      for (size_t d = 0; d < local.size(); ++d) {
        for (uint32_t e : local[d]) push(int(d), e);
      }
    }
  }

  // Walks back from entry `e` (this slice's), listed at distance `t`: each
  // predecessor this slice owns is credited here, the others go to
  // outbox[owner].
  void settle(uint32_t e, int t, std::vector<std::vector<uint32_t>>& outbox) {
    Value& v = values_[e - 2 * first_];
    if (!(v & kFinal)) {
      v = Value(kFinal | (t + 1));  // a pending capture win nothing shortened
    } else if ((v & ~kFinal) != t + 1) {
      return;  // a pending win a quiet move made shorter
    }
    Square sq[kMaxPieces];
    rules_.decode(layout_, e / 2, sq);
    const Side moved = opponent(Side(e & 1));
    context_.predecessors(sq, moved, [&](uint64_t index) {
      const uint32_t q = uint32_t(index * 2 + uint64_t(moved));
      if (index >= first_ && index < end_) {
        credit(q, t);
      } else {
        outbox[owner(index)].push_back(q);
      }
    });
  }

  // One move of entry `q` (this slice's) leads to a position decided at
  // distance `t`: lost for its side to move when t is even, won when odd.
  void credit(uint32_t q, int t) {
    const size_t x = q - size_t(2 * first_);
    Value& pv = values_[x];
    if (pv & kFinal) return;
    if (t % 2 == 0) {
      // The position reached is lost for its side to move: `q` wins.
      const bool listed = counters_[x] == kCannotLose && pv == t + 2;
      pv = Value(kFinal | (t + 2));
      if (!listed) push(t + 1, q);
    } else {
      uint8_t& c = counters_[x];
      if (c == kCannotLose || --c > 0) return;
      const int floor = pv ? pv - 1 : 0;
      const int distance = std::max(t + 1, floor);
      pv = Value(kFinal | (distance + 1));
      push(distance, q);
    }
  }

  // Every distance, in one process.
  void walk() {
    std::vector<std::vector<uint32_t>> outbox(bounds_.size() - 1);
    for (size_t t = 0; t < buckets_.size(); ++t) {
      // Not a reference: new distances are appended while walking.
      std::vector<uint32_t> bucket = std::move(buckets_[t]);
      for (uint32_t e : bucket) settle(e, int(t), outbox);
    }
  }

  // The stored values of this slice's entries, into `out`; frees the work memory.
  void finish(Value* out) {
    for (size_t x = 0; x < values_.size(); ++x) {
      const Value v = values_[x];
      out[x] = v == kInvalid ? kInvalid : (v & kFinal) ? Value(v & ~kFinal) : kDrawValue;
    }
    values_.clear();
    values_.shrink_to_fit();
    counters_.clear();
    counters_.shrink_to_fit();
    buckets_.clear();
    buckets_.shrink_to_fit();
  }

  // The walk back's half of the work of this slice (the first pass counted the other).
  uint64_t walk_credit() const { return (end_ - first_) - (end_ / 2 - first_ / 2); }

 private:
  void push(int distance, uint32_t e) {
    if (size_t(distance) >= buckets_.size()) buckets_.resize(size_t(distance) + 1);
    buckets_[size_t(distance)].push_back(e);
  }

  size_t owner(uint64_t position) const {
    return size_t(std::upper_bound(bounds_.begin(), bounds_.end(), position) - bounds_.begin() - 1);
  }

  const TbRules& rules_;
  Context context_;
  const Layout& layout_;
  std::vector<uint64_t> bounds_;
  uint64_t first_ = 0, end_ = 0;  // the positions of this slice
  std::vector<Value> values_;
  std::vector<uint8_t> counters_;
  std::vector<std::vector<uint32_t>> buckets_;
};

Table table_of(const TbRules& rules, Material m, std::vector<Value> values) {
  Table table;
  table.material = m;
  table.rules_hash = rules.hash();
  table.rules_name = rules.rule_set().rules().name;
  table.values = std::move(values);
  table.counts = count_values(table.values);
  table.checksum = values_checksum(table.values);
  return table;
}

}  // namespace

std::vector<uint64_t> slice_bounds(uint64_t positions, int ranks) {
  std::vector<uint64_t> bounds(size_t(ranks) + 1);
  for (int r = 0; r <= ranks; ++r) bounds[size_t(r)] = positions * uint64_t(r) / uint64_t(ranks);
  return bounds;
}

Table solve(const TbRules& rules, Material m, const TableStore& store, int threads,
            std::atomic<uint64_t>* done) {
  Solver solver(rules, store, m, 1, 0);
  solver.first_pass(std::max(1, threads), done);
  solver.walk();
  std::vector<Value> values(solver.layout().entries());
  solver.finish(values.data());
  Table table = table_of(rules, solver.layout().material, std::move(values));
  if (done) done->fetch_add(solver.walk_credit());
  return table;
}

Table solve_sliced(const TbRules& rules, Material m, const TableStore& store, int threads,
                   std::atomic<uint64_t>* done, SliceComm& comm) {
  // Every rank learns whether all could start before any waits on another.
  std::optional<Solver> solver;
  std::string why;
  try {
    solver.emplace(rules, store, m, comm.size(), comm.rank());
  } catch (const std::exception& e) {
    why = e.what();
  }
  why = comm.first_error(why);
  if (!why.empty()) throw TableError(why);
  try {
    // The first pass on threads of its own, so that this one can pass on progress.
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable ended;
    bool passed = false;
    std::thread pass([&] {
      try {
        solver->first_pass(std::max(1, threads), done);
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex);
      passed = true;
      ended.notify_one();
    });
    for (std::unique_lock lock(mutex); !passed;) {
      if (!ended.wait_for(lock, std::chrono::milliseconds(50), [&] { return passed; })) {
        lock.unlock();
        comm.idle();
        lock.lock();
      }
    }
    pass.join();
    if (error) std::rethrow_exception(error);

    // The walk back, in rounds: each rank walks up to kEntriesPerExchange
    // of its positions of distance t, then all exchange the predecessors
    // found for each other and learn, on the way, whether any rank has
    // positions of distance t left, the longest distance listed anywhere,
    // and whether anything was sent (whose credits may list a longer one).
    std::vector<std::vector<uint32_t>> outbox(size_t(comm.size()));
    size_t t = 0, at = 0;
    std::vector<uint32_t> bucket = solver->take_bucket(0);
    for (;;) {
      const size_t stop = std::min(bucket.size(), at + kEntriesPerExchange);
      for (; at < stop; ++at) solver->settle(bucket[at], int(t), outbox);
      bool sending = false;
      for (const auto& box : outbox) sending = sending || !box.empty();
      uint64_t state[3] = {at < bucket.size() ? 1u : 0u, solver->distances(), sending ? 1u : 0u};
      for (uint32_t q : comm.exchange(outbox, state)) solver->credit(q, int(t));
      for (auto& box : outbox) box.clear();
      if (state[0]) continue;  // distance t is not done everywhere
      // Distance t is done. The distances are known as they were before
      // this round's credits: when something was sent and no longer
      // distance seemed listed, a round at the next distance (empty or not)
      // tells every rank for sure.
      if (t + 1 >= state[1] && !state[2]) break;
      bucket = solver->take_bucket(++t);
      at = 0;
    }

    const uint64_t walk_credit = solver->walk_credit();
    const Layout& l = solver->layout();
    Table table;
    if (comm.rank() == 0) {
      std::vector<Value> values(l.entries());
      const size_t mine = size_t(2 * solver->end_position());
      solver->finish(values.data());
      comm.gather({}, std::span(values).subspan(mine));
      table = table_of(rules, l.material, std::move(values));
    } else {
      std::vector<Value> values(size_t(2 * (solver->end_position() - solver->first_position())));
      solver->finish(values.data());
      comm.gather(values, {});
      table.material = l.material;
    }
    if (done) done->fetch_add(walk_credit);
    return table;
  } catch (const std::exception& e) {
    comm.abort(m.name() + ": " + e.what());
  }
  std::abort();  // not reached: abort() ends every rank
}

}  // namespace jungle::tb
