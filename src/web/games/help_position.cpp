#include "web/games/help_position.h"

#include <string>

#include "web/server/game_error.h"

namespace jungle::web {

namespace {

[[noreturn]] void position_over(const std::string& why) {
  throw GameError(ErrorKind::kRefused, "position_over",
                  "there is nothing to analyse: the game is over in this position (" + why + ")");
}

}  // namespace

void require_ongoing(const game::State& state) {
  if (state.over()) position_over(state.termination());
}

}  // namespace jungle::web
