#pragma once

#include "game/state.h"

namespace jungle::game {

// A record's tags: the caller's Event, Date, Blue and Red first, then the
// game's own (Result, Variant, FEN, Termination: the game decides them, not
// the caller), then the caller's others in their order.
Tags merge_tags(const Tags& caller, const Tags& game);

}  // namespace jungle::game
