#include "web/engines/game_review.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "web/engines/analysis_stream.h"
#include "web/engines/engine_search.h"

namespace jungle::web {

void GameReviews::start(GameSession& game, int64_t movetime_ms, const std::string& client,
                        const std::string& address) {
  auto job = std::make_shared<Job>(game.id(), movetime_ms, client, address);
  jobs_.start(job, [&] { advance_locked(job, game); });
}

void GameReviews::advance_locked(const std::shared_ptr<Job>& job, GameSession& game) {
  for (;;) {
    if (!jobs_.running(*job)) return;
    const int ply = game.first_unevaluated();
    if (ply < 0) {
      jobs_.finish(job, Job::State::kDone);
      return;
    }
    const Position pos = game.position_at(ply);
    const GameResult result = game_result(pos);
    if (result != GameResult::kOngoing) {
      // Nothing to search: the board has decided.
      PlyEvaluation e;
      e.final = true;
      e.blue_score = result == GameResult::kBlueWins ? 1 : result == GameResult::kRedWins ? -1 : 0;
      game.set_evaluation(ply, e);
      continue;
    }
    EngineJob search;
    search.kind = EngineJob::Kind::kAnalysis;
    search.position = pos;
    search.limits.movetime_ms = job->movetime_ms;
    search.client = job->client;
    search.address = job->address;
    const std::string fen = game.fen_at(ply);
    search.on_done = [this, job, ply, fen](const SearchResult& r, bool completed) {
      if (!completed) {
        jobs_.finish(job, Job::State::kStopped, kReviewCancelled);
        return;
      }
      searched(job, ply, fen, r);
    };
    jobs_.submit(job, std::move(search));
    return;
  }
}

void GameReviews::searched(const std::shared_ptr<Job>& job, int ply, const std::string& fen,
                           const SearchResult& r) {
  with_review_game<GameSession>(jobs_, games_, job, "the game is not an open game",
                                [&](GameSession& game) {
                                  // A take-back and another move may have put another position at
                                  // this ply.
                                  if (ply <= game.ply() && game.fen_at(ply) == fen) {
                                    const Side us = game.side_after(ply);
                                    const Evaluation e = evaluation_for_blue(r.score, us, r.depth);
                                    PlyEvaluation pe;
                                    pe.depth = r.depth;
                                    pe.mate = e.mate ? e.value : 0;
                                    pe.blue_score = us == kBlue ? r.score : -r.score;
                                    if (!r.best.is_none()) pe.best = game.board().move_text(r.best);
                                    game.set_evaluation(ply, pe);
                                  }
                                  advance_locked(job, game);
                                });
}

Json GameReviews::status_json(const GameSession& game) {
  const ReviewJobs::Progress progress = jobs_.progress(game.id());
  const int total = game.ply() + 1;
  const int analysed = game.evaluated();
  const std::string status = ReviewJobs::status_of(progress, analysed == total);
  Json plies = Json::array();
  for (int ply = 0; ply < total; ++ply) {
    const std::optional<PlyEvaluation>& e = game.evaluation(ply);
    plies.push_back(e ? e->to_json(ply) : Json());
  }
  Json moves = Json::array();
  for (int ply = 1; ply < total; ++ply) {
    const std::optional<MoveJudgement> j = game.judge_move(ply);
    if (!j) {
      moves.push_back(Json());
      continue;
    }
    moves.push_back(Json{{"ply", ply},
                         {"loss", review_rounded(j->loss)},
                         {"judgement", j->judgement.empty() ? Json() : Json(j->judgement)},
                         {"better", j->better.empty() ? Json() : Json(j->better)}});
  }
  Json out{{"game", game.id()},
           {"status", status},
           {"analysed", analysed},
           {"total", total},
           {"plies", plies},
           {"moves", moves},
           {"thresholds", review_thresholds_json()}};
  ReviewJobs::add_job_fields(out, progress, status);
  return out;
}

}  // namespace jungle::web
