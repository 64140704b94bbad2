#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "web/engines/engine_pool.h"
#include "web/engines/review_jobs.h"
#include "web/games/game_registry.h"
#include "web/games/game_session.h"
#include "web/games/move_judgement.h"

namespace jungle::web {

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
  // An open game's review's findings are the game's evaluations: its job holds
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
