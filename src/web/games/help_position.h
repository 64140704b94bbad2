#pragma once

#include "game/state.h"

// What the engine's help for one reader of a game is given is what that
// reader may see (GameSessionBase::help_position): the reader's
// game::Observation, searched by the family's engine behind the game
// interface (engines/game_engine_job.h) for every family alike: an open
// game's position with the moves that led to it, a Flip Jungle position
// whose face-down tiles are nothing until flipped, a hidden game's
// player's own view (never the arbiter's truth). Here: the kinds of help,
// and the rule that a finished position has none.

namespace jungle::web {

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

// GameError kRefused "position_over" where the state of a game of any
// family is over (by its rules, or by a result declared): there is nothing
// to analyse.
void require_ongoing(const game::State& state);

}  // namespace jungle::web
