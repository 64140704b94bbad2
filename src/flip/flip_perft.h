#pragma once

#include <cstdint>

#include "flip/flip_position.h"

namespace jungle::flip {

// Leaf count `depth` plies deep, each flip counted once per distinct piece it
// may reveal (not weighted by probability); a finished game has no children.
uint64_t flip_perft(FlipPosition& pos, int depth);

}  // namespace jungle::flip
