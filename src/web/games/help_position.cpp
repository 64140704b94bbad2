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

void require_ongoing(const flip::FlipPosition& pos) {
  if (const flip::FlipEnd end = pos.end(); end != flip::FlipEnd::kNone) {
    position_over(std::string(flip::flip_end_tag(end)));
  }
}

}  // namespace jungle::web
