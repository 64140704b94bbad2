#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "hidden/player_view.h"
#include "hidden_search/hidden_search.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// The hidden-pieces engine's search of one player's view as a job on the
// engine pool, in place of the open engine's, with the pool's queue, shares
// and caps (as flip_search_job.h does for Flip Jungle): a hidden game's
// engine move and hint each submit one. The job is given the asking
// player's view only (hidden::PlayerView), never the arbiter's truth: it
// cannot search what its player may not see.

namespace jungle::web {

// A hint's answer: "move" (null when there is no try), "expected" (0..1
// for the side to move, over the arrangements its view allows), "worlds",
// "depth", "nodes" and "candidates" (each "move", "expected", "best_in").
// For the player who asked alone: the moves its engine weighed tell of its
// own animals.
Json hidden_search_json(const hidden::HiddenSearchResult& r, const Geometry& board);

struct HiddenSearchTask {
  explicit HiddenSearchTask(hidden::PlayerView v) : view(std::move(v)) {}

  hidden::PlayerView view;
  // Below full strength: the depth of each world's search, with no time
  // limit (0: search for the pool's clamped movetime).
  int depth = 0;
  std::mutex mutex;
  // Made when the job runs, not while it waits in the queue (its tables
  // take megabytes).
  std::unique_ptr<hidden::HiddenSearcher> searcher;
  bool stopped = false;
  // What the search returned, once it has run.
  std::optional<hidden::HiddenSearchResult> result;

  // The job searching `self->view`. The caller sets its limits and on_done.
  static EngineJob job(const std::shared_ptr<HiddenSearchTask>& self, EngineJob::Kind kind,
                       const std::string& client, const std::string& address);
};

// A hint: the search of `view` (whose viewer is to move) as a hint job on
// the pool, waited for; hidden_search_json. Throws GameError when the pool
// refuses, the search is cancelled, or there is no try.
Json hidden_hint(EnginePool& pool, const hidden::PlayerView& view, int64_t movetime_ms,
                 const std::string& client, const std::string& address);

}  // namespace jungle::web
