#include "web/engines/flip_review.h"

#include <algorithm>
#include <cmath>

#include "flip/flip_search.h"
#include "web/engines/engine_search.h"
#include "web/engines/flip_search_job.h"
#include "web/engines/game_review.h"

namespace jungle::web {

void FlipReviews::start(FlipGameSession& game, int64_t movetime_ms, const std::string& client,
                        const std::string& address) {
  auto job = std::make_shared<Job>(game.id(), movetime_ms, client, address);
  jobs_.start(job, [&] { advance_locked(job, game); });
}

void FlipReviews::advance_locked(const std::shared_ptr<Job>& job, FlipGameSession& game) {
  if (!jobs_.running(*job)) return;
  const int index = game.first_unreviewed();
  if (index < 0) {
    jobs_.finish(job, Job::State::kDone);
    return;
  }
  // Every action of the position valued exactly, the one played among them.
  const std::vector<flip::Ply>& plies = game.position().history();
  const std::vector<flip::Ply> upto(plies.begin(), plies.begin() + index + 1);
  const flip::FlipPosition before = game.position_at(index);
  auto task = std::make_shared<FlipSearchTask>(before, before.legal_actions().size);
  EngineJob search =
      FlipSearchTask::job(task, EngineJob::Kind::kAnalysis, job->client, job->address);
  search.limits.movetime_ms = job->movetime_ms;
  search.on_done = [this, job, index, upto, task](const SearchResult&, bool completed) {
    std::optional<flip::FlipSearchResult> r;
    {
      std::lock_guard lock(task->mutex);
      r = task->result;
    }
    if (!completed || !r || r->lines.empty()) {
      jobs_.finish(job, Job::State::kStopped, kReviewCancelled);
      return;
    }
    FlipPlyFinding f;
    f.best = flip::action_text(r->best);
    f.best_score = r->score;
    f.depth = r->depth;
    // The played action among the lines (every legal one is there).
    f.played_score = r->score;
    for (const flip::FlipLine& line : r->lines) {
      if (line.action == upto.back().action) f.played_score = line.score;
    }
    searched(job, size_t(index), upto, f);
  };
  jobs_.submit(job, std::move(search));
}

void FlipReviews::searched(const std::shared_ptr<Job>& job, size_t index,
                           const std::vector<flip::Ply>& upto, const FlipPlyFinding& finding) {
  with_review_game<FlipGameSession>(
      jobs_, games_, job, "the game is not a Flip Jungle game", [&](FlipGameSession& game) {
        // A take-back and other plies may have put another position, or
        // another action, at this ply.
        const std::vector<flip::Ply>& plies = game.position().history();
        if (plies.size() > index && std::equal(upto.begin(), upto.end(), plies.begin())) {
          game.set_finding(index, finding);
        }
        advance_locked(job, game);
      });
}

Json FlipReviews::status_json(const FlipGameSession& game) {
  const std::vector<flip::Ply>& plies = game.position().history();
  const ReviewJobs::Progress progress = jobs_.progress(game.id());
  const std::string status =
      ReviewJobs::status_of(progress, !plies.empty() && game.reviewed() == int(plies.size()));
  Json moves = Json::array();
  int analysed = 0;
  flip::FlipPosition pos = game.position_at(0);
  for (size_t i = 0; i < plies.size(); ++i) {
    const std::optional<FlipPlyFinding>& f = game.finding(i);
    const Json side =
        pos.colours_known() ? Json(pos.side_to_move() == kBlue ? "blue" : "red") : Json(nullptr);
    const std::string move = flip::action_text(plies[i].action);
    pos.play(plies[i]);
    if (!f) {
      moves.push_back(Json());
      continue;
    }
    ++analysed;
    const double best = flip::expected_of_points(f->best_score);
    const double played = flip::expected_of_points(f->played_score);
    const MoveJudgement j = *game.judge_ply(i);
    const double loss = j.loss;
    const std::string& judgement = j.judgement;
    moves.push_back(Json{{"ply", int(i) + 1},
                         {"move", move},
                         {"side", side},
                         {"best", f->best},
                         {"expected_best", review_rounded(best)},
                         {"expected_played", review_rounded(played)},
                         {"loss", review_rounded(loss)},
                         {"judgement", judgement.empty() ? Json(nullptr) : Json(judgement)},
                         {"depth", f->depth}});
  }
  Json out{{"game", game.id()},
           {"kind", "flip"},
           {"status", status},
           {"analysed", analysed},
           {"total", int(plies.size())},
           {"moves", moves},
           {"thresholds", review_thresholds_json()}};
  ReviewJobs::add_job_fields(out, progress, status);
  return out;
}

}  // namespace jungle::web
