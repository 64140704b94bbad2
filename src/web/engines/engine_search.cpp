#include "web/engines/engine_search.h"

#include <future>
#include <memory>

namespace jungle::web {

void throw_refusal(EnginePool::Refusal why) {
  switch (why) {
    case EnginePool::Refusal::kClientBusy:
      throw GameError(ErrorKind::kTooManyJobs, "too_many_jobs",
                      "you already have your share of engine searches queued or running; wait "
                      "for one to finish");
    case EnginePool::Refusal::kAddressBusy:
      throw GameError(ErrorKind::kTooManyJobs, "too_many_jobs",
                      "your address already has its share of hints and analyses queued or "
                      "running; wait for one to finish");
    case EnginePool::Refusal::kStopping:
      throw GameError(ErrorKind::kUnavailable, "shutting_down", "the server is shutting down");
    case EnginePool::Refusal::kQueueFull:
    case EnginePool::Refusal::kNone:
      break;
  }
  throw GameError(ErrorKind::kUnavailable, "engine_busy",
                  "every engine is busy and the queue is full; try again in a moment");
}

bool run_and_wait(EnginePool& pool, EngineJob job) {
  auto done = std::make_shared<std::promise<bool>>();
  std::future<bool> finished = done->get_future();
  job.on_done = [done](const SearchResult&, bool completed) { done->set_value(completed); };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  if (!pool.submit(std::move(job), &why)) throw_refusal(why);
  return finished.get();
}

}  // namespace jungle::web
