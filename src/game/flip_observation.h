#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "flip/flip_position.h"
#include "game/seen_ply.h"

// Flip Jungle's `position` text ("startpos moves b2?=L a1a2 ...", "fen F
// moves ..."; docs/engine.md, "Protocol", docs/flip.md), every flip written with what
// it revealed, read into a FlipPosition: what the protocol, the flip
// family's read_observation and the flip engine all read.

namespace jungle::game {

// Throws std::invalid_argument saying what is wrong and where: "invalid FEN
// 'F': ...", "move 1 b2? is a flip without what it revealed: write it like
// b2?=L", "move 2 b2a2 is not legal here".
flip::FlipPosition flip_position_of(const flip::FlipRulesPtr& rules, std::string_view position);

// A tile as the web app writes it: an animal's letter, "?" face down, ""
// empty.
std::string cell_text(flip::Cell c);

// The plies of such a text as every viewer knows them: each flip with
// what it revealed, each move with the animal it moved, took or lost, who
// played it (the first player's seat is the colour its first flip
// revealed, in a set whose first flip gives the colours) and the FEN after
// it. Throws as flip_position_of does.
std::vector<SeenPly> flip_seen_plies(const flip::FlipRulesPtr& rules, std::string_view position);

}  // namespace jungle::game
