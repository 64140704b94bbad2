#include "web/engines/reviews.h"

#include "web/games/flip_session.h"
#include "web/games/game_session.h"

namespace jungle::web {

namespace {

GameError no_review(const GameSessionBase& game) {
  return GameError(ErrorKind::kRefused, "no_review",
                   "the game " + std::to_string(game.id()) + " has no review");
}

}  // namespace

bool Reviews::start(GameSessionBase& game, int64_t movetime_ms, const std::string& client,
                    const std::string& address) {
  if (auto* flip = dynamic_cast<FlipGameSession*>(&game)) {
    flip_.start(*flip, movetime_ms, client, address);
    return false;
  }
  if (auto* open = dynamic_cast<GameSession*>(&game)) {
    open_.start(*open, movetime_ms, client, address);
    return true;
  }
  throw no_review(game);
}

Json Reviews::status_json(GameSessionBase& game) {
  if (auto* flip = dynamic_cast<FlipGameSession*>(&game)) return flip_.status_json(*flip);
  if (auto* open = dynamic_cast<GameSession*>(&game)) return open_.status_json(*open);
  throw no_review(game);
}

}  // namespace jungle::web
