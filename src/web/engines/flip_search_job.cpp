#include "web/engines/flip_search_job.h"

namespace jungle::web {

EngineJob FlipSearchTask::job(const std::shared_ptr<FlipSearchTask>& self, EngineJob::Kind kind,
                              const std::string& client, const std::string& address) {
  EngineJob j;
  j.kind = kind;
  j.client = client;
  j.address = address;
  j.run = [self](const SearchLimits& limits) {
    flip::FlipSearcher* searcher = nullptr;
    {
      std::lock_guard lock(self->mutex);
      self->searcher = std::make_unique<flip::FlipSearcher>();
      searcher = self->searcher.get();
      if (self->stopped) searcher->stop();
    }
    flip::FlipLimits l;
    l.depth = limits.depth;
    l.movetime_ms = int(limits.movetime_ms);
    l.lines = self->lines;
    const flip::FlipSearchResult r = searcher->search(self->pos, l);
    std::lock_guard lock(self->mutex);
    if (r.has_move) self->result = r;
    self->searcher.reset();
  };
  j.stop = [self] {
    std::lock_guard lock(self->mutex);
    self->stopped = true;
    if (self->searcher) self->searcher->stop();
  };
  return j;
}

}  // namespace jungle::web
