#include "web/engines/flip_search_job.h"

#include <cmath>

namespace jungle::web {

namespace {

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
                     {"expected", rounded(flip::expected_of_points(l.score), 3)},
                     {"pv", pv_json(l.action)}});
  }
  const bool known = pos.colours_known();
  const double blue = pos.side_to_move() == kBlue ? r.score : -r.score;
  Json proven = nullptr, win_in = nullptr;
  if (r.proven) proven = r.score > 0 ? "win" : "loss";
  if (r.plies_to_end != 0) win_in = r.plies_to_end;
  return Json{
      {"move", r.has_move ? Json(flip::action_text(r.best)) : Json(nullptr)},
      {"score", rounded(r.score, 2)},
      {"expected", rounded(flip::expected_of_points(r.score), 3)},
      {"side", side_json(pos)},
      {"blue_score", known ? Json(rounded(blue, 2)) : Json(nullptr)},
      {"blue_expected", known ? Json(rounded(flip::expected_of_points(blue), 3)) : Json(nullptr)},
      {"proven", proven},
      {"win_in", win_in},
      {"depth", r.depth},
      {"nodes", r.nodes},
      {"time_ms", r.time_ms},
      {"nps", r.time_ms > 0 ? r.nodes * 1000 / uint64_t(r.time_ms) : r.nodes},
      {"pv", r.has_move ? pv_json(r.best) : Json::array()},
      {"lines", lines}};
}

EngineJob FlipSearchTask::job(const std::shared_ptr<FlipSearchTask>& self, EngineJob::Kind kind,
                              const std::string& client, const std::string& address,
                              std::function<void(const Json&)> on_depth) {
  EngineJob j;
  j.kind = kind;
  j.client = client;
  j.address = address;
  j.run = [self, on_depth](const SearchLimits& limits) {
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
    const flip::FlipSearchResult r =
        searcher->search(self->pos, l, [&](const flip::FlipSearchResult& at_depth) {
          Json report = flip_search_json(at_depth, self->pos, *searcher);
          if (on_depth) on_depth(report);
          std::lock_guard lock(self->mutex);
          self->last = std::move(report);
        });
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
