#pragma once

#include "game/observation.h"
#include "game/state.h"

// The whole board of a game, every animal shown, as the open game's engine
// takes it: for a game whose truth has become public (a hidden-pieces game
// once it is over, docs/web-capabilities.md "Live analysis"). While such a
// game goes on nothing may call this: an engine never takes the truth of a
// game still being played (hidden_observation.h).

namespace jungle::game {

// `state`'s board (State::fen, the truth) as the open game's position
// text, "fen F", observed by its side to move, with that side's legal
// moves; the variant is the state's own, whose rules the open game's
// engine loads (OpenEngine::use_variant). Throws std::invalid_argument
// where the state is not a side's turn (chance to act, or over).
Observation truth_observation(const State& state);

}  // namespace jungle::game
