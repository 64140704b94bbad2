#include "ui/web/flip_help.h"

#include <cmath>
#include <future>
#include <mutex>

#include "ui/web/analysis_stream.h"
#include "ui/web/engine_search.h"
#include "ui/web/flip_search_job.h"

namespace jungle::web {

namespace {

// The scale of the 7x9 page's curve (src/ui/web/assets/js/format.js), in
// centipawns, and the protocol's centipawns per flip point.
constexpr double kExpectedScaleCp = 250.0;
constexpr double kCpPerPoint = 10.0;

// `x` to `places` decimals (the JSON then shows no binary noise).
double rounded(double x, int places) {
  const double scale = std::pow(10.0, places);
  return std::round(x * scale) / scale;
}

Json side_json(const flip::FlipPosition& pos) {
  if (!pos.colours_known()) return nullptr;
  return pos.side_to_move() == kBlue ? "blue" : "red";
}

}  // namespace

double flip_expected(double score) {
  if (score > flip::kFlipEvalMax) return 1.0;
  if (score < -flip::kFlipEvalMax) return 0.0;
  return 1.0 / (1.0 + std::exp(-score * kCpPerPoint / kExpectedScaleCp));
}

Json flip_search_json(const flip::FlipSearchResult& r, flip::FlipPosition& pos,
                      const flip::FlipSearcher& searcher) {
  auto pv_json = [&](flip::Action first) {
    Json pv = Json::array();
    for (flip::Action a : searcher.principal_line(pos, first)) pv.push_back(flip::action_text(a));
    return pv;
  };
  Json lines = Json::array();
  for (const flip::FlipLine& l : r.lines) {
    lines.push_back({{"move", flip::action_text(l.action)},
                     {"score", rounded(l.score, 2)},
                     {"expected", rounded(flip_expected(l.score), 3)},
                     {"pv", pv_json(l.action)}});
  }
  const bool known = pos.colours_known();
  const double blue = pos.side_to_move() == kBlue ? r.score : -r.score;
  Json proven = nullptr, win_in = nullptr;
  if (r.proven) proven = r.score > 0 ? "win" : "loss";
  if (r.plies_to_end != 0) win_in = r.plies_to_end;
  return Json{{"move", r.has_move ? Json(flip::action_text(r.best)) : Json(nullptr)},
              {"score", rounded(r.score, 2)},
              {"expected", rounded(flip_expected(r.score), 3)},
              {"side", side_json(pos)},
              {"blue_score", known ? Json(rounded(blue, 2)) : Json(nullptr)},
              {"blue_expected", known ? Json(rounded(flip_expected(blue), 3)) : Json(nullptr)},
              {"proven", proven},
              {"win_in", win_in},
              {"depth", r.depth},
              {"nodes", r.nodes},
              {"time_ms", r.time_ms},
              {"nps", r.time_ms > 0 ? r.nodes * 1000 / uint64_t(r.time_ms) : r.nodes},
              {"pv", r.has_move ? pv_json(r.best) : Json::array()},
              {"lines", lines}};
}

Json flip_hint(EnginePool& pool, const flip::FlipPosition& pos, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address) {
  auto task = std::make_shared<FlipSearchTask>(pos, std::clamp(lines, 1, kMaxAnalysisLines));
  EngineJob job = FlipSearchTask::job(task, EngineJob::Kind::kHint, client, address, nullptr);
  job.limits = limits;
  auto done = std::make_shared<std::promise<bool>>();
  std::future<bool> finished = done->get_future();
  job.on_done = [done](const SearchResult&, bool completed) { done->set_value(completed); };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  if (!pool.submit(std::move(job), &why)) throw_refusal(why);
  const bool completed = finished.get();
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
