#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "web/engines/engine_pool.h"
#include "web/games/game_registry.h"
#include "web/server/json_fields.h"

// The review jobs (reviews.h): one job per game that searches one position
// after another on the engine pool, the table of those jobs behind one
// lock, and starting, submitting, finishing and cancelling a job. What a
// search finds is kept in the game (GameSessionBase::keep_review_finding).

namespace jungle::web {

// What a review job holds; its findings are the game's.
struct ReviewJob {
  enum class State { kRunning, kDone, kStopped, kFailed };

  ReviewJob(int64_t game_id, int64_t movetime_ms, std::string client, std::string address)
      : game_id(game_id),
        movetime_ms(movetime_ms),
        client(std::move(client)),
        address(std::move(address)) {}
  virtual ~ReviewJob() = default;

  const int64_t game_id;
  const int64_t movetime_ms;  // each position's search
  const std::string client;   // for the pool's shares
  const std::string address;
  // These are guarded by ReviewJobs::lock().
  State state = State::kRunning;
  std::string message;                   // why it stopped or failed
  std::shared_ptr<EngineTicket> ticket;  // the search on the pool now
};

// "running", "done", "stopped", "failed".
const char* review_state_name(ReviewJob::State state);

// What a review stopped by its cancelling, or by its search's, says.
inline constexpr const char* kReviewCancelled = "the review was cancelled";

// The review jobs, one per game, and the one lock over the table and every
// job's changing fields.
class ReviewJobs {
 public:
  // A job that finished is forgotten: the game keeps its findings. One
  // that stopped or failed stays, for its message.
  explicit ReviewJobs(EnginePool& pool) : pool_(pool) {}

  std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }
  // The game's job, or null. With lock() held.
  template <class Job>
  std::shared_ptr<Job> find_locked(int64_t game_id) const {
    auto it = jobs_.find(game_id);
    return it == jobs_.end() ? nullptr : std::static_pointer_cast<Job>(it->second);
  }

  // Starts `job` as its game's review unless one runs already, with
  // `first_step` (its first search submitted, the game locked by the
  // caller); GameError kUnavailable "engine_busy" when the pool refused it.
  void start(const std::shared_ptr<ReviewJob>& job, const std::function<void()>& first_step);

  // What a status answer says of a game's job.
  struct Progress {
    std::string state;  // review_state_name; "" with no job or a finished one
    std::string message;
    int64_t movetime_ms = 0;
  };
  Progress progress(int64_t game_id);
  // The answer's "status": "done" once `all_found` (and no job runs), else
  // the job's state, or "none".
  static std::string status_of(const Progress& progress, bool all_found);
  // Adds the job's "movetime_ms" and, unless it is done, its "message".
  static void add_job_fields(Json& out, const Progress& progress, const std::string& status);

  // Makes `job` its game's review, unless `stands(current)` says the game's
  // current job stands (called with the lock held; it may take from the
  // current job what the new one resumes from). False when it stands.
  bool open(const std::shared_ptr<ReviewJob>& job,
            const std::function<bool(ReviewJob& current)>& stands);
  // After a job's first step: GameError kUnavailable "engine_busy" when the
  // pool refused its first search.
  void throw_if_refused(const ReviewJob& job);
  bool running(const ReviewJob& job);

  // Submits the job's next search; a refusal fails the job, with the
  // pool's reason. With lock() not held.
  void submit(const std::shared_ptr<ReviewJob>& job, EngineJob search);
  // Ends the job as `state` if it is still running.
  void finish(const std::shared_ptr<ReviewJob>& job, ReviewJob::State state,
              std::string message = "");
  // Stops the game's job, if any, and forgets it.
  void cancel(int64_t game_id);

 private:
  EnginePool& pool_;
  std::mutex mutex_;
  std::map<int64_t, std::shared_ptr<ReviewJob>> jobs_;
};

// A search of `job` came back: runs `step` on its game, locked, and saves
// the game. As lock_game does, a copy the registry dropped is replaced by
// the stored one. Stops the job when the game was deleted, or anything
// throws.
void with_review_game(ReviewJobs& jobs, GameRegistry& games, const std::shared_ptr<ReviewJob>& job,
                      const std::function<void(GameSessionBase&)>& step);

}  // namespace jungle::web
