#include "web/games/review_findings.h"

#include <cmath>

namespace jungle::web {

double PlyEvaluation::blue_expected() const {
  if (expected) return *expected;
  if (final || mate != 0) {
    const int sign = final ? blue_score : mate;
    return sign > 0 ? 1.0 : sign < 0 ? 0.0 : 0.5;
  }
  // The evaluation bar's curve (format.js evalShare), so graph and bar agree.
  return 1.0 / (1.0 + std::exp(-blue_score / 250.0));
}

Json PlyEvaluation::to_json(int ply) const {
  return Json{{"ply", ply},
              {"blue_score", blue_score},
              {"mate", mate == 0 ? Json(nullptr) : Json(mate)},
              {"depth", depth},
              {"best", best.empty() ? Json(nullptr) : Json(best)},
              {"final", final},
              {"expected", review_rounded(blue_expected())}};
}

Json PlyEvaluation::to_stored_json() const {
  return Json{{"s", blue_score}, {"m", mate}, {"d", depth}, {"b", best}, {"f", final}};
}

std::optional<PlyEvaluation> PlyEvaluation::from_stored_json(const Json& j) {
  if (!j.is_object()) return std::nullopt;
  PlyEvaluation e;
  try {
    e.blue_score = j.at("s").get<int>();
    e.mate = j.at("m").get<int>();
    e.depth = j.at("d").get<int>();
    e.best = j.at("b").get<std::string>();
    e.final = j.at("f").get<bool>();
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  return e;
}

Json ReviewedMove::to_json(int ply) const {
  return Json{
      {"ply", ply},
      {"move", move},
      {"side", side ? Json(*side == kBlue ? "blue" : "red") : Json(nullptr)},
      {"best", best},
      {"expected_best", review_rounded(expected_best)},
      {"expected_played", review_rounded(expected_played)},
      {"loss", review_rounded(judgement.loss)},
      {"judgement", judgement.judgement.empty() ? Json(nullptr) : Json(judgement.judgement)},
      {"better", judgement.better.empty() ? Json(nullptr) : Json(judgement.better)},
      {"depth", depth}};
}

ReviewedMove reviewed_move(const std::string& move, std::optional<Side> side,
                           const std::string& best, double expected_best, double expected_played,
                           int depth) {
  ReviewedMove m;
  m.move = move;
  m.side = side;
  m.best = best;
  m.expected_best = expected_best;
  m.expected_played = expected_played;
  m.depth = depth;
  m.judgement = judge(move, best, expected_best, expected_played);
  return m;
}

}  // namespace jungle::web
