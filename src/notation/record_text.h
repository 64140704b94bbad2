#pragma once

#include <string>
#include <string_view>

#include "core/dialect.h"

namespace jungle::notation {

// Whole games between dialects: JGN records (docs/records.md) whose
// Notation tag names the dialect, their FEN tag in its position format and
// their moves as it writes them, one word each (KataGo's two vertices,
// "A3A4"); ours has no Notation tag. A game read without the tag is taken to
// be in `from`. Comments and side lines cross over. Every move is checked
// legal under the game's Variant; the other dialects need the 7x9 board,
// and Bush has no position format, so a game from another start cannot be
// written in his notation.
// Throws NotationError naming the game and the move, or the record's own error.
std::string convert_records(std::string_view text, Dialect from, Dialect to);

}  // namespace jungle::notation
