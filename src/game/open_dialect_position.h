#pragma once

#include <string>

#include "game/observation.h"

// The open game's `position` as mistboard's server sends it to its engines
// (docs/dialects.md, "MistyJungle / mistboard.com"): the open family's
// Family::position_in for mistboard.

namespace jungle::game {

// "fen <FEN> [reps <FEN>;<FEN>...]" in mistboard's notation for the open
// observation's position (our "startpos|fen F moves ..."): one FEN of each
// position that occurred at least twice from the start through the
// current one (board and side to move compared, the clocks not), the
// earliest's, as mistboard's jungleRepSeedFens writes them.
std::string mistboard_open_position(const Observation& observation);

}  // namespace jungle::game
