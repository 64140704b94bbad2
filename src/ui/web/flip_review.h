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
#include "ui/web/engine_pool.h"
#include "ui/web/flip_session.h"
#include "ui/web/json_fields.h"
#include "ui/web/review_jobs.h"

// Reviews of Flip Jungle games (docs/api.md, "Flip Jungle games"): the flip
// engine searches the position before each ply of the game in turn, on the
// engine pool as background jobs (as 7x9 reviews do), valuing every legal
// action there exactly; each ply is then judged by what the action played
// lost of its player's expected score against the best one. A flip is
// judged by its value over the pool, never by what it happened to reveal:
// the luck of the draw is nobody's mistake. The thresholds are the 7x9
// review's (game_review.h).
//
// A review covers the game as it was when it started, and is kept in
// memory (not with the game: a restart forgets it); a game that changed
// since (a take-back, a move) has no review until another is started.

namespace jungle::web {

class FlipReviews {
 public:
  explicit FlipReviews(EnginePool& pool) : jobs_(pool, ReviewJobs::WhenDone::kKeep) {}

  // Starts reviewing the game (held locked by the caller) unless a review
  // of it as it stands runs already or is done. Throws GameError 429/503
  // when the pool refuses the first search.
  void start(const FlipGameSession& game, int64_t movetime_ms, const std::string& client,
             const std::string& address);
  void cancel(int64_t game_id) { jobs_.cancel(game_id); }
  // {"game", "kind": "flip", "status", "analysed", "total", "movetime_ms",
  //  "moves": [...], "thresholds"} for the game, held locked by the caller.
  Json status_json(const FlipGameSession& game);

 private:
  // What the search of the position before one ply found.
  struct Finding {
    std::string best;
    double best_score = 0;
    double played_score = 0;
    int depth = 0;
  };
  struct Job : ReviewJob {
    Job(const flip::FlipPosition& game, int64_t game_id, int64_t movetime_ms, std::string client,
        std::string address)
        : ReviewJob(game_id, movetime_ms, std::move(client), std::move(address)),
          last(game),
          plies(game.history()),
          findings(plies.size()) {}
    const flip::FlipPosition last;       // the game when the review started
    const std::vector<flip::Ply> plies;  // its plies
    // One per ply; guarded by jobs_.lock().
    std::vector<std::optional<Finding>> findings;
  };
  // Submits the search of the next position without a finding, or ends
  // the job. With jobs_.lock() not held.
  void advance(const std::shared_ptr<Job>& job);

  ReviewJobs jobs_;
};

}  // namespace jungle::web
