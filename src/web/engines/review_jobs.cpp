#include "web/engines/review_jobs.h"

#include "web/engines/engine_search.h"

namespace jungle::web {

namespace {

std::string refusal_message(EnginePool::Refusal why) {
  try {
    throw_refusal(why);
  } catch (const GameError& e) {
    return e.what();
  }
}

}  // namespace

const char* review_state_name(ReviewJob::State state) {
  return state == ReviewJob::State::kRunning  ? "running"
         : state == ReviewJob::State::kDone   ? "done"
         : state == ReviewJob::State::kFailed ? "failed"
                                              : "stopped";
}

bool ReviewJobs::open(const std::shared_ptr<ReviewJob>& job,
                      const std::function<bool(ReviewJob& current)>& stands) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(job->game_id);
  if (it != jobs_.end() && stands(*it->second)) return false;
  jobs_[job->game_id] = job;
  return true;
}

void ReviewJobs::start(const std::shared_ptr<ReviewJob>& job,
                       const std::function<void()>& first_step) {
  const bool opened = open(
      job, [](const ReviewJob& current) { return current.state == ReviewJob::State::kRunning; });
  if (!opened) return;
  first_step();
  throw_if_refused(*job);
}

ReviewJobs::Progress ReviewJobs::progress(int64_t game_id) {
  std::lock_guard lock(mutex_);
  Progress p;
  auto it = jobs_.find(game_id);
  if (it == jobs_.end()) return p;
  const ReviewJob& job = *it->second;
  p.movetime_ms = job.movetime_ms;
  p.message = job.message;
  // A finished job is forgotten: the findings say whether it is done.
  if (job.state != ReviewJob::State::kDone) p.state = review_state_name(job.state);
  return p;
}

std::string ReviewJobs::status_of(const Progress& progress, bool all_found) {
  if (progress.state != "running" && all_found) return "done";
  return progress.state.empty() ? "none" : progress.state;
}

void ReviewJobs::add_job_fields(Json& out, const Progress& progress, const std::string& status) {
  if (progress.movetime_ms > 0) out["movetime_ms"] = progress.movetime_ms;
  if (!progress.message.empty() && status != "done") out["message"] = progress.message;
}

void ReviewJobs::throw_if_refused(const ReviewJob& job) {
  std::lock_guard lock(mutex_);
  if (job.state == ReviewJob::State::kFailed) {
    throw GameError(ErrorKind::kUnavailable, "engine_busy",
                    "the review could not start: " + job.message);
  }
}

bool ReviewJobs::running(const ReviewJob& job) {
  std::lock_guard lock(mutex_);
  return job.state == ReviewJob::State::kRunning;
}

void ReviewJobs::submit(const std::shared_ptr<ReviewJob>& job, EngineJob search) {
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool_.submit(std::move(search), &why);
  if (!ticket) {
    finish(job, ReviewJob::State::kFailed, refusal_message(why));
    return;
  }
  std::lock_guard lock(mutex_);
  job->ticket = ticket;
  // Cancelled while it was being submitted.
  if (job->state != ReviewJob::State::kRunning) ticket->cancel();
}

void ReviewJobs::finish(const std::shared_ptr<ReviewJob>& job, ReviewJob::State state,
                        std::string message) {
  std::lock_guard lock(mutex_);
  if (job->state != ReviewJob::State::kRunning) return;
  job->state = state;
  job->message = std::move(message);
  if (state == ReviewJob::State::kDone) {
    auto it = jobs_.find(job->game_id);
    if (it != jobs_.end() && it->second == job) jobs_.erase(it);
  }
}

void ReviewJobs::cancel(int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(game_id);
  if (it == jobs_.end()) return;
  const std::shared_ptr<ReviewJob> job = it->second;
  jobs_.erase(it);
  if (job->state == ReviewJob::State::kRunning) {
    job->state = ReviewJob::State::kStopped;
    job->message = kReviewCancelled;
  }
  if (job->ticket) job->ticket->cancel();
}

void with_review_game(ReviewJobs& jobs, GameRegistry& games, const std::shared_ptr<ReviewJob>& job,
                      const std::function<void(GameSessionBase&)>& step) {
  try {
    for (int attempt = 0;; ++attempt) {
      std::shared_ptr<GameSessionBase> game = games.get(job->game_id);
      if (!game) {
        jobs.finish(job, ReviewJob::State::kStopped, "the game was deleted");
        return;
      }
      std::unique_lock lock(game->mutex());
      if (game->detached && attempt == 0) continue;
      if (game->detached) {
        jobs.finish(job, ReviewJob::State::kStopped, "the game was deleted");
        return;
      }
      step(*game);
      games.save(*game);
      return;
    }
  } catch (const std::exception& e) {
    jobs.finish(job, ReviewJob::State::kStopped, e.what());
  }
}

}  // namespace jungle::web
