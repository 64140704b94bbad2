#include "tablebase/generate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "tablebase/tablebase.h"

namespace jungle::tb {

namespace {

// During generation bit 15 marks a final value; below it a final value
// holds distance + 1, an open one what its captures promise (see Solver).
constexpr Value kFinal = 0x8000;
constexpr uint8_t kCannotLose = 0xFF;

// What each capture of one material leads to: the smaller material's layout
// and values, or nothing for the last enemy piece.
struct CaptureTarget {
  bool last = false;
  Layout layout;
  const std::vector<Value>* values = nullptr;
};

struct Successors {
  bool wins_at_once = false;  // a den entry or the last capture
  int quiet = 0;              // moves that stay in this material
  bool capture = false;
  Verdict best_capture;  // the best of the captures for the side to move
};

class Context {
 public:
  Context(const TbRules& rules, const TableStore& store, Material m)
      : rules_(rules), layout_(rules.layout(m)) {
    for (int j = 0; j < layout_.n; ++j) {
      CaptureTarget& c = capture_[j];
      const Material sub = m.without(j);
      c.last = sub.count(layout_.piece[j].side) == 0;
      if (c.last) continue;
      c.layout = rules.layout(sub);
      tables_[j] = store.table(sub);
      c.values = &tables_[j]->values;
    }
  }

  const Layout& layout() const { return layout_; }

  // The moves of the side to move at `sq`; `quiet(squares)` is called for
  // each move that stays in this material when given.
  template <typename Quiet>
  Successors successors(const Square* sq, Side us, Quiet&& quiet) const {
    Successors out;
    const Layout& l = layout_;
    Bitboard occupied = 0, own = 0;
    for (int k = 0; k < l.n; ++k) {
      occupied |= Bitboard(1) << sq[k];
      if (l.piece[k].side == us) own |= Bitboard(1) << sq[k];
    }
    const Bitboard enemy_den = Bitboard(1) << rules_.rule_set().den(opponent(us));
    Square next[kMaxPieces];
    for (int k = 0; k < l.n; ++k) {
      if (l.piece[k].side != us) continue;
      const Animal a = l.piece[k].animal;
      for (Bitboard t = rules_.reach(us, a, sq[k], occupied) & ~own; t; t &= t - 1) {
        const Square to = std::countr_zero(t);
        const Bitboard to_bb = Bitboard(1) << to;
        if (occupied & to_bb) {
          int j = 0;
          while (sq[j] != to) ++j;
          if (!rules_.can_capture(us, a, sq[k], to, l.piece[j].animal)) continue;
          const CaptureTarget& c = capture_[j];
          if (c.last || (to_bb & enemy_den)) {
            out.wins_at_once = true;
            continue;
          }
          int n = 0;
          for (int i = 0; i < l.n; ++i) {
            if (i != j) next[n++] = i == k ? to : sq[i];
          }
          rules_.canonicalize(n, next);
          const Verdict v = parent_view(verdict_of(
              (*c.values)[rules_.index_of(c.layout, next) * 2 + uint64_t(opponent(us))]));
          if (!out.capture || better(v, out.best_capture)) out.best_capture = v;
          out.capture = true;
        } else if (to_bb & enemy_den) {
          out.wins_at_once = true;
        } else {
          ++out.quiet;
          for (int i = 0; i < l.n; ++i) next[i] = sq[i];
          next[k] = to;
          quiet(next);
        }
      }
    }
    return out;
  }

  // Each position one move of `mover` before `sq` (the other side to move
  // there) that is canonical: calls back(index).
  template <typename Back>
  void predecessors(const Square* sq, Side mover, Back&& back) const {
    const Layout& l = layout_;
    Square mirrored[kMaxPieces];
    bool distinct = false;
    if (rules_.mirrored()) {
      for (int k = 0; k < l.n; ++k) {
        mirrored[k] = rules_.mirror(sq[k]);
        distinct = distinct || mirrored[k] != sq[k];
      }
    }
    unmove(sq, mover, back);
    if (distinct) unmove(mirrored, mover, back);
  }

 private:
  template <typename Back>
  void unmove(const Square* sq, Side mover, Back&& back) const {
    const Layout& l = layout_;
    Bitboard occupied = 0;
    for (int k = 0; k < l.n; ++k) occupied |= Bitboard(1) << sq[k];
    Square prev[kMaxPieces];
    for (int k = 0; k < l.n; ++k) prev[k] = sq[k];
    for (int k = 0; k < l.n; ++k) {
      if (l.piece[k].side != mover) continue;
      const Animal a = l.piece[k].animal;
      for (Bitboard f = rules_.reach(mover, a, sq[k], occupied) & ~occupied; f; f &= f - 1) {
        const Square from = std::countr_zero(f);
        prev[k] = from;
        if (rules_.is_canonical(l.n, prev) && rules_.allowed(l, prev)) {
          back(rules_.index_of(l, prev));
        }
      }
      prev[k] = sq[k];
    }
  }

  const TbRules& rules_;
  Layout layout_;
  CaptureTarget capture_[kMaxPieces];
  std::shared_ptr<const Table> tables_[kMaxPieces];
};

// The retrograde analysis itself. Pass 1 looks at every position's moves:
// a den entry or the last capture wins at once; a capture that wins sets a
// win the quiet moves may still shorten ("pending"); a capture that draws
// means the position never loses; otherwise the number of quiet moves is its
// counter and the longest capture loss a floor for its loss. Then, distance
// by distance, each position decided at distance t is walked backwards: its
// predecessors win in t + 1 when it is lost, and lose one escape when it is won.
class Solver {
 public:
  Solver(const TbRules& rules, const TableStore& store, Material m)
      : rules_(rules), context_(rules, store, m), layout_(context_.layout()) {}

  Table run(int threads, std::atomic<uint64_t>* done) {
    const uint64_t entries = layout_.entries();
    if (entries >= (uint64_t(1) << 32)) {
      throw TableError(layout_.material.name() + ": too many positions for one table");
    }
    values_.assign(entries, 0);
    counters_.assign(entries, 0);
    first_pass(std::max(1, threads), done);
    for (size_t t = 0; t < buckets_.size(); ++t) {
      // Not a reference: new distances are appended while walking.
      std::vector<uint32_t> bucket = std::move(buckets_[t]);
      for (uint32_t e : bucket) settle(e, int(t));
    }
    Table table;
    table.material = layout_.material;
    table.rules_hash = rules_.hash();
    table.rules_name = rules_.rule_set().rules().name;
    table.values.resize(entries);
    for (uint64_t e = 0; e < entries; ++e) {
      const Value v = values_[e];
      table.values[e] = v == kInvalid ? kInvalid : (v & kFinal) ? Value(v & ~kFinal) : kDrawValue;
    }
    values_.clear();
    values_.shrink_to_fit();
    counters_.clear();
    counters_.shrink_to_fit();
    table.counts = count_values(table.values);
    table.checksum = values_checksum(table.values);
    // The first pass counted half of each position's work; the walk back is the rest.
    if (done) done->fetch_add(layout_.positions - layout_.positions / 2);
    return table;
  }

 private:
  void push(int distance, uint32_t e) {
    if (size_t(distance) >= buckets_.size()) buckets_.resize(size_t(distance) + 1);
    buckets_[size_t(distance)].push_back(e);
  }

  void first_pass(int threads, std::atomic<uint64_t>* done) {
    const uint64_t positions = layout_.positions;
    std::atomic<uint64_t> next{0};
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
        if (begin >= positions) break;
        const uint64_t end = std::min(positions, begin + kChunk);
        for (uint64_t i = begin; i < end; ++i) {
          if (!rules_.decode(layout_, i, sq)) {
            values_[2 * i] = values_[2 * i + 1] = kInvalid;
            continue;
          }
          for (Side us : {kBlue, kRed}) {
            const uint64_t e = 2 * i + uint64_t(us);
            const Successors s = context_.successors(sq, us, [](const Square*) {});
            if (s.wins_at_once) {
              values_[e] = kFinal | 2;
              add(1, e);
            } else if (s.capture && s.best_capture.wdl == Wdl::kWin) {
              values_[e] = Value(s.best_capture.distance + 1);
              counters_[e] = kCannotLose;
              add(s.best_capture.distance, e);
            } else if (s.capture && s.best_capture.wdl == Wdl::kDraw) {
              counters_[e] = kCannotLose;
            } else if (s.quiet == 0 && !s.capture) {
              if (rules_.rule_set().rules().no_legal_move == NoMoveRule::kLoses) {
                values_[e] = kFinal | 1;
                add(0, e);
              } else {
                counters_[e] = kCannotLose;
              }
            } else if (s.quiet == 0) {
              values_[e] = Value(kFinal | (s.best_capture.distance + 1));
              add(s.best_capture.distance, e);
            } else {
              counters_[e] = uint8_t(s.quiet);
              if (s.capture) values_[e] = Value(s.best_capture.distance + 1);
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

  // Walks back from entry `e`, listed at distance `t`.
  void settle(uint32_t e, int t) {
    Value& v = values_[e];
    if (!(v & kFinal)) {
      v = Value(kFinal | (t + 1));  // a pending capture win nothing shortened
    } else if ((v & ~kFinal) != t + 1) {
      return;  // a pending win a quiet move made shorter
    }
    Square sq[kMaxPieces];
    rules_.decode(layout_, e / 2, sq);
    const Side moved = opponent(Side(e & 1));
    context_.predecessors(sq, moved, [&](uint64_t index) {
      const uint64_t q = index * 2 + uint64_t(moved);
      Value& pv = values_[q];
      if (pv & kFinal) return;
      if (t % 2 == 0) {
        // This position is lost for its side to move: the predecessor wins.
        const bool listed = counters_[q] == kCannotLose && pv == t + 2;
        pv = Value(kFinal | (t + 2));
        if (!listed) push(t + 1, uint32_t(q));
      } else {
        uint8_t& c = counters_[q];
        if (c == kCannotLose || --c > 0) return;
        const int floor = pv ? pv - 1 : 0;
        const int distance = std::max(t + 1, floor);
        pv = Value(kFinal | (distance + 1));
        push(distance, uint32_t(q));
      }
    });
  }

  const TbRules& rules_;
  Context context_;
  const Layout& layout_;
  std::vector<Value> values_;
  std::vector<uint8_t> counters_;
  std::vector<std::vector<uint32_t>> buckets_;
};

std::string format_seconds(double s) {
  char buf[32];
  if (s < 60) {
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  } else if (s < 3600) {
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, int(s) / 60 % 60);
  }
  return buf;
}

}  // namespace

Table solve(const TbRules& rules, Material m, const TableStore& store, int threads,
            std::atomic<uint64_t>* done) {
  Solver solver(rules, store, m);
  return solver.run(threads, done);
}

namespace {

Value one_ply(const Context& context, const TbRules& rules, const Table& own, const Square* sq,
              Side to_move) {
  const Layout& l = context.layout();
  bool any = false;
  Verdict best;
  const Successors s = context.successors(sq, to_move, [&](const Square* next) {
    Square c[kMaxPieces];
    for (int k = 0; k < l.n; ++k) c[k] = next[k];
    rules.canonicalize(l.n, c);
    const Value child = own.values[rules.index_of(l, c) * 2 + uint64_t(opponent(to_move))];
    const Verdict v = parent_view(verdict_of(child));
    if (!any || better(v, best)) best = v;
    any = true;
  });
  if (s.wins_at_once) return value_of({Wdl::kWin, 1});
  if (s.capture && (!any || better(s.best_capture, best))) best = s.best_capture;
  any = any || s.capture;
  if (!any) {
    return rules.rule_set().rules().no_legal_move == NoMoveRule::kLoses ? value_of({Wdl::kLoss, 0})
                                                                        : kDrawValue;
  }
  return value_of(best);
}

}  // namespace

uint64_t verify_table(const TableStore& store, const Table& table, int threads,
                      const std::function<void(const std::string&)>& mismatch) {
  const TbRules& rules = store.rules();
  const Context context(rules, store, table.material);
  const Layout& l = context.layout();
  std::atomic<uint64_t> bad{0}, next{0};
  std::mutex report_mutex;
  auto report = [&](const std::string& what) {
    ++bad;
    std::lock_guard lock(report_mutex);
    mismatch(what);
  };
  auto work = [&] {
    Square sq[kMaxPieces], m[kMaxPieces];
    constexpr uint64_t kChunk = 4096;
    for (;;) {
      const uint64_t begin = next.fetch_add(kChunk);
      if (begin >= l.positions) return;
      const uint64_t end = std::min(l.positions, begin + kChunk);
      for (uint64_t i = begin; i < end; ++i) {
        const bool valid = rules.decode(l, i, sq);
        for (Side us : {kBlue, kRed}) {
          const Value stored = table.values[2 * i + uint64_t(us)];
          if (!valid) {
            if (stored != kInvalid) {
              report("entry " + std::to_string(2 * i + uint64_t(us)) +
                     ": a hole of the index holds a value");
            }
            continue;
          }
          const Value found = one_ply(context, rules, table, sq, us);
          if (found != stored) {
            report(rules.fen(l, sq, us) + ": stored " + verdict_text(verdict_of(stored)) +
                   ", one-ply search finds " + verdict_text(verdict_of(found)));
          }
          if (!rules.mirrored()) continue;
          for (int k = 0; k < l.n; ++k) m[k] = rules.mirror(sq[k]);
          const Value mirrored = one_ply(context, rules, table, m, us);
          if (mirrored != stored) {
            report(rules.fen(l, m, us) + " (mirror image): stored " +
                   verdict_text(verdict_of(stored)) + ", one-ply search finds " +
                   verdict_text(verdict_of(mirrored)));
          }
        }
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return bad;
}

GenerateReport generate(const std::shared_ptr<const TbRules>& rules, const GenerateOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  std::filesystem::create_directories(opt.out);
  TableStore store(rules, opt.out);

  // The representatives asked for and, recursively, those they capture into.
  std::set<uint16_t> wanted;
  std::vector<Material> todo;
  std::vector<Material> roots = opt.materials;
  if (opt.pieces > 0) {
    for (Material m : materials_up_to(opt.pieces)) roots.push_back(m);
  }
  std::vector<Material> stack;
  for (Material m : roots) stack.push_back(rules->representative(m));
  while (!stack.empty()) {
    const Material m = stack.back();
    stack.pop_back();
    if (!wanted.insert(m.key()).second) continue;
    todo.push_back(m);
    for (int j = 0; j < m.size(); ++j) {
      const Material sub = m.without(j);
      if (sub.count(kBlue) && sub.count(kRed)) stack.push_back(rules->representative(sub));
    }
  }
  std::stable_sort(todo.begin(), todo.end(), [](Material a, Material b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  int largest = 0;
  for (Material m : todo) largest = std::max(largest, m.size());

  GenerateReport report;
  std::vector<Material> pending;
  for (Material m : todo) {
    if (store.has(m)) {
      ++report.reused;
    } else {
      pending.push_back(m);
      report.entries += rules->layout(m).entries();
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::set<uint16_t> finished;
  for (Material m : todo) {
    if (std::find(pending.begin(), pending.end(), m) == pending.end()) finished.insert(m.key());
  }
  std::vector<bool> taken(pending.size(), false);
  std::atomic<uint64_t> done{0};
  std::exception_ptr failure;
  size_t left = pending.size();

  auto ready = [&](Material m) {
    for (int j = 0; j < m.size(); ++j) {
      const Material sub = m.without(j);
      if (sub.count(kBlue) && sub.count(kRed) &&
          !finished.count(rules->representative(sub).key())) {
        return false;
      }
    }
    return true;
  };
  const int workers = std::max(1, opt.threads);
  auto worker = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      if (failure || left == 0) return;
      size_t pick = pending.size();
      for (size_t i = 0; i < pending.size(); ++i) {
        if (!taken[i] && ready(pending[i])) {
          pick = i;
          break;
        }
      }
      if (pick == pending.size()) {
        bool any_untaken = false;
        for (size_t i = 0; i < pending.size(); ++i) any_untaken = any_untaken || !taken[i];
        if (!any_untaken) return;
        changed.wait(lock);
        continue;
      }
      taken[pick] = true;
      size_t untaken = 0;
      for (size_t i = 0; i < pending.size(); ++i) untaken += !taken[i];
      const Material m = pending[pick];
      lock.unlock();
      try {
        // Alone at the end of a run, a large table takes every thread.
        const int threads = untaken == 0 ? workers : 1;
        auto table = std::make_shared<Table>(solve(*rules, m, store, threads, &done));
        const std::filesystem::path path = table_path(opt.out, m);
        write_table(path, *table);
        const uint64_t bytes = std::filesystem::file_size(path);
        if (m.size() < largest) store.put(std::move(table));
        lock.lock();
        report.bytes += bytes;
        ++report.generated;
      } catch (...) {
        lock.lock();
        failure = std::current_exception();
      }
      finished.insert(m.key());
      --left;
      changed.notify_all();
    }
  };

  std::atomic<bool> stop{false};
  std::thread reporter;
  if (opt.progress) {
    reporter = std::thread([&] {
      while (!stop) {
        for (int i = 0; i < 10 && !stop; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (stop) break;
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const uint64_t d = done.load() * 2;
        const double rate = s > 0 ? double(d) / s : 0;
        std::ostringstream line;
        {
          std::lock_guard lock(mutex);
          line << "tables " << (pending.size() - left) << "/" << pending.size() << ", ";
        }
        line << d << "/" << report.entries << " positions, " << uint64_t(rate) << " positions/s";
        if (rate > 0 && d > 0) {
          line << ", about "
               << format_seconds(double(report.entries - std::min(d, report.entries)) / rate)
               << " left";
        }
        opt.progress(line.str());
      }
    });
  }
  std::vector<std::thread> pool;
  for (int i = 1; i < workers; ++i) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  stop = true;
  if (reporter.joinable()) reporter.join();
  if (failure) std::rethrow_exception(failure);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace jungle::tb
