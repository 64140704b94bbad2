#include "web/engines/reviews.h"

#include <algorithm>
#include <utility>

#include "game/option_limits.h"
#include "web/engines/game_engine_job.h"

namespace jungle::web {

namespace {

// What the engine's answer says of a step: its action and score, and the
// value of the action played where every action was valued.
ReviewSearch found_of(const ReviewStep& step, const game::Answer& answer) {
  ReviewSearch found;
  found.best = answer.action;
  found.score = answer.score;
  found.depth = answer.depth;
  if (step.played == answer.action) {
    found.played = answer.score;
  } else {
    for (const game::Line& line : answer.lines) {
      if (!line.actions.empty() && line.actions[0] == step.played) found.played = line.score;
    }
  }
  return found;
}

}  // namespace

bool Reviews::start(GameSessionBase& game, int64_t movetime_ms, const std::string& client,
                    const std::string& address) {
  const int found = game.review_findings().analysed;
  auto job = std::make_shared<ReviewJob>(game.id(), movetime_ms, client, address);
  jobs_.start(job, [&] { advance_locked(job, game); });
  return game.review_findings().analysed != found;
}

void Reviews::advance_locked(const std::shared_ptr<ReviewJob>& job, GameSessionBase& game) {
  if (!jobs_.running(*job)) return;
  std::optional<ReviewStep> next = game.next_review_step();
  if (!next) {
    jobs_.finish(job, ReviewJob::State::kDone);
    return;
  }
  auto step = std::make_shared<const ReviewStep>(std::move(*next));
  auto search = std::make_shared<GameSearch>();
  EngineJob e = game_engine_job(search, step->observation, EngineJob::Kind::kReview, job->client,
                                job->address);
  e.limits.movetime_ms = job->movetime_ms;
  // Every legal action valued, as many as the engine reports lines for.
  if (step->every_action) {
    e.multipv = std::clamp(int(step->observation.legal_actions.size()), 1,
                           game::option_limits::kMaxMultiPv);
  }
  e.on_done = [this, job, step, search](const SearchResult&, bool completed) {
    std::optional<game::Answer> answer;
    {
      std::lock_guard lock(search->mutex);
      answer = search->answer;
    }
    if (!completed || !answer) {
      jobs_.finish(job, ReviewJob::State::kStopped, kReviewCancelled);
      return;
    }
    with_review_game(jobs_, games_, job, [&](GameSessionBase& game) {
      game.keep_review_finding(*step, found_of(*step, *answer));
      advance_locked(job, game);
    });
  };
  jobs_.submit(job, std::move(e));
}

Json Reviews::status_json(const GameSessionBase& game) {
  const ReviewJobs::Progress progress = jobs_.progress(game.id());
  const ReviewFindings f = game.review_findings();
  const std::string status = ReviewJobs::status_of(progress, f.total > 0 && f.analysed == f.total);
  Json plies = Json::array();
  for (size_t ply = 0; ply < f.positions.size(); ++ply) {
    const std::optional<PlyEvaluation>& e = f.positions[ply];
    plies.push_back(e ? e->to_json(int(ply)) : Json());
  }
  Json moves = Json::array();
  for (size_t i = 0; i < f.moves.size(); ++i) {
    const std::optional<ReviewedMove>& m = f.moves[i];
    moves.push_back(m ? m->to_json(int(i) + 1) : Json());
  }
  Json out{{"game", game.id()},
           {"status", status},
           {"analysed", f.analysed},
           {"total", int(f.positions.size())},
           {"plies", plies},
           {"moves", moves},
           {"thresholds", review_thresholds_json()}};
  ReviewJobs::add_job_fields(out, progress, status);
  return out;
}

}  // namespace jungle::web
