#pragma once

#include <cstdint>
#include <string>

#include "web/engines/flip_review.h"
#include "web/engines/game_review.h"
#include "web/games/game_session_base.h"

// Reviews of every game that has them, for the routes: an open game's
// (game_review.h) or a Flip Jungle game's (flip_review.h), by the game's
// own kind of review. A game without reviews (GameSessionBase::
// require_help) is refused before it gets here.

namespace jungle::web {

class Reviews {
 public:
  Reviews(GameReviews& open, FlipReviews& flip) : open_(open), flip_(flip) {}

  // Starts reviewing the game (held locked by the caller), as
  // GameReviews::start and FlipReviews::start do. True when the game
  // changed (a position the board decides needs no search) and is to be
  // saved.
  bool start(GameSessionBase& game, int64_t movetime_ms, const std::string& client,
             const std::string& address);
  // The review's progress and findings, as each kind reports them.
  Json status_json(GameSessionBase& game);

 private:
  GameReviews& open_;
  FlipReviews& flip_;
};

}  // namespace jungle::web
