#include "web/engines/engine_search.h"

#include <mutex>

namespace jungle::web {

namespace {
struct SearchWait {
  std::promise<Searched> promise;
  std::mutex mutex;
  SearchInfo last_info;
};
}  // namespace

std::pair<std::shared_ptr<EngineTicket>, std::future<Searched>> submit_search(EnginePool& pool,
                                                                              EngineJob job) {
  auto wait = std::make_shared<SearchWait>();
  std::future<Searched> future = wait->promise.get_future();
  job.on_info = [wait](const SearchInfo& info) {
    std::lock_guard lock(wait->mutex);
    wait->last_info = info;
  };
  job.on_done = [wait](const SearchResult& r, bool completed) {
    std::lock_guard lock(wait->mutex);
    wait->promise.set_value(Searched{r, wait->last_info, completed});
  };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::shared_ptr<EngineTicket> ticket = pool.submit(std::move(job), &why);
  if (!ticket) throw_refusal(why);
  return {ticket, std::move(future)};
}

Json engine_json(const SearchResult& r, const SearchInfo& last, Side side_to_move,
                 const Geometry& board) {
  Json j = search_info_json(last, side_to_move, board);
  j["move"] = r.best.is_none() ? Json(nullptr) : Json(board.move_text(r.best));
  if (last.pv.empty()) {
    j["score"] = r.score;
    j["blue_score"] = side_to_move == kBlue ? r.score : -r.score;
    j["depth"] = r.depth;
  }
  // Below full strength the engine may play another move than the line it
  // found; a pv that does not begin with the move played would mislead.
  if (!r.best.is_none() && j.contains("pv") && j["pv"].is_array() && !j["pv"].empty() &&
      j["pv"][0] != board.move_text(r.best)) {
    j["pv"] = Json::array({board.move_text(r.best)});
  }
  return j;
}

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

Json search_info_json(const SearchInfo& info, Side side_to_move, const Geometry& board) {
  Json pv = Json::array();
  for (Move m : info.pv) pv.push_back(board.move_text(m));
  const int blue_score = side_to_move == kBlue ? info.score : -info.score;
  Json mate = nullptr;  // moves to a forced win, negative when the side to move loses
  if (const int moves = mate_in_moves(info.score)) mate = moves;
  return Json{
      {"depth", info.depth},
      {"multipv", info.multipv},
      {"seldepth", info.seldepth},
      {"score", info.score},
      {"blue_score", blue_score},
      {"mate", mate},
      {"bound", info.bound == kBoundLower   ? "lower"
                : info.bound == kBoundUpper ? "upper"
                                            : "exact"},
      {"nodes", info.nodes},
      {"time_ms", info.time_ms},
      {"nps", info.time_ms > 0 ? info.nodes * 1000 / uint64_t(info.time_ms) : info.nodes},
      {"pv", pv},
  };
}

}  // namespace jungle::web
