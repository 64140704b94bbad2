#include "web/games/position_review.h"

#include <algorithm>

#include "core/game.h"
#include "game/score.h"
#include "search/search.h"
#include "web/games/move_judgement.h"

namespace jungle::web {

namespace {

// The side to move's score as the open search writes it: centipawns, or a
// proven end as its mate score (a win in m moves is one in 2m - 1 plies, a
// loss in m moves one in 2m), so that an evaluation keeps what the search
// said (docs/api.md: "blue_score": -30999 for Red's win in one).
int search_score_of(const game::Score& score) {
  switch (score.kind) {
    case game::Score::Kind::kMate:
      return score.value > 0 ? kMateScore - (2 * score.value - 1)
                             : -(kMateScore - 2 * -score.value);
    case game::Score::Kind::kCentipawns:
    case game::Score::Kind::kExpected:
      return score.value;
    case game::Score::Kind::kTablebase:
      break;
  }
  return game::centipawns_of_expected(score.expected_result());
}

}  // namespace

void PositionReview::keep_final(size_t ply, GameResult result) {
  PlyEvaluation e;
  e.final = true;
  e.blue_score = result == GameResult::kBlueWins ? 1 : result == GameResult::kRedWins ? -1 : 0;
  evaluations_.at(ply) = e;
}

void PositionReview::keep(size_t ply, Side to_move, const ReviewSearch& found) {
  const int mover = search_score_of(found.score);
  PlyEvaluation e;
  e.blue_score = to_move == kBlue ? mover : -mover;
  e.mate = mate_in_moves(e.blue_score);
  e.depth = found.depth;
  e.best = found.best;
  evaluations_.at(ply) = std::move(e);
}

int PositionReview::evaluated() const {
  return int(std::count_if(evaluations_.begin(), evaluations_.end(),
                           [](const auto& e) { return e.has_value(); }));
}

std::string PositionReview::stored_json() const {
  if (evaluated() == 0) return "";
  Json stored = Json::array();
  for (const auto& e : evaluations_) stored.push_back(e ? e->to_stored_json() : Json());
  return stored.dump();
}

void PositionReview::read_stored(const std::string& text) {
  const Json stored = Json::parse(text, nullptr, false);
  if (!stored.is_array()) return;
  for (size_t ply = 0; ply < stored.size() && ply < evaluations_.size(); ++ply) {
    if (auto e = PlyEvaluation::from_stored_json(stored[ply])) evaluations_[ply] = *e;
  }
}

std::optional<ReviewedMove> PositionReview::judged(size_t index, const ReviewedPly& ply) const {
  if (index + 1 >= evaluations_.size() || !ply.side) return std::nullopt;
  const std::optional<PlyEvaluation>& before = evaluations_[index];
  const std::optional<PlyEvaluation>& after = evaluations_[index + 1];
  if (!before || !after) return std::nullopt;
  const Side mover = *ply.side;
  const auto for_mover = [mover](const PlyEvaluation& e) {
    return mover == kBlue ? e.blue_expected() : 1.0 - e.blue_expected();
  };
  return reviewed_move(ply.action, mover, before->best, for_mover(*before), for_mover(*after),
                       before->depth);
}

ReviewFindings PositionReview::findings(const std::vector<ReviewedPly>& plies) const {
  ReviewFindings f;
  f.total = int(evaluations_.size());
  f.analysed = evaluated();
  f.positions = evaluations_;
  for (size_t i = 0; i + 1 < evaluations_.size() && i < plies.size(); ++i) {
    f.moves.push_back(judged(i, plies[i]));
  }
  return f;
}

std::vector<std::string> PositionReview::record_comments(
    const std::vector<ReviewedPly>& plies) const {
  // The evaluation of the position each move leads to, as the terminal
  // writes its engine's: from Blue's side.
  std::vector<std::string> comments(std::min(plies.size(), evaluations_.size() - 1));
  for (size_t i = 0; i < comments.size(); ++i) {
    const std::optional<PlyEvaluation>& e = evaluations_[i + 1];
    if (!e || e->final) continue;
    const std::string eval =
        eval_comment(e->mate != 0 ? Evaluation{e->mate, true, e->depth}
                                  : Evaluation{e->blue_score, false, e->depth});
    const std::optional<ReviewedMove> m = judged(i, plies[i]);
    comments[i] = m ? judged_comment(eval, m->judgement) : eval;
  }
  return comments;
}

}  // namespace jungle::web
