#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "puzzles/puzzle.h"

namespace jungle::puzzles {

// A puzzle with at most this many pieces on the board is an endgame.
inline constexpr int kEndgamePieces = 6;

// The themes of a solution played from `start`, read off the player's
// moves (every other move, from the first), in kThemeNames order:
// den-attack  the line ends with the player entering the enemy den;
// trap        the player captures on a trap square (a piece in a trap);
// river-jump  the player jumps across water;
// rat-elephant the player's Rat captures an Elephant;
// defence     the goal is to defend (only one move holds);
// endgame     at most kEndgamePieces pieces at the start.
std::vector<std::string> tag_themes(const Position& start, const std::vector<Move>& solution,
                                    Goal goal);

}  // namespace jungle::puzzles
