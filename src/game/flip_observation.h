#pragma once

#include <string_view>

#include "flip/flip_position.h"

// Flip Jungle's `position` text ("startpos moves b2?=L a1a2 ...", "fen F
// moves ..."; docs/engine.md, "Protocol", docs/flip.md), every flip written with what
// it revealed, read into a FlipPosition: what the protocol, the flip
// family's read_observation and the flip engine all read.

namespace jungle::game {

// Throws std::invalid_argument saying what is wrong and where: "invalid FEN
// 'F': ...", "move 1 b2? is a flip without what it revealed: write it like
// b2?=L", "move 2 b2a2 is not legal here".
flip::FlipPosition flip_position_of(const flip::FlipRulesPtr& rules, std::string_view position);

}  // namespace jungle::game
