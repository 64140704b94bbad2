#include "tablebase/mpi_generate.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#if JUNGLE_MPI
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "tablebase/mpi_messages.h"
#include "tablebase/plan.h"
#include "tablebase/solver.h"
#endif

namespace jungle::tb {

namespace {

std::optional<int> environment_number(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text) return std::nullopt;
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (*end || v < 0 || v > (1L << 24)) return std::nullopt;
  return int(v);
}

}  // namespace

std::optional<MpiLaunch> mpi_launch() {
  // Open MPI's mpirun; then the PMI that MPICH's and Intel's launchers set.
  static constexpr const char* kVariables[][2] = {{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                                                  {"PMI_RANK", "PMI_SIZE"}};
  for (const auto& names : kVariables) {
    const std::optional<int> rank = environment_number(names[0]);
    const std::optional<int> size = environment_number(names[1]);
    if (rank && size && *size >= 1 && *rank < *size) return MpiLaunch{*rank, *size};
  }
  return std::nullopt;
}

#if !JUNGLE_MPI

bool mpi_built() {
  return false;
}

MpiJob::MpiJob() {
  throw std::runtime_error("this jungle was built without MPI");
}

MpiJob::~MpiJob() = default;

void MpiJob::barrier() const {}

GenerateReport generate_distributed(const MpiJob&, const std::shared_ptr<const TbRules>&,
                                    const GenerateOptions&) {
  throw std::runtime_error("this jungle was built without MPI");
}

#else

bool mpi_built() {
  return true;
}

MpiJob::MpiJob() {
  // Only the main thread calls MPI; the generator's threads compute.
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    throw std::runtime_error("MPI does not start");
  }
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    throw std::runtime_error("this MPI library does not allow threads beside the one calling it");
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiJob::~MpiJob() {
  MPI_Finalize();
}

void MpiJob::barrier() const {
  MPI_Barrier(MPI_COMM_WORLD);
}

namespace {
// How often a rank with nothing to do looks for messages.
constexpr auto kPollInterval = std::chrono::milliseconds(2);
// How often the other ranks tell rank 0 how far they are.
constexpr auto kProgressInterval = std::chrono::seconds(1);

// One run over the ranks. Every rank has `threads` workers that make whole
// tables and a main thread that talks to the other ranks (and makes its
// slice of a sliced table); rank 0's main thread also hands out the work.
class DistributedRun {
 public:
  DistributedRun(const MpiJob& job, const std::shared_ptr<const TbRules>& rules,
                 const GenerateOptions& opt)
      : rank_(job.rank()),
        size_(job.size()),
        rules_(rules),
        opt_(opt),
        threads_(std::max(1, opt.threads)),
        store_(rules, opt.out),
        talk_(MPI_COMM_WORLD),
        slices_(MPI_COMM_WORLD),
        remote_done_(new std::atomic<uint64_t>[size_t(job.size())]) {
    for (int r = 0; r < size_; ++r) remote_done_[size_t(r)] = 0;
  }

  GenerateReport run() {
    start_ = std::chrono::steady_clock::now();
    check_shared_folder();
    const std::vector<Material> todo = tables_to_make(*rules_, opt_);
    for (Material m : todo) largest_ = std::max(largest_, m.size());
    if (rank_ == 0) plan(todo);

    std::vector<std::thread> pool;
    for (int i = 0; i < threads_; ++i) pool.emplace_back([this] { work(); });
    std::atomic<bool> stop_reporting{false};
    std::thread reporter;
    if (rank_ == 0 && opt_.progress) {
      reporter = std::thread([&] {
        while (!stop_reporting) {
          for (int i = 0; i < 10 && !stop_reporting; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
          }
          if (!stop_reporting) opt_.progress(progress());
        }
      });
    }
    try {
      loop();
    } catch (const std::exception& e) {
      mpi::abort_job(rank_, e.what());
    }
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : pool) t.join();
    stop_reporting = true;
    if (reporter.joinable()) reporter.join();

    if (failed_) {
      throw TableError(rank_ == 0 ? error_ : "stopped: a table failed on another rank");
    }
    if (rank_ != 0) return {};
    report_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    report_.ranks = size_;
    return report_;
  }

 private:
  struct Assignment {
    Material material;
    int threads = 1;
  };
  struct Outcome {
    Material material;
    uint64_t bytes = 0;
    std::string error;  // "" when made
  };

  // Rank 0 writes a file into the folder; every rank must see it there.
  void check_shared_folder() {
    std::string problem;
    uint64_t token = 0;
    if (rank_ == 0) {
      try {
        std::filesystem::create_directories(opt_.out);
        token = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                (uint64_t(::getpid()) << 32);
        std::ofstream(probe_path(token)) << "jungle tb gen: every MPI rank must see this file\n";
        if (!std::filesystem::exists(probe_path(token))) {
          problem = opt_.out.string() + ": cannot write there";
        }
      } catch (const std::exception& e) {
        problem = e.what();
      }
    }
    MPI_Bcast(&token, 1, MPI_UINT64_T, 0, talk_.get());
    problem = mpi::first_text(talk_.get(), problem);
    if (!problem.empty()) throw TableError(problem);
    if (rank_ != 0 && !std::filesystem::exists(probe_path(token))) {
      problem = "rank " + std::to_string(rank_) + " does not see the files rank 0 writes into " +
                opt_.out.string() + ": --out must be a folder every rank shares";
    }
    problem = mpi::first_text(talk_.get(), problem);
    if (rank_ == 0) {
      std::error_code ignored;
      std::filesystem::remove(probe_path(token), ignored);
    }
    if (!problem.empty()) throw TableError(problem);
  }

  std::filesystem::path probe_path(uint64_t token) const {
    return opt_.out / (".jungle-mpi-" + std::to_string(token));
  }

  // Rank 0: what is left to make, and what each waits for.
  void plan(const std::vector<Material>& todo) {
    for (Material m : todo) {
      if (store_.has(m)) {
        ++report_.reused;
        finished_.insert(m.key());
      } else {
        pending_.push_back(m);
        report_.entries += rules_->layout(m).entries();
      }
    }
    for (Material m : pending_) {
      std::vector<uint16_t> needs;
      for (int j = 0; j < m.size(); ++j) {
        const Material sub = m.without(j);
        if (sub.count(kBlue) && sub.count(kRed)) needs.push_back(rules_->representative(sub).key());
      }
      needs_.push_back(std::move(needs));
    }
    taken_.assign(pending_.size(), false);
    left_ = pending_.size();
    running_.assign(size_t(size_), 0);
  }

  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      const Assignment a = queue_.front();
      queue_.pop_front();
      lock.unlock();
      Outcome outcome{a.material, 0, ""};
      try {
        auto table = std::make_shared<Table>(solve(*rules_, a.material, store_, a.threads, &done_));
        outcome.bytes = write_made_table(store_, std::move(table), a.material.size() < largest_);
      } catch (const std::exception& e) {
        outcome.error = e.what();
      }
      lock.lock();
      outcomes_.push_back(std::move(outcome));
    }
  }

  void loop() {
    for (;;) {
      bool quiet = true;
      for (;;) {
        int waiting = 0;
        MPI_Status probed;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, talk_.get(), &waiting, &probed);
        if (!waiting) break;
        quiet = false;
        if (!handle(probed)) return;
      }
      std::vector<Outcome> outcomes;
      {
        std::lock_guard lock(mutex_);
        outcomes.swap(outcomes_);
      }
      for (const Outcome& o : outcomes) {
        quiet = false;
        if (rank_ == 0) {
          if (!o.error.empty() && error_.empty()) error_ = o.error;
          finished(0, o.material, o.bytes, o.error.empty());
        } else {
          if (!o.error.empty()) {
            MPI_Send(o.error.data(), int(o.error.size()), MPI_CHAR, 0, mpi::kFail, talk_.get());
          }
          mpi::send_words(talk_.get(), 0, mpi::kDone,
                          {o.material.key(), o.bytes, o.error.empty() ? 1u : 0u, done_.load()});
        }
      }
      if (rank_ != 0) {
        send_progress();
      } else if (!dispatch()) {
        return;
      }
      if (quiet) std::this_thread::sleep_for(kPollInterval);
    }
  }

  // Returns false for the message that ends the run.
  bool handle(const MPI_Status& probed) {
    if (probed.MPI_TAG == mpi::kFail) {
      const std::string why = mpi::receive_text(talk_.get(), probed);
      if (error_.empty()) error_ = why;
      return true;
    }
    const std::vector<uint64_t> w = mpi::receive_words(talk_.get(), probed);
    const Material m = Material::from_key(uint16_t(w[0]));
    switch (probed.MPI_TAG) {
      case mpi::kAssign: {
        std::lock_guard lock(mutex_);
        queue_.push_back({m, int(w[1])});
        wake_.notify_one();
        return true;
      }
      case mpi::kSlice:
        slice(m);
        return true;
      case mpi::kStop:
        failed_ = w[0] != 0;
        return false;
      case mpi::kDone:
        remote_done_[size_t(probed.MPI_SOURCE)] = w[3];
        finished(probed.MPI_SOURCE, m, w[1], w[2] != 0);
        return true;
      case mpi::kProgress:
        remote_done_[size_t(probed.MPI_SOURCE)] = w[0];
        return true;
      default:
        throw std::runtime_error("unexpected message " + std::to_string(probed.MPI_TAG));
    }
  }

  void send_progress() {
    const auto now = std::chrono::steady_clock::now();
    const uint64_t done = done_.load();
    if (now - last_progress_ < kProgressInterval || done == progress_sent_) return;
    mpi::send_words(talk_.get(), 0, mpi::kProgress, {done});
    last_progress_ = now;
    progress_sent_ = done;
  }

  // Rank 0: a table is done (`rank` -1 for one made by all of them).
  void finished(int rank, Material m, uint64_t bytes, bool made) {
    if (rank >= 0) --running_[size_t(rank)];
    finished_.insert(m.key());
    --left_;
    ++tables_done_;
    if (made) {
      report_.bytes += bytes;
      ++report_.generated;
    } else {
      failed_ = true;
    }
    dirty_ = true;
  }

  // Rank 0: hands out every material that can start; false once the run
  // is over and every rank was told to stop.
  bool dispatch() {
    int busy = 0;
    for (int n : running_) busy += n;
    if (failed_ ? busy == 0 : left_ == 0) {
      for (int r = 1; r < size_; ++r)
        mpi::send_words(talk_.get(), r, mpi::kStop, {failed_ ? 1u : 0u});
      return false;
    }
    if (failed_ || !dirty_) return true;
    dirty_ = false;
    for (size_t i = 0; i < pending_.size(); ++i) {
      if (taken_[i] || !ready(i)) continue;
      const Material m = pending_[i];
      if (size_ > 1 && rules_->layout(m).entries() >= opt_.slice_entries) {
        // It waits for the tables in progress, and nothing starts before it.
        if (busy > 0) return true;
        taken_[i] = true;
        for (int r = 1; r < size_; ++r) mpi::send_words(talk_.get(), r, mpi::kSlice, {m.key()});
        slice(m);
        return true;
      }
      int to = -1;
      for (int r = 0; r < size_; ++r) {
        if (running_[size_t(r)] < threads_ &&
            (to < 0 || running_[size_t(r)] < running_[size_t(to)])) {
          to = r;
        }
      }
      if (to < 0) return true;  // a rank that finishes a table asks again
      taken_[i] = true;
      ++running_[size_t(to)];
      ++busy;
      // As in one process: the last table to start takes every thread of its rank.
      const bool last = std::find(taken_.begin(), taken_.end(), false) == taken_.end();
      const int threads = last ? threads_ : 1;
      if (to == 0) {
        std::lock_guard lock(mutex_);
        queue_.push_back({m, threads});
        wake_.notify_one();
      } else {
        mpi::send_words(talk_.get(), to, mpi::kAssign, {m.key(), uint64_t(threads)});
      }
    }
    return true;
  }

  bool ready(size_t i) const {
    for (uint16_t key : needs_[i]) {
      if (!finished_.count(key)) return false;
    }
    return true;
  }

  // Every rank, together: one table, each a slice of its index.
  void slice(Material m) {
    mpi::MpiSliceComm comm(slices_.get(), [this] {
      if (rank_ != 0) {
        send_progress();
        return;
      }
      for (;;) {
        int waiting = 0;
        MPI_Status probed;
        MPI_Iprobe(MPI_ANY_SOURCE, mpi::kProgress, talk_.get(), &waiting, &probed);
        if (!waiting) return;
        handle(probed);
      }
    });
    std::string error;
    uint64_t bytes = 0;
    try {
      Table table = solve_sliced(*rules_, m, store_, threads_, &done_, comm);
      if (rank_ == 0) {
        bytes = write_made_table(store_, std::make_shared<Table>(std::move(table)),
                                 m.size() < largest_);
      }
    } catch (const std::exception& e) {
      error = e.what();  // the same on every rank when solving failed
    }
    if (rank_ != 0) return;
    if (!error.empty() && error_.empty()) error_ = error;
    if (error.empty()) ++report_.sliced;
    finished(-1, m, bytes, error.empty());
  }

  std::string progress() const {
    uint64_t done = done_.load();
    for (int r = 1; r < size_; ++r) done += remote_done_[size_t(r)].load();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return progress_line(tables_done_.load(), pending_.size(), done * 2, report_.entries, seconds);
  }

  const int rank_, size_;
  const std::shared_ptr<const TbRules> rules_;
  const GenerateOptions& opt_;
  const int threads_;
  TableStore store_;
  mpi::OwnComm talk_;    // rank 0 and the others, point to point
  mpi::OwnComm slices_;  // the collectives of sliced tables
  std::chrono::steady_clock::time_point start_;
  int largest_ = 0;

  // This rank's workers.
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Assignment> queue_;
  std::vector<Outcome> outcomes_;
  bool stopping_ = false;
  std::atomic<uint64_t> done_{0};  // positions this rank finished
  std::chrono::steady_clock::time_point last_progress_;
  uint64_t progress_sent_ = 0;

  // Rank 0's plan and bookkeeping (the main thread's; the reporter reads atomics).
  std::vector<Material> pending_;
  std::vector<std::vector<uint16_t> > needs_;
  std::vector<bool> taken_;
  std::set<uint16_t> finished_;
  size_t left_ = 0;
  std::vector<int> running_;
  bool dirty_ = true;
  bool failed_ = false;  // on the others: told so by mpi::kStop
  std::string error_;
  std::atomic<size_t> tables_done_{0};
  std::unique_ptr<std::atomic<uint64_t>[]> remote_done_;
  GenerateReport report_;
};

}  // namespace

GenerateReport generate_distributed(const MpiJob& job, const std::shared_ptr<const TbRules>& rules,
                                    const GenerateOptions& opt) {
  DistributedRun run(job, rules, opt);
  return run.run();
}

#endif

}  // namespace jungle::tb
