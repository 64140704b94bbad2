#include "ui/web/game_review.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "ui/web/analysis_stream.h"
#include "ui/web/engine_search.h"

namespace jungle::web {

namespace {

// The side to move after `ply` moves.
Side side_at(const GameSession& game, int ply) {
  return Side(game.game().start().side_to_move() ^ (ply & 1));
}

std::string refusal_message(EnginePool::Refusal why) {
  try {
    throw_refusal(why);
  } catch (const GameError& e) {
    return e.what();
  }
}

double rounded(double x) {
  return std::round(x * 1000.0) / 1000.0;
}

}  // namespace

std::optional<MoveJudgement> judge_move(const GameSession& game, int ply) {
  if (ply < 1 || ply > game.ply()) return std::nullopt;
  const std::optional<PlyEvaluation>& before = game.evaluation(ply - 1);
  const std::optional<PlyEvaluation>& after = game.evaluation(ply);
  if (!before || !after) return std::nullopt;
  const Side mover = side_at(game, ply - 1);
  const auto for_mover = [mover](const PlyEvaluation& e) {
    return mover == kBlue ? e.blue_expected() : 1.0 - e.blue_expected();
  };
  MoveJudgement j;
  const std::string played = game.board().move_text(game.game().moves()[size_t(ply - 1)].move);
  // The engine's own choice loses nothing; a difference is its search's noise.
  if (before->best == played) return j;
  j.loss = std::max(0.0, for_mover(*before) - for_mover(*after));
  j.judgement = j.loss >= kBlunderLoss      ? "blunder"
                : j.loss >= kMistakeLoss    ? "mistake"
                : j.loss >= kInaccuracyLoss ? "inaccuracy"
                                            : "";
  if (!j.judgement.empty()) j.better = before->best;
  return j;
}

void GameReviews::start(GameSession& game, int64_t movetime_ms, const std::string& client,
                        const std::string& address) {
  auto job = std::make_shared<Job>();
  job->game_id = game.id();
  job->movetime_ms = movetime_ms;
  job->client = client;
  job->address = address;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(game.id());
    if (it != jobs_.end() && it->second->state == Job::State::kRunning) return;
    jobs_[game.id()] = job;
  }
  advance_locked(job, game);
  std::lock_guard lock(mutex_);
  if (job->state == Job::State::kFailed) {
    throw GameError(ErrorKind::kUnavailable, "engine_busy",
                    "the review could not start: " + job->message);
  }
}

void GameReviews::advance_locked(const std::shared_ptr<Job>& job, GameSession& game) {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (job->state != Job::State::kRunning) return;
    }
    const int ply = game.first_unevaluated();
    if (ply < 0) {
      finish(job, Job::State::kDone);
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
        finish(job, Job::State::kStopped, "the review was cancelled");
        return;
      }
      searched(job, ply, fen, r);
    };
    EnginePool::Refusal why = EnginePool::Refusal::kNone;
    std::shared_ptr<EngineTicket> ticket = pool_.submit(std::move(search), &why);
    if (!ticket) {
      finish(job, Job::State::kFailed, refusal_message(why));
      return;
    }
    std::lock_guard lock(mutex_);
    job->ticket = ticket;
    if (job->state != Job::State::kRunning) ticket->cancel();
    return;
  }
}

void GameReviews::searched(const std::shared_ptr<Job>& job, int ply, const std::string& fen,
                           const SearchResult& r) {
  try {
    // As lock_game does: a copy the registry dropped is replaced by the stored one.
    for (int attempt = 0;; ++attempt) {
      std::shared_ptr<GameSession> game =
          std::dynamic_pointer_cast<GameSession>(games_.get(job->game_id));
      if (!game) {
        finish(job, Job::State::kStopped, "the game is not a 7x9 game");
        return;
      }
      std::unique_lock lock(game->mutex());
      if (game->detached && attempt == 0) continue;
      if (game->detached) {
        finish(job, Job::State::kStopped, "the game was deleted");
        return;
      }
      // A take-back and another move may have put another position at this ply.
      if (ply <= game->ply() && game->fen_at(ply) == fen) {
        const Side us = side_at(*game, ply);
        const Evaluation e = evaluation_for_blue(r.score, us, r.depth);
        PlyEvaluation pe;
        pe.depth = r.depth;
        pe.mate = e.mate ? e.value : 0;
        pe.blue_score = us == kBlue ? r.score : -r.score;
        if (!r.best.is_none()) pe.best = game->board().move_text(r.best);
        game->set_evaluation(ply, pe);
      }
      advance_locked(job, *game);
      games_.save(*game);
      return;
    }
  } catch (const std::exception& e) {
    finish(job, Job::State::kStopped, e.what());
  }
}

void GameReviews::finish(const std::shared_ptr<Job>& job, Job::State state, std::string message) {
  std::lock_guard lock(mutex_);
  if (job->state != Job::State::kRunning) return;
  job->state = state;
  job->message = std::move(message);
  // A finished review says all it has to say through the game's
  // evaluations; only one that stopped keeps its job, for its message.
  if (state == Job::State::kDone) {
    auto it = jobs_.find(job->game_id);
    if (it != jobs_.end() && it->second == job) jobs_.erase(it);
  }
}

void GameReviews::cancel(int64_t game_id) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(game_id);
  if (it == jobs_.end()) return;
  const std::shared_ptr<Job> job = it->second;
  jobs_.erase(it);
  if (job->state == Job::State::kRunning) {
    job->state = Job::State::kStopped;
    job->message = "the review was cancelled";
  }
  if (job->ticket) job->ticket->cancel();
}

Json GameReviews::status_json(const GameSession& game) {
  std::string status;
  std::string message;
  int64_t movetime_ms = 0;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(game.id());
    if (it != jobs_.end()) {
      const Job& job = *it->second;
      movetime_ms = job.movetime_ms;
      message = job.message;
      status = job.state == Job::State::kRunning   ? "running"
               : job.state == Job::State::kFailed  ? "failed"
               : job.state == Job::State::kStopped ? "stopped"
                                                   : "";
    }
  }
  const int total = game.ply() + 1;
  const int analysed = game.evaluated();
  if (status != "running" && analysed == total) status = "done";
  if (status.empty()) status = "none";
  Json plies = Json::array();
  for (int ply = 0; ply < total; ++ply) {
    const std::optional<PlyEvaluation>& e = game.evaluation(ply);
    plies.push_back(e ? e->to_json(ply) : Json());
  }
  Json moves = Json::array();
  for (int ply = 1; ply < total; ++ply) {
    const std::optional<MoveJudgement> j = judge_move(game, ply);
    if (!j) {
      moves.push_back(Json());
      continue;
    }
    moves.push_back(Json{{"ply", ply},
                         {"loss", rounded(j->loss)},
                         {"judgement", j->judgement.empty() ? Json() : Json(j->judgement)},
                         {"better", j->better.empty() ? Json() : Json(j->better)}});
  }
  Json out{
      {"game", game.id()},
      {"status", status},
      {"analysed", analysed},
      {"total", total},
      {"plies", plies},
      {"moves", moves},
      {"thresholds",
       {{"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}}}};
  if (movetime_ms > 0) out["movetime_ms"] = movetime_ms;
  if (!message.empty() && status != "done") out["message"] = message;
  return out;
}

}  // namespace jungle::web
