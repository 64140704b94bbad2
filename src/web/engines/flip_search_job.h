#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "flip/flip_search.h"
#include "web/engines/engine_pool.h"

// The flip searcher's search of one position as a job on the engine pool,
// with the pool's queue, shares and caps: what a Flip Jungle review
// submits for each ply (flip_review.h), for the values of every legal
// action there in points, which the game keeps as its findings. Hints and
// analyses go by the game interface instead (game_engine_job.h).

namespace jungle::web {

struct FlipSearchTask {
  FlipSearchTask(const flip::FlipPosition& p, int l) : pos(p), lines(l) {}

  flip::FlipPosition pos;
  int lines;  // the root actions valued exactly (FlipLimits::lines)
  std::mutex mutex;
  // Made when the job runs, not while it waits in the queue (its tables
  // take megabytes).
  std::unique_ptr<flip::FlipSearcher> searcher;
  bool stopped = false;
  // What the search returned, when it found an action.
  std::optional<flip::FlipSearchResult> result;

  // The job searching `self->pos`. The caller sets its limits and on_done.
  static EngineJob job(const std::shared_ptr<FlipSearchTask>& self, EngineJob::Kind kind,
                       const std::string& client, const std::string& address);
};

}  // namespace jungle::web
