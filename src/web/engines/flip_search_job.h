#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "flip/flip_search.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// The flip engine's search of one position as a job on the engine pool, in
// place of the open engine's, with the pool's queue, shares and caps: a
// flip game's hint, analysis and review each submit one.

namespace jungle::web {

// What one search found (each completed depth's, or the last): "move",
// "score" and "expected" for the side to move, "side" (its colour, null
// before the first flip decides the colours), "blue_score" and
// "blue_expected" (null then too), "proven" ("win", "loss" or null),
// "win_in" (plies to a win the tree sees, negative for a loss, else null),
// "depth", "nodes", "time_ms", "nps", "pv" (the expected line up to its
// first flip) and "lines" (the best actions, each with "move", "score",
// "expected", "pv"). `pos` is the searched position (left as it was).
Json flip_search_json(const flip::FlipSearchResult& r, flip::FlipPosition& pos,
                      const flip::FlipSearcher& searcher);

struct FlipSearchTask {
  FlipSearchTask(const flip::FlipPosition& p, int l) : pos(p), lines(l) {}

  flip::FlipPosition pos;
  int lines;  // the root actions valued exactly (FlipLimits::lines)
  std::mutex mutex;
  // Made when the job runs, not while it waits in the queue (its tables
  // take megabytes).
  std::unique_ptr<flip::FlipSearcher> searcher;
  bool stopped = false;
  Json last;  // the last completed depth's report (flip_search_json); null before one
  // What the search returned, when it found an action.
  std::optional<flip::FlipSearchResult> result;

  // The job searching `self->pos`; `on_depth` sees each completed depth's
  // report (from the pool's thread). The caller sets its limits and on_done.
  static EngineJob job(const std::shared_ptr<FlipSearchTask>& self, EngineJob::Kind kind,
                       const std::string& client, const std::string& address,
                       std::function<void(const Json&)> on_depth = nullptr);
};

}  // namespace jungle::web
