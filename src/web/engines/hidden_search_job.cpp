#include "web/engines/hidden_search_job.h"

#include <cmath>
#include <future>

#include "core/secure_random.h"
#include "web/engines/engine_search.h"

namespace jungle::web {

namespace {

double rounded3(double x) {
  return std::round(x * 1000.0) / 1000.0;
}

}  // namespace

Json hidden_search_json(const hidden::HiddenSearchResult& r, const Geometry& board) {
  Json candidates = Json::array();
  for (const hidden::MoveValue& v : r.candidates) {
    candidates.push_back({{"move", board.move_text(v.move)},
                          {"expected", rounded3(v.expected)},
                          {"best_in", v.best_in}});
  }
  return Json{{"move", r.best.is_none() ? Json(nullptr) : Json(board.move_text(r.best))},
              {"expected", rounded3(r.expected)},
              {"worlds", r.worlds},
              {"depth", r.depth},
              {"nodes", r.nodes},
              {"candidates", candidates}};
}

EngineJob HiddenSearchTask::job(const std::shared_ptr<HiddenSearchTask>& self, EngineJob::Kind kind,
                                const std::string& client, const std::string& address) {
  EngineJob j;
  j.kind = kind;
  j.client = client;
  j.address = address;
  j.run = [self](const SearchLimits& limits) {
    hidden::HiddenSearcher* searcher = nullptr;
    {
      std::lock_guard lock(self->mutex);
      hidden::HiddenSearchOptions options;
      // The engine's own sampling of the worlds: not a chance outcome anyone
      // plays against, but drawn from the same source as everything else.
      options.seed = SecureRandom()();
      options.hash_mb = 8;
      self->searcher = std::make_unique<hidden::HiddenSearcher>(options);
      searcher = self->searcher.get();
      // A stop before now: the search then answers at once.
      if (self->stopped) searcher->stop();
    }
    hidden::HiddenLimits l;
    if (self->depth > 0) {
      l.depth = self->depth;
    } else {
      l.movetime_ms = limits.movetime_ms;
    }
    hidden::HiddenSearchResult r = searcher->search(self->view, l);
    std::lock_guard lock(self->mutex);
    self->result = std::move(r);
    self->searcher.reset();
  };
  j.stop = [self] {
    std::lock_guard lock(self->mutex);
    self->stopped = true;
    if (self->searcher) self->searcher->stop();
  };
  return j;
}

Json hidden_hint(EnginePool& pool, const hidden::PlayerView& view, int64_t movetime_ms,
                 const std::string& client, const std::string& address) {
  auto task = std::make_shared<HiddenSearchTask>(view);
  EngineJob job = HiddenSearchTask::job(task, EngineJob::Kind::kHint, client, address);
  job.limits.movetime_ms = movetime_ms;
  auto done = std::make_shared<std::promise<bool>>();
  std::future<bool> finished = done->get_future();
  job.on_done = [done](const SearchResult&, bool completed) { done->set_value(completed); };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  if (!pool.submit(std::move(job), &why)) throw_refusal(why);
  const bool completed = finished.get();
  std::lock_guard lock(task->mutex);
  if (!completed || !task->result) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  if (task->result->best.is_none()) {
    throw GameError(ErrorKind::kRefused, "no_move", "there is no move to try");
  }
  return hidden_search_json(*task->result, view.rule_set().geometry());
}

}  // namespace jungle::web
