#include "web/games/action_review.h"

#include <algorithm>
#include <utility>

#include "game/family.h"
#include "game/score.h"

namespace jungle::web {

Json ActionFinding::to_stored_json() const {
  return Json{{"b", best}, {"eb", expected_best}, {"ep", expected_played}, {"d", depth}};
}

std::optional<ActionFinding> ActionFinding::from_stored_json(const Json& j) {
  if (!j.is_object() || !j.contains("eb")) return std::nullopt;
  ActionFinding f;
  try {
    f.best = j.at("b").get<std::string>();
    f.expected_best = j.at("eb").get<double>();
    f.expected_played = j.at("ep").get<double>();
    f.depth = j.at("d").get<int>();
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  return f;
}

std::optional<ActionFinding> ActionFinding::from_points_json(const Json& j,
                                                             const game::Family& family) {
  if (!j.is_object() || !j.contains("s")) return std::nullopt;
  try {
    const std::optional<double> best = family.expected_of_stored_points(j.at("s").get<double>());
    const std::optional<double> played = family.expected_of_stored_points(j.at("p").get<double>());
    if (!best || !played) return std::nullopt;
    return ActionFinding{j.at("b").get<std::string>(), *best, *played, j.at("d").get<int>()};
  } catch (const Json::exception&) {
    return std::nullopt;
  }
}

std::optional<size_t> ActionReview::next_unreviewed() const {
  for (size_t i = 0; i < findings_.size(); ++i) {
    if (!findings_[i]) return i;
  }
  return std::nullopt;
}

void ActionReview::keep(size_t index, const ReviewSearch& found) {
  if (index >= findings_.size()) return;
  ActionFinding f;
  f.best = found.best;
  f.expected_best = found.score.expected_result();
  // The action played is among the lines, every legal one being asked for;
  // one the engine did not value is judged as its best.
  f.expected_played = found.played ? found.played->expected_result() : f.expected_best;
  f.depth = found.depth;
  findings_[index] = std::move(f);
}

int ActionReview::reviewed() const {
  return int(std::count_if(findings_.begin(), findings_.end(),
                           [](const auto& f) { return f.has_value(); }));
}

std::string ActionReview::stored_json() const {
  if (reviewed() == 0) return "";
  Json stored = Json::array();
  for (const auto& f : findings_) stored.push_back(f ? f->to_stored_json() : Json());
  return stored.dump();
}

void ActionReview::read_stored(const std::string& text, const game::Family& family) {
  const Json stored = Json::parse(text, nullptr, false);
  if (!stored.is_array()) return;
  for (size_t i = 0; i < stored.size() && i < findings_.size(); ++i) {
    findings_[i] = ActionFinding::from_stored_json(stored[i]);
    if (!findings_[i]) findings_[i] = ActionFinding::from_points_json(stored[i], family);
  }
}

std::optional<ReviewedMove> ActionReview::judged(size_t index, const ReviewedPly& ply) const {
  if (index >= findings_.size() || !findings_[index]) return std::nullopt;
  const ActionFinding& f = *findings_[index];
  return reviewed_move(ply.action, ply.side, f.best, f.expected_best, f.expected_played, f.depth);
}

ReviewFindings ActionReview::findings(const std::vector<ReviewedPly>& plies,
                                      std::optional<GameResult> result) const {
  ReviewFindings out;
  out.total = int(findings_.size());
  out.analysed = reviewed();
  // Each position a ply was played from, from Blue's side (none before the
  // colours are known), and the end.
  for (size_t i = 0; i < findings_.size() && i < plies.size(); ++i) {
    const std::optional<ReviewedMove> m = judged(i, plies[i]);
    out.moves.push_back(m);
    if (!m || !m->side) {
      out.positions.emplace_back();
      continue;
    }
    PlyEvaluation e;
    e.expected = *m->side == kBlue ? m->expected_best : 1.0 - m->expected_best;
    e.blue_score = game::centipawns_of_expected(*e.expected);
    e.depth = m->depth;
    e.best = m->best;
    out.positions.push_back(e);
  }
  if (result && out.analysed > 0) {
    PlyEvaluation e;
    e.final = true;
    e.blue_score = *result == GameResult::kBlueWins ? 1 : *result == GameResult::kRedWins ? -1 : 0;
    out.positions.push_back(e);
  } else {
    out.positions.emplace_back();
  }
  return out;
}

}  // namespace jungle::web
