#pragma once

#include <variant>

#include "core/position.h"
#include "flip/flip_position.h"
#include "hidden/player_view.h"

// What the engine's help for one reader of a game is given: the position,
// in its family's own type, as that reader may see it (GameSessionBase::
// help_position): an open game's board, a Flip Jungle position (whose
// face-down tiles are nothing until flipped), a hidden game's player view
// (never the arbiter's truth). The engines' side (engines/engine_help.h)
// runs the family's engine on it, on the engine pool.

namespace jungle::web {

using HelpPosition = std::variant<Position, flip::FlipPosition, hidden::PlayerView>;

// The engine's help a reader may ask of a game.
enum class Help { kHint, kAnalysis, kReview };

// "hints", "analyses", "reviews": the words refusals use.
inline const char* help_name(Help help) {
  switch (help) {
    case Help::kHint:
      return "hints";
    case Help::kAnalysis:
      return "analyses";
    case Help::kReview:
      break;
  }
  return "reviews";
}

// GameError kRefused "position_over" when the game is over in `pos`: there
// is nothing to analyse.
void require_ongoing(const Position& pos);
void require_ongoing(const flip::FlipPosition& pos);

}  // namespace jungle::web
