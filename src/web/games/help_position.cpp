#include "web/games/help_position.h"

#include <string>

#include "core/movegen.h"
#include "web/server/game_error.h"

namespace jungle::web {

namespace {

[[noreturn]] void position_over(const std::string& why) {
  throw GameError(ErrorKind::kRefused, "position_over",
                  "there is nothing to analyse: the game is over in this position (" + why + ")");
}

}  // namespace

void require_ongoing(const Position& pos) {
  Termination why = Termination::kNone;
  if (game_result(pos, &why) != GameResult::kOngoing)
    position_over(std::string(termination_tag(why)));
}

void require_ongoing(const game::State& state) {
  if (state.over()) position_over(state.termination());
}

}  // namespace jungle::web
