#include "web/engines/engine_move.h"

#include <mutex>

#include "web/engines/engine_search.h"
#include "web/engines/game_engine_job.h"

namespace jungle::web {

std::pair<std::shared_ptr<EngineTicket>, std::future<EngineChoice>> submit_engine_move(
    EnginePool& pool, const game::Observation& observation, int skill, int64_t movetime_ms,
    const std::string& client, const std::string& address) {
  auto search = std::make_shared<GameSearch>();
  EngineJob job = game_engine_job(search, observation, EngineJob::Kind::kMove, client, address);
  job.game_limits.movetime_ms = movetime_ms;
  job.limits.movetime_ms = movetime_ms;
  job.skill_level = skill;
  auto promise = std::make_shared<std::promise<EngineChoice>>();
  std::future<EngineChoice> future = promise->get_future();
  job.on_done = [promise, search, observation](const SearchResult&, bool completed) {
    EngineChoice c;
    c.completed = completed;
    {
      std::lock_guard lock(search->mutex);
      if (search->answer && !search->answer->action.empty()) {
        c.action = search->answer->action;
        c.engine = game_engine_json(*search->answer, search->lines, observation);
      }
    }
    promise->set_value(std::move(c));
  };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool.submit(std::move(job), &why);
  if (!ticket) throw_refusal(why);
  return {ticket, std::move(future)};
}

}  // namespace jungle::web
