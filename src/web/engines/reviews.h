#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "web/engines/engine_pool.h"
#include "web/engines/review_jobs.h"
#include "web/games/game_registry.h"
#include "web/games/game_session_base.h"
#include "web/server/json_fields.h"

// Reviews of games, one job for every family that has them
// (Capabilities::review; a game without, GameSessionBase::require_help,
// is refused before it gets here): the game names the positions to search
// (GameSessionBase::next_review_step), each as the Observation of its side
// to move; the family's engine behind the game interface searches each in
// turn, for a bounded time, on the engine pool as a background job (so
// game moves never wait behind it); and the game keeps what each search
// found, which it stores and writes into its record. One review per game;
// deleting the game cancels it.

namespace jungle::web {

class Reviews {
 public:
  Reviews(EnginePool& pool, GameRegistry& games) : jobs_(pool), games_(games) {}

  // Starts reviewing the game (held locked by the caller) unless a review
  // runs already; resumes where an earlier one stopped. Throws GameError
  // 429/503 when the pool refuses the first search. True when the game
  // gained findings without a search (positions the board decides) and is
  // to be saved.
  bool start(GameSessionBase& game, int64_t movetime_ms, const std::string& client,
             const std::string& address);
  void cancel(int64_t game_id) { jobs_.cancel(game_id); }
  // {"game", "status", "analysed", "total", "movetime_ms", "plies", "moves",
  //  "thresholds"} for the game, held locked by the caller (docs/api.md).
  Json status_json(const GameSessionBase& game);

 private:
  // Submits the search of the game's next step, or ends the job; with the
  // game locked.
  void advance_locked(const std::shared_ptr<ReviewJob>& job, GameSessionBase& game);

  ReviewJobs jobs_;
  GameRegistry& games_;
};

}  // namespace jungle::web
