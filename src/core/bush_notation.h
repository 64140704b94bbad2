#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/geometry.h"
#include "core/types.h"

namespace jungle {

// David Bush's square names (his rules text of 1993, docs/dialects.md):
// columns numbered from the right as Blue (at the bottom) sees the board, so
// 7..1 from left to right on the standard board, and rows lettered from Red's
// side, a..i. Our a1 is his "7i", Blue's den d1 his "4i", Red's den d9 his
// "4a". A move is his two squares, "7g-7f" (or "7g7f"): his text names
// squares only, and that form is the plain one. Boards of up to 9 files and
// 26 ranks; kNoSquare or nothing for any other text.
std::string bush_square_name(const Geometry& board, Square s);
Square parse_bush_square(const Geometry& board, std::string_view text);
std::optional<Move> parse_bush_move(const Geometry& board, std::string_view text);
std::string bush_move_text(const Geometry& board, Move m);

}  // namespace jungle
