#include "web/engines/flip_help.h"

#include <mutex>

#include "web/engines/analysis_stream.h"
#include "web/engines/engine_search.h"
#include "web/engines/flip_search_job.h"

namespace jungle::web {

Json flip_hint(EnginePool& pool, const flip::FlipPosition& pos, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address) {
  auto task = std::make_shared<FlipSearchTask>(pos, std::clamp(lines, 1, kMaxAnalysisLines));
  EngineJob job = FlipSearchTask::job(task, EngineJob::Kind::kHint, client, address, nullptr);
  job.limits = limits;
  const bool completed = run_and_wait(pool, std::move(job));
  std::lock_guard lock(task->mutex);
  if (!completed || task->last.is_null() || task->last["move"].is_null()) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  return task->last;
}

std::shared_ptr<EngineTicket> stream_flip_analysis(
    httplib::Response& res, EnginePool& pool, const flip::FlipPosition& pos,
    const SearchLimits& limits, int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event) {
  auto channel = std::make_shared<EventChannel>();
  auto task = std::make_shared<FlipSearchTask>(pos, std::clamp(lines, 1, kMaxAnalysisLines));
  EngineJob job = FlipSearchTask::job(
      task, EngineJob::Kind::kAnalysis, client, address,
      [channel](const Json& report) { channel->push(sse_event("info", report)); });
  job.limits = limits;
  job.on_done = [channel, task](const SearchResult&, bool completed) {
    Json done{{"best", nullptr},     {"depth", 0}, {"score", nullptr},
              {"expected", nullptr}, {"nodes", 0}, {"completed", completed}};
    {
      std::lock_guard lock(task->mutex);
      if (!task->last.is_null()) {
        for (const char* key : {"depth", "score", "expected", "nodes"}) done[key] = task->last[key];
        done["best"] = task->last["move"];
      }
    }
    channel->push(sse_event("done", done));
    channel->close();
  };
  channel->push(sse_event("start", start_event));
  return stream_events(res, pool, std::move(job), channel, open_streams);
}

}  // namespace jungle::web
