#include "tablebase/generate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "tablebase/context.h"
#include "tablebase/plan.h"
#include "tablebase/tablebase.h"

namespace jungle::tb {

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

  const std::vector<Material> todo = tables_to_make(*rules, opt);
  int largest = 0;
  for (Material m : todo) largest = std::max(largest, m.size());

  GenerateReport report;
  std::vector<Material> pending;
  std::set<uint16_t> finished;
  for (Material m : todo) {
    if (store.has(m)) {
      ++report.reused;
      finished.insert(m.key());
    } else {
      pending.push_back(m);
      report.entries += rules->layout(m).entries();
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::vector<bool> taken(pending.size(), false);
  std::atomic<uint64_t> done{0};
  std::exception_ptr failure;
  size_t left = pending.size();

  const int workers = std::max(1, opt.threads);
  auto worker = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      if (failure || left == 0) return;
      size_t pick = pending.size();
      for (size_t i = 0; i < pending.size(); ++i) {
        if (!taken[i] && captures_ready(*rules, pending[i], finished)) {
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
        const uint64_t bytes = write_made_table(store, std::move(table), m.size() < largest);
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
        size_t tables_done = 0;
        {
          std::lock_guard lock(mutex);
          tables_done = pending.size() - left;
        }
        opt.progress(
            progress_line(tables_done, pending.size(), done.load() * 2, report.entries, s));
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
