#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace jungle {

// Leaf nodes at `depth` plies; a position whose game has ended has none.
uint64_t perft(Position& pos, int depth);
// Per root move: the move and its leaf count at depth - 1 below it.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace jungle
