#pragma once

// What the parts of the game service (game_service*.cpp) share: the
// refusals several of them give, and the fields several of them read.

#include <array>
#include <string>

#include "web/games/game_session_base.h"
#include "web/server/game_error.h"

namespace jungle::web {

inline GameError not_your_seat(const std::string& what) {
  return GameError(ErrorKind::kForbidden, "not_your_seat",
                   what +
                       ": this request does not hold that seat (send the seat's token, or "
                       "play from the browser that took it)");
}

inline GameError no_such_game(int64_t id) {
  return GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
}

inline GameError game_over(const GameSessionBase& game) {
  return GameError(ErrorKind::kRefused, "game_over", "the game is over: " + game.result_message());
}

// An engine's move found the game changed (or deleted) when it came back.
inline GameError game_changed() {
  return GameError(ErrorKind::kConflict, "game_changed",
                   "the game changed while the engine was thinking; its move was dropped");
}

// The "blue" and "red" players of a body.
inline std::array<PlayerConfig, kSides> read_players(const Json& body, int64_t max_movetime_ms) {
  return {PlayerConfig::from_json(body.value("blue", Json()), "blue", max_movetime_ms),
          PlayerConfig::from_json(body.value("red", Json()), "red", max_movetime_ms)};
}

// A player's name as given, or GameError when it is too long.
inline std::string checked_name(const std::string& name) {
  if (name.size() > kMaxNameLength) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'name' may have at most " + std::to_string(kMaxNameLength) + " characters");
  }
  return name;
}

}  // namespace jungle::web
