#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "game/engine.h"
#include "game/family.h"
#include "search/engine.h"

namespace jungle::web {

// How much engine work the server does at most: a fixed number of engines,
// a bounded queue, and a cap on each request's thinking time and depth, so
// one client can neither starve the others nor exhaust memory.
struct EnginePoolLimits {
  int workers = 2;          // engines searching at once (one thread each)
  int queue_capacity = 64;  // jobs waiting for an engine; beyond it submit() refuses
  int per_client = 6;  // game moves, and hints and analyses, one client may have queued or running
  // Hints and analyses one address may have queued or running at once,
  // whatever sessions it holds: sessions are free to ask for.
  int per_address = 12;
  int hash_mb = 16;  // per engine
  int64_t max_movetime_ms = 10000;
  int64_t max_analysis_ms = 30000;
  int max_depth = 64;
};

// One search to run: a game move, or a hint or an analysis. Game moves are
// served first; hints and analyses run on all engines but one, so a game
// move never waits behind them for long.
// The most lines one analysis may ask for: each costs search time.
inline constexpr int kMaxAnalysisLines = 5;

struct EngineJob {
  // A review's search (reviews.h) is a background job as hints and
  // analyses are, with their time cap, and may value every legal action
  // (multipv up to the engines' MultiPV maximum, not kMaxAnalysisLines).
  // A tables job (kTables) is no search: the endgame tables' probe, which
  // may build a flip ending's tables for seconds, run as `task` on a worker
  // so that it has the queue, the per-client caps and the engines' count
  // as every help does.
  enum class Kind { kMove, kHint, kAnalysis, kReview, kTables };
  Kind kind = Kind::kMove;
  // The time and depth asked for, clamped by the pool (no search longer than
  // its cap) and given to the family's engine as `game_limits`.
  SearchLimits limits;
  int skill_level = 20;
  int multipv = 1;  // lines an analysis reports (1..kMaxAnalysisLines; a review more)
  // Who asked, as the server knows it (not as the client names itself):
  // `client` for the per-client cap and the turns between clients, and
  // `address`, the peer's address, for the per-address cap.
  std::string client;
  std::string address;
  // The search, by a family's engine behind the game interface
  // (game/engine.h), for every family alike: the worker's engine for
  // `family` (made once per worker, on first use) searches `observation`,
  // what one reader may see and nothing more, within `game_limits` (clamped
  // as `limits` are), at `skill_level` and with `multipv` lines.
  // `on_game_info` gets each report (from the engine's thread), `on_answer`
  // its answer, once, before on_done. A job with neither a family nor a
  // `task` runs nothing (on_done with `completed` false).
  const game::Family* family = nullptr;
  game::Observation observation;
  game::Limits game_limits;
  game::Engine::InfoCallback on_game_info;
  game::Engine::DoneCallback on_answer;
  // Set for a kTables job: run on the worker's thread in place of a search
  // (it must not throw; `completed` is true once it has run).
  std::function<void()> task;
  // Exactly once: after the search, or at once when the job was cancelled or
  // the pool shut down before it ran (`completed` false).
  std::function<void(const SearchResult&, bool completed)> on_done;
};

// A handle on a submitted job; cancel() stops it whether queued or running.
class EngineTicket {
 public:
  void cancel();
  bool cancelled() const;

 private:
  friend class EnginePool;
  mutable std::mutex mutex_;
  bool cancelled_ = false;
  std::function<void()> stop_task_;  // stops a running family engine's search
};

class EnginePool {
 public:
  explicit EnginePool(EnginePoolLimits limits);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  enum class Refusal { kNone, kQueueFull, kClientBusy, kAddressBusy, kStopping };
  // Clamps the job's limits and queues it. Returns null, saying why in
  // `why`, when the queue is full, the client (or, for a hint or analysis,
  // its address) has its share of jobs already, or the pool is shutting
  // down; on_done is then never called.
  std::shared_ptr<EngineTicket> submit(EngineJob job, Refusal* why = nullptr);
  // Cancels every job, queued or running, and joins the engines.
  void shutdown();

  struct Stats {
    int workers = 0;
    int busy = 0;
    int queued = 0;
    uint64_t completed = 0;
    uint64_t refused = 0;
  };
  Stats stats() const;
  const EnginePoolLimits& limits() const { return limits_; }

 private:
  struct Queued {
    EngineJob job;
    std::shared_ptr<EngineTicket> ticket;
  };
  void worker_loop(int index);
  // Runs a job of a family's engine (EngineJob::family) on worker `index`'s
  // engine for that family; true unless it was cancelled.
  bool run_game_engine(int index, EngineJob& job, EngineTicket& ticket);
  game::Engine& game_engine(int index, const game::Family& family);
  bool take_locked(Queued& out);
  Queued take_fairest_locked(std::deque<Queued>& queue);
  void clamp(EngineJob& job) const;
  static bool background(const EngineJob& job) { return job.kind != EngineJob::Kind::kMove; }
  // A tables probe is a lookup, not a search: it has a lane of its own (see
  // kMaxRunningLookups) rather than a place behind the hints and analyses.
  static bool lookup(const EngineJob& job) { return job.kind == EngineJob::Kind::kTables; }
  bool runnable_locked() const;
  // Jobs waiting in all three queues (the capacity counts them together).
  int queued_locked() const { return int(moves_.size() + background_.size() + lookups_.size()); }
  // A client's game moves and its hints and analyses have a share each, so
  // that hints (its own, or those of others behind the same address without
  // a session) never keep it from playing.
  static std::string share_key(const EngineJob& job) {
    return (background(job) ? "b|" : "m|") + job.client;
  }

  // Tables probes running at once. A probe is a lookup (or, the first time
  // for a flip ending, a build of a few seconds), so it runs on any idle
  // worker instead of waiting for the one the hints and analyses share:
  // behind an analysis it waited out the analysis's 15 seconds. One at a
  // time, so that probes never hold every engine.
  static constexpr int kMaxRunningLookups = 1;

  const EnginePoolLimits limits_;
  // Hints and analyses may use all engines but one, so game moves always
  // find one soon.
  const int max_running_background_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Queued> moves_;
  std::deque<Queued> background_;  // hints, analyses and reviews
  std::deque<Queued> lookups_;     // tables probes
  std::vector<std::shared_ptr<EngineTicket>> running_;
  int running_background_ = 0;  // hints, analyses and reviews running
  int running_lookups_ = 0;
  std::map<std::string, int> per_client_;   // jobs queued or running, by share_key()
  std::map<std::string, int> per_address_;  // hints and analyses queued or running, by address
  std::map<std::string, int> running_by_client_;
  int busy_ = 0;
  uint64_t completed_ = 0;
  uint64_t refused_ = 0;
  bool stopping_ = false;
  // Each worker's engines behind the game interface, by family, made on
  // first use and used by that worker's thread alone.
  std::vector<std::map<const game::Family*, std::unique_ptr<game::Engine>>> game_engines_;
  std::vector<std::thread> threads_;
};

}  // namespace jungle::web
