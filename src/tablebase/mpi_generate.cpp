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

// Messages between rank 0 and the others, of 64-bit words unless said.
enum Tag : int {
  kAssign = 1,    // to a rank: {material key, threads}: make this table
  kSlice,         // to every rank: {material key}: make it together, now
  kStop,          // to every rank: {1 after a failure, else 0}
  kDone,          // to rank 0: {material key, bytes on disk, 1 made / 0 failed, positions done}
  kFail,          // to rank 0, just before a failed table's kDone: why (characters)
  kProgress,      // to rank 0: {positions this rank has finished}
  kGatherSize,    // of a sliced solve: a slice's number of values,
  kGatherValues,  // then its values (16-bit), in pieces
};

// How often a rank with nothing to do looks for messages.
constexpr auto kPollInterval = std::chrono::milliseconds(2);
// How often the other ranks tell rank 0 how far they are.
constexpr auto kProgressInterval = std::chrono::seconds(1);

// A duplicate of a communicator, so that its messages never meet another's.
class OwnComm {
 public:
  explicit OwnComm(MPI_Comm of) { MPI_Comm_dup(of, &comm_); }
  ~OwnComm() { MPI_Comm_free(&comm_); }
  OwnComm(const OwnComm&) = delete;
  OwnComm& operator=(const OwnComm&) = delete;
  MPI_Comm get() const { return comm_; }

 private:
  MPI_Comm comm_;
};

void send_words(MPI_Comm comm, int to, Tag tag, std::vector<uint64_t> words) {
  MPI_Send(words.data(), int(words.size()), MPI_UINT64_T, to, tag, comm);
}

std::vector<uint64_t> receive_words(MPI_Comm comm, const MPI_Status& probed) {
  int n = 0;
  MPI_Get_count(&probed, MPI_UINT64_T, &n);
  std::vector<uint64_t> words(size_t(std::max(n, 0)));
  MPI_Recv(words.data(), n, MPI_UINT64_T, probed.MPI_SOURCE, probed.MPI_TAG, comm,
           MPI_STATUS_IGNORE);
  words.resize(4, 0);  // short messages read as zeros
  return words;
}

std::string receive_text(MPI_Comm comm, const MPI_Status& probed) {
  int n = 0;
  MPI_Get_count(&probed, MPI_CHAR, &n);
  std::string text(size_t(std::max(n, 0)), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, probed.MPI_SOURCE, probed.MPI_TAG, comm, MPI_STATUS_IGNORE);
  return text;
}

// The first non-empty text of the ranks, in rank order, on every rank.
std::string first_text(MPI_Comm comm, const std::string& mine) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int candidate = mine.empty() ? size : rank, first = size;
  MPI_Allreduce(&candidate, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return "";
  std::string text = rank == first ? mine : "";
  int length = int(text.size());
  MPI_Bcast(&length, 1, MPI_INT, first, comm);
  text.resize(size_t(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, first, comm);
  return text;
}

[[noreturn]] void abort_job(int rank, const std::string& why) {
  std::cerr << "error: rank " << rank << ": " << why << std::endl;
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();
}

// The ranks of one sliced solve over MPI: every rank takes part.
class MpiSliceComm final : public SliceComm {
 public:
  MpiSliceComm(MPI_Comm comm, std::function<void()> on_idle)
      : comm_(comm), on_idle_(std::move(on_idle)) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  // One MPI_Alltoall of a header per rank (how many entries for it, how
  // many in all, the numbers to take the largest of), then, when any rank
  // sends anything, one MPI_Alltoallv of the entries.
  std::vector<uint32_t> exchange(const std::vector<std::vector<uint32_t> >& out,
                                 std::span<uint64_t> max) override {
    const size_t k = size_t(size_), n = max.size() + 2;
    size_t total = 0;
    for (const auto& box : out) total += box.size();
    std::vector<uint64_t> headers(k * n), received_headers(k * n);
    for (size_t r = 0; r < k; ++r) {
      headers[r * n] = out[r].size();
      headers[r * n + 1] = total;
      std::copy(max.begin(), max.end(), headers.begin() + std::ptrdiff_t(r * n + 2));
    }
    MPI_Alltoall(headers.data(), int(n), MPI_UINT64_T, received_headers.data(), int(n),
                 MPI_UINT64_T, comm_);
    bool anything = false;
    size_t incoming = 0;
    for (size_t r = 0; r < k; ++r) {
      anything = anything || received_headers[r * n + 1] > 0;
      incoming += size_t(received_headers[r * n]);
      for (size_t i = 0; i < max.size(); ++i) {
        max[i] = std::max(max[i], received_headers[r * n + 2 + i]);
      }
    }
    if (!anything) return {};
    if (total > size_t(INT_MAX) || incoming > size_t(INT_MAX)) {
      abort("too many predecessors in one exchange");
    }
    std::vector<int> send_counts(k), send_at(k), receive_counts(k), receive_at(k);
    std::vector<uint32_t> sending;
    sending.reserve(total);
    for (size_t r = 0, from = 0; r < k; ++r) {
      send_at[r] = int(sending.size());
      send_counts[r] = int(out[r].size());
      sending.insert(sending.end(), out[r].begin(), out[r].end());
      receive_at[r] = int(from);
      receive_counts[r] = int(received_headers[r * n]);
      from += size_t(received_headers[r * n]);
    }
    std::vector<uint32_t> received(incoming);
    MPI_Alltoallv(sending.data(), send_counts.data(), send_at.data(), MPI_UINT32_T, received.data(),
                  receive_counts.data(), receive_at.data(), MPI_UINT32_T, comm_);
    return received;
  }

  void max(std::span<uint64_t> values) override {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_UINT64_T, MPI_MAX, comm_);
  }

  void gather(std::span<const Value> mine, std::span<Value> rest) override {
    constexpr size_t kPiece = size_t(1) << 26;
    if (rank_ != 0) {
      uint64_t n = mine.size();
      MPI_Send(&n, 1, MPI_UINT64_T, 0, kGatherSize, comm_);
      for (size_t at = 0; at < mine.size(); at += kPiece) {
        MPI_Send(mine.data() + at, int(std::min(kPiece, mine.size() - at)), MPI_UINT16_T, 0,
                 kGatherValues, comm_);
      }
      return;
    }
    size_t at = 0;
    for (int r = 1; r < size_; ++r) {
      uint64_t n = 0;
      MPI_Recv(&n, 1, MPI_UINT64_T, r, kGatherSize, comm_, MPI_STATUS_IGNORE);
      if (n > rest.size() - at) abort("rank " + std::to_string(r) + "'s slice does not fit");
      for (size_t got = 0; got < n; got += kPiece) {
        MPI_Recv(rest.data() + at + got, int(std::min(kPiece, size_t(n) - got)), MPI_UINT16_T, r,
                 kGatherValues, comm_, MPI_STATUS_IGNORE);
      }
      at += size_t(n);
    }
    if (at != rest.size()) abort("the slices do not cover the table");
  }

  std::string first_error(const std::string& mine) override { return first_text(comm_, mine); }

  void idle() override { on_idle_(); }

  [[noreturn]] void abort(const std::string& why) override { abort_job(rank_, why); }

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::function<void()> on_idle_;
};

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
      abort_job(rank_, e.what());
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
    problem = first_text(talk_.get(), problem);
    if (!problem.empty()) throw TableError(problem);
    if (rank_ != 0 && !std::filesystem::exists(probe_path(token))) {
      problem = "rank " + std::to_string(rank_) + " does not see the files rank 0 writes into " +
                opt_.out.string() + ": --out must be a folder every rank shares";
    }
    problem = first_text(talk_.get(), problem);
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
            MPI_Send(o.error.data(), int(o.error.size()), MPI_CHAR, 0, kFail, talk_.get());
          }
          send_words(talk_.get(), 0, kDone,
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
    if (probed.MPI_TAG == kFail) {
      const std::string why = receive_text(talk_.get(), probed);
      if (error_.empty()) error_ = why;
      return true;
    }
    const std::vector<uint64_t> w = receive_words(talk_.get(), probed);
    const Material m = Material::from_key(uint16_t(w[0]));
    switch (probed.MPI_TAG) {
      case kAssign: {
        std::lock_guard lock(mutex_);
        queue_.push_back({m, int(w[1])});
        wake_.notify_one();
        return true;
      }
      case kSlice:
        slice(m);
        return true;
      case kStop:
        failed_ = w[0] != 0;
        return false;
      case kDone:
        remote_done_[size_t(probed.MPI_SOURCE)] = w[3];
        finished(probed.MPI_SOURCE, m, w[1], w[2] != 0);
        return true;
      case kProgress:
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
    send_words(talk_.get(), 0, kProgress, {done});
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
      for (int r = 1; r < size_; ++r) send_words(talk_.get(), r, kStop, {failed_ ? 1u : 0u});
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
        for (int r = 1; r < size_; ++r) send_words(talk_.get(), r, kSlice, {m.key()});
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
        send_words(talk_.get(), to, kAssign, {m.key(), uint64_t(threads)});
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
    MpiSliceComm comm(slices_.get(), [this] {
      if (rank_ != 0) {
        send_progress();
        return;
      }
      for (;;) {
        int waiting = 0;
        MPI_Status probed;
        MPI_Iprobe(MPI_ANY_SOURCE, kProgress, talk_.get(), &waiting, &probed);
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
  OwnComm talk_;    // rank 0 and the others, point to point
  OwnComm slices_;  // the collectives of sliced tables
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
  bool failed_ = false;  // on the others: told so by kStop
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
