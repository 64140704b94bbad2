#include "web/engines/engine_pool.h"

#include <algorithm>
#include <limits>

#include "game/option_limits.h"

namespace jungle::web {

void EngineTicket::cancel() {
  std::lock_guard lock(mutex_);
  cancelled_ = true;
  if (stop_task_) stop_task_();
}

bool EngineTicket::cancelled() const {
  std::lock_guard lock(mutex_);
  return cancelled_;
}

EnginePool::EnginePool(EnginePoolLimits limits)
    : limits_(limits), max_running_background_(std::max(1, limits.workers - 1)) {
  const int n = std::max(1, limits_.workers);
  game_engines_.resize(size_t(n));
  for (int i = 0; i < n; ++i) threads_.emplace_back(&EnginePool::worker_loop, this, i);
}

EnginePool::~EnginePool() {
  shutdown();
}

void EnginePool::clamp(EngineJob& job) const {
  SearchLimits& l = job.limits;
  const int64_t cap = job.kind == EngineJob::Kind::kAnalysis || job.kind == EngineJob::Kind::kReview
                          ? limits_.max_analysis_ms
                          : limits_.max_movetime_ms;
  // Every job ends by the clock whatever else it asks: no infinite searches,
  // no clocks to plan with, at most the cap.
  l.infinite = false;
  l.time_ms[kBlue] = l.time_ms[kRed] = -1;
  l.inc_ms[kBlue] = l.inc_ms[kRed] = 0;
  l.movestogo = 0;
  l.movetime_ms = l.movetime_ms <= 0 ? cap : std::min(l.movetime_ms, cap);
  l.depth = l.depth <= 0 ? limits_.max_depth : std::min(l.depth, limits_.max_depth);
  job.skill_level = std::clamp(job.skill_level, 0, 20);
  job.multipv = std::clamp(
      job.multipv, 1,
      job.kind == EngineJob::Kind::kReview ? game::option_limits::kMaxMultiPv : kMaxAnalysisLines);
  // The same bounds for a family's engine: its time at most the cap, a
  // depth only where one was asked for (a hidden game's engine reads a
  // depth alone as "no time limit").
  game::Limits& g = job.game_limits;
  g.infinite = false;
  g.time_ms = {-1, -1};
  g.inc_ms = {0, 0};
  g.moves_to_go = 0;
  g.movetime_ms = l.movetime_ms;
  if (g.depth > 0) g.depth = std::min(g.depth, limits_.max_depth);
}

std::shared_ptr<EngineTicket> EnginePool::submit(EngineJob job, Refusal* why) {
  clamp(job);
  auto ticket = std::make_shared<EngineTicket>();
  {
    std::lock_guard lock(mutex_);
    const bool low = background(job);
    Refusal refusal = Refusal::kNone;
    auto count = [](const std::map<std::string, int>& m, const std::string& key) {
      auto it = m.find(key);
      return it == m.end() ? 0 : it->second;
    };
    if (stopping_) {
      refusal = Refusal::kStopping;
    } else if (queued_locked() >= limits_.queue_capacity) {
      refusal = Refusal::kQueueFull;
    } else if (count(per_client_, share_key(job)) >= limits_.per_client) {
      refusal = Refusal::kClientBusy;
    } else if (low && count(per_address_, job.address) >= limits_.per_address) {
      refusal = Refusal::kAddressBusy;
    }
    if (why) *why = refusal;
    if (refusal != Refusal::kNone) {
      ++refused_;
      return nullptr;
    }
    ++per_client_[share_key(job)];
    if (low) ++per_address_[job.address];
    auto& queue = lookup(job) ? lookups_ : low ? background_ : moves_;
    queue.push_back(Queued{std::move(job), ticket});
  }
  wake_.notify_all();
  return ticket;
}

EnginePool::Queued EnginePool::take_fairest_locked(std::deque<Queued>& queue) {
  // The oldest job of the client with the fewest searches running: a client
  // with many jobs queued takes turns with the others instead of going first.
  auto best = queue.begin();
  int best_running = std::numeric_limits<int>::max();
  for (auto it = queue.begin(); it != queue.end() && best_running > 0; ++it) {
    auto r = running_by_client_.find(it->job.client);
    const int running = r == running_by_client_.end() ? 0 : r->second;
    if (running < best_running) {
      best = it;
      best_running = running;
    }
  }
  Queued out = std::move(*best);
  queue.erase(best);
  return out;
}

bool EnginePool::runnable_locked() const {
  return !moves_.empty() || (!lookups_.empty() && running_lookups_ < kMaxRunningLookups) ||
         (!background_.empty() && running_background_ < max_running_background_);
}

bool EnginePool::take_locked(Queued& out) {
  if (!moves_.empty()) {
    out = take_fairest_locked(moves_);
    return true;
  }
  if (!lookups_.empty() && running_lookups_ < kMaxRunningLookups) {
    out = take_fairest_locked(lookups_);
    return true;
  }
  if (!background_.empty() && running_background_ < max_running_background_) {
    out = take_fairest_locked(background_);
    return true;
  }
  return false;
}

void EnginePool::worker_loop(int index) {
  for (;;) {
    Queued item;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || runnable_locked(); });
      if (stopping_) return;
      take_locked(item);
      ++busy_;
      if (lookup(item.job)) {
        ++running_lookups_;
      } else if (background(item.job)) {
        ++running_background_;
      }
      ++running_by_client_[item.job.client];
      running_.push_back(item.ticket);
    }
    EngineJob& job = item.job;
    SearchResult result;
    bool completed = false;
    if (item.ticket->cancelled()) {
      // Cancelled while queued: nothing runs.
    } else if (job.task) {
      job.task();
      completed = true;
    } else if (job.family) {
      completed = run_game_engine(index, job, *item.ticket);
    }
    {
      std::lock_guard lock(mutex_);
      --busy_;
      if (lookup(job)) {
        --running_lookups_;
      } else if (background(job)) {
        --running_background_;
      }
      if (background(job) && --per_address_[job.address] <= 0) per_address_.erase(job.address);
      std::erase(running_, item.ticket);
      if (const std::string key = share_key(job); --per_client_[key] <= 0) per_client_.erase(key);
      if (--running_by_client_[job.client] <= 0) running_by_client_.erase(job.client);
      ++completed_;
    }
    wake_.notify_all();
    if (job.on_done) job.on_done(result, completed);
  }
}

game::Engine& EnginePool::game_engine(int index, const game::Family& family) {
  std::unique_ptr<game::Engine>& engine = game_engines_[size_t(index)][&family];
  if (!engine) {
    engine = family.make_engine();
    // The pool's table size and one thread each, where the engine takes them.
    for (const game::OptionSpec& o : engine->options()) {
      if (o.name == "Hash")
        engine->set_option("Hash", std::to_string(std::max(1, limits_.hash_mb)));
      if (o.name == "Threads") engine->set_option("Threads", "1");
    }
  }
  return *engine;
}

bool EnginePool::run_game_engine(int index, EngineJob& job, EngineTicket& ticket) {
  game::Engine& engine = game_engine(index, *job.family);
  for (const game::OptionSpec& o : engine.options()) {
    if (o.name == "Skill Level") engine.set_option(o.name, std::to_string(job.skill_level));
    if (o.name == "MultiPV") engine.set_option(o.name, std::to_string(job.multipv));
  }
  {
    std::lock_guard lock(ticket.mutex_);
    if (ticket.cancelled_) return false;
    ticket.stop_task_ = [&engine] { engine.stop(); };
  }
  // Each answer from the reader's Observation alone: the worker's engine
  // keeps its tables between jobs, and a table filled by another reader's
  // search (in a hidden game the opponent's, which knows its own animals)
  // would steer this one by what its reader may not see. Clearing costs a
  // few milliseconds of the pool's small tables.
  engine.new_game();
  try {
    engine.go(job.observation, job.game_limits, job.on_game_info, job.on_answer);
  } catch (const std::exception&) {
    // An observation the engine cannot search (validated by the session
    // that made it, so not expected): no answer, as a cancelled job.
    std::lock_guard lock(ticket.mutex_);
    ticket.stop_task_ = nullptr;
    return false;
  }
  {
    // A cancel between publishing the stop and go() starting the search
    // may have found nothing running; repeat it.
    std::lock_guard lock(ticket.mutex_);
    if (ticket.cancelled_) engine.stop();
  }
  engine.wait();
  std::lock_guard lock(ticket.mutex_);
  ticket.stop_task_ = nullptr;
  return !ticket.cancelled_;
}

void EnginePool::shutdown() {
  std::deque<Queued> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    for (auto& q : moves_) dropped.push_back(std::move(q));
    for (auto& q : background_) dropped.push_back(std::move(q));
    for (auto& q : lookups_) dropped.push_back(std::move(q));
    moves_.clear();
    background_.clear();
    lookups_.clear();
    for (auto& t : running_) t->cancel();
  }
  wake_.notify_all();
  for (auto& q : dropped) {
    q.ticket->cancel();
    if (q.job.on_done) q.job.on_done(SearchResult{}, false);
  }
  for (auto& t : threads_) t.join();
  threads_.clear();
}

EnginePool::Stats EnginePool::stats() const {
  std::lock_guard lock(mutex_);
  Stats s;
  s.workers = int(game_engines_.size());
  s.busy = busy_;
  s.queued = queued_locked();
  s.completed = completed_;
  s.refused = refused_;
  return s;
}

}  // namespace jungle::web
