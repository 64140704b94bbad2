#pragma once

#include <optional>
#include <string>

#include "core/position.h"

namespace jungle {

// How render_board draws a position.
struct BoardStyle {
  bool ascii = false;    // FEN letters instead of the Chinese characters 象獅虎豹狼狗貓鼠
  bool colour = false;   // ANSI colours: the sides, water, traps and dens
  bool flipped = false;  // Red's side at the bottom, as the Red player sits
  // With the hidden-pieces rule: the side whose animals the viewer may not see.
  std::optional<Side> hidden_side;
};

// The board as a person sees it: coordinates on all four edges, water, traps
// and dens marked, and the last move's squares framed in brackets. Without
// colour the Chinese characters carry their FEN letter (象E, 象e) so that the
// sides stay apart.
std::string render_board(const Position& pos, const BoardStyle& style);

}  // namespace jungle
