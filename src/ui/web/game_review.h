#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "ui/web/engine_pool.h"
#include "ui/web/game_registry.h"
#include "ui/web/game_session.h"
#include "ui/web/review_jobs.h"

namespace jungle::web {

// How much a move may lose of the mover's expected score (0..1, the
// evaluation bar's curve) before the review marks it. The one place these
// are named: the page shows what the server judged.
inline constexpr double kInaccuracyLoss = 0.06;
inline constexpr double kMistakeLoss = 0.12;
inline constexpr double kBlunderLoss = 0.20;

struct MoveJudgement {
  double loss = 0;        // of the mover's expected score
  std::string judgement;  // "inaccuracy", "mistake", "blunder"; "" for a fair move
  std::string better;     // the engine's move in its place, when judged
};

// The judgement of a move that lost `loss` of its mover's expected score:
// "inaccuracy", "mistake", "blunder", or "" for a fair move.
std::string judgement_of_loss(double loss);
// {"inaccuracy", "mistake", "blunder"}: the thresholds as reviews report them.
Json review_thresholds_json();
// A loss or an expected score as reviews report it: to a thousandth.
double review_rounded(double x);

// The move that led to `ply` (1..game.ply()), judged by the evaluations of
// the positions before and after it; nullopt while either is missing.
std::optional<MoveJudgement> judge_move(const GameSession& game, int ply);

// Reviews of games: the engine searches every position of a game in turn,
// each for a bounded time, on the engine pool as a background job (so game
// moves never wait behind it), and keeps each finding in the game, which
// stores it. One review per game; deleting the game cancels it.
class GameReviews {
 public:
  GameReviews(EnginePool& pool, GameRegistry& games) : jobs_(pool), games_(games) {}

  // Starts reviewing the game (held locked by the caller) unless a review
  // runs already; resumes where an earlier one stopped. Throws GameError
  // 429/503 when the pool refuses the first search.
  void start(GameSession& game, int64_t movetime_ms, const std::string& client,
             const std::string& address);
  void cancel(int64_t game_id) { jobs_.cancel(game_id); }
  // {"status", "analysed", "total", "plies", "moves", "thresholds", ...}
  // for the game, held locked by the caller.
  Json status_json(const GameSession& game);

 private:
  // A 7x9 review's findings are the game's evaluations: its job holds
  // nothing more. A finished one is forgotten; only one that stopped keeps
  // its job, for its message.
  using Job = ReviewJob;
  // Submits the search of the next position without an evaluation, or
  // ends the job; with the game locked.
  void advance_locked(const std::shared_ptr<Job>& job, GameSession& game);
  void searched(const std::shared_ptr<Job>& job, int ply, const std::string& fen,
                const SearchResult& result);

  ReviewJobs jobs_;
  GameRegistry& games_;
};

}  // namespace jungle::web
