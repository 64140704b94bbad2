#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "flip/flip_position.h"
#include "web/engines/engine_pool.h"
#include "web/engines/review_jobs.h"
#include "web/games/flip_session.h"
#include "web/games/game_registry.h"
#include "web/server/json_fields.h"

// Reviews of Flip Jungle games (docs/api.md, "Flip Jungle games"): the flip
// engine searches the position before each ply of the game in turn, on the
// engine pool as background jobs (as open games' reviews do), valuing every legal
// action there exactly; each ply is then judged by what the action played
// lost of its player's expected score against the best one. A flip is
// judged by its value over the pool, never by what it happened to reveal:
// the luck of the draw is nobody's mistake. The thresholds are the open game's
// review's (game_review.h).
//
// The findings are the game's (FlipPlyFinding), stored with it: a restart
// keeps them, a take-back forgets those of the plies taken back, and a
// review asked for again searches only the plies without one.

namespace jungle::web {

class FlipReviews {
 public:
  FlipReviews(EnginePool& pool, GameRegistry& games) : jobs_(pool), games_(games) {}

  // Starts reviewing the game (held locked by the caller) unless a review
  // runs already; resumes where an earlier one stopped. Throws GameError
  // 429/503 when the pool refuses the first search.
  void start(FlipGameSession& game, int64_t movetime_ms, const std::string& client,
             const std::string& address);
  void cancel(int64_t game_id) { jobs_.cancel(game_id); }
  // {"game", "kind": "flip", "status", "analysed", "total", "movetime_ms",
  //  "moves": [...], "thresholds"} for the game, held locked by the caller.
  Json status_json(const FlipGameSession& game);

 private:
  // A flip review's findings are the game's: its job holds nothing more.
  using Job = ReviewJob;
  // Submits the search of the first ply without a finding, or ends the
  // job; with the game locked.
  void advance_locked(const std::shared_ptr<Job>& job, FlipGameSession& game);
  // Keeps a search's finding for ply `index` in the game, if the plies up to
  // it (`upto`, that ply included) are still the game's, and goes on.
  void searched(const std::shared_ptr<Job>& job, size_t index, const std::vector<flip::Ply>& upto,
                const FlipPlyFinding& finding);

  ReviewJobs jobs_;
  GameRegistry& games_;
};

}  // namespace jungle::web
