#pragma once

#include <atomic>
#include <cstdint>

#include "flip/flip_position.h"

namespace jungle::flip {

// Leaf count `depth` plies deep, each flip counted once per distinct piece it
// may reveal (not weighted by probability); a finished game has no children.
// Once `*stop` is set, returns at once with a count of no meaning.
uint64_t flip_perft(FlipPosition& pos, int depth, const std::atomic<bool>* stop = nullptr);

}  // namespace jungle::flip
