#include "web/engines/game_engine_job.h"

#include <cmath>

#include "game/family.h"
#include "web/engines/engine_search.h"

namespace jungle::web {

EngineJob game_engine_job(const std::shared_ptr<GameSearch>& search,
                          const game::Observation& observation, EngineJob::Kind kind,
                          const std::string& client, const std::string& address) {
  EngineJob job;
  job.kind = kind;
  job.client = client;
  job.address = address;
  job.family = game::family_named(observation.family);
  job.observation = observation;
  job.on_game_info = [search](const game::SearchInfo& info) {
    std::lock_guard lock(search->mutex);
    search->lines[info.multipv] = info;
  };
  job.on_answer = [search](const game::Answer& answer) {
    std::lock_guard lock(search->mutex);
    search->answer = answer;
  };
  return job;
}

namespace {

// The mover's score as centipawns: an expected result by the one curve, a
// proven end at the curve's edge.
int centipawns_of(const game::Score& score) {
  return score.kind == game::Score::Kind::kCentipawns
             ? score.value
             : game::centipawns_of_expected(score.expected_result());
}

// Whose scores the engine's are: the side to move, else the viewer's.
bool blue_moves(const game::Observation& observation) {
  if (observation.to_move) return *observation.to_move == kBlue;
  return observation.viewer.value_or(kBlue) == kBlue;
}

double thousandths(double x) {
  return std::round(x * 1000.0) / 1000.0;
}

}  // namespace

Json game_engine_json(const game::Answer& answer, const std::map<int, game::SearchInfo>& lines,
                      const game::Observation& observation) {
  Json j{{"move", answer.action.empty() ? Json(nullptr) : Json(answer.action)},
         {"depth", answer.depth},
         {"nodes", answer.nodes}};
  const game::Family* family = game::family_named(observation.family);
  if (!family || family->capabilities().hidden_information) return j;
  // The best line's last report, where the engine gave one; else the answer's.
  const auto best = lines.find(1);
  const game::Score score = best != lines.end() ? best->second.score : answer.score;
  const int cp = centipawns_of(score);
  const bool blue = blue_moves(observation);
  j["score"] = cp;
  j["expected"] = thousandths(score.expected_result());
  j["blue_score"] = blue ? cp : -cp;
  j["mate"] = score.kind == game::Score::Kind::kMate ? Json(score.value) : Json(nullptr);
  Json pv = Json::array();
  if (best != lines.end()) {
    for (const std::string& a : best->second.pv) pv.push_back(a);
    j["time_ms"] = best->second.time_ms;
  }
  // Below full strength the engine may play another action than the line
  // it found; a line that does not begin with the action played would
  // mislead.
  if (!answer.action.empty() && (pv.empty() || pv[0] != answer.action)) {
    pv = Json::array({answer.action});
  }
  j["pv"] = pv;
  return j;
}

Json game_report_json(const game::SearchInfo& info, const game::Observation& observation) {
  const int cp = centipawns_of(info.score);
  const bool blue = blue_moves(observation);
  Json pv = Json::array();
  for (const std::string& a : info.pv) pv.push_back(a);
  return Json{
      {"depth", info.depth},
      {"seldepth", info.seldepth},
      {"multipv", info.multipv},
      {"score", cp},
      {"expected", thousandths(info.score.expected_result())},
      {"blue_score", blue ? cp : -cp},
      {"mate",
       info.score.kind == game::Score::Kind::kMate ? Json(info.score.value) : Json(nullptr)},
      {"bound", info.lowerbound   ? "lower"
                : info.upperbound ? "upper"
                                  : "exact"},
      {"nodes", info.nodes},
      {"time_ms", std::max<int64_t>(0, info.time_ms)},
      {"nps", info.time_ms > 0 ? info.nodes * 1000 / uint64_t(info.time_ms) : info.nodes},
      {"pv", pv},
      {"text", info.text},
  };
}

Json game_hint(EnginePool& pool, const game::Observation& observation, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address) {
  auto search = std::make_shared<GameSearch>();
  EngineJob job = game_engine_job(search, observation, EngineJob::Kind::kHint, client, address);
  job.limits = limits;
  job.game_limits.depth = limits.depth;
  job.multipv = lines;
  const bool completed = run_and_wait(pool, std::move(job));
  std::lock_guard lock(search->mutex);
  if (!completed || !search->answer) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  const game::Answer& answer = *search->answer;
  if (answer.action.empty()) {
    throw GameError(ErrorKind::kRefused, "no_move", "there is no move to try");
  }
  // The best line's last report; an engine that reported none (it answered
  // at once) is described by its answer.
  game::SearchInfo best;
  best.depth = answer.depth;
  best.nodes = answer.nodes;
  best.score = answer.score;
  best.pv = {answer.action};
  if (auto it = search->lines.find(1); it != search->lines.end()) best = it->second;
  Json out = game_report_json(best, observation);
  out["move"] = answer.action;
  if (out["pv"].empty() || out["pv"][0] != answer.action) out["pv"] = Json::array({answer.action});
  Json all = Json::array();
  for (const auto& [number, line] : search->lines) {
    if (line.pv.empty()) continue;
    Json pv = Json::array();
    for (const std::string& a : line.pv) pv.push_back(a);
    all.push_back({{"move", line.pv[0]},
                   {"score", centipawns_of(line.score)},
                   {"expected", thousandths(line.score.expected_result())},
                   {"pv", pv}});
  }
  out["lines"] = all;
  return out;
}

}  // namespace jungle::web
