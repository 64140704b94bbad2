#pragma once

#include <string>
#include <string_view>

#include "notation/dialect.h"

namespace jungle::notation {

// Whole games between dialects. In our dialect a game is a JGN record
// (docs/records.md). In another it is the record's tag pairs, a blank line,
// then the main line one move a line as that dialect writes moves (a KataGo
// move is its two `play` stages on one line), and a blank line after the
// game; the FEN tag is written in the dialect's position format (Bush has
// none, so a game from another start cannot be written in his notation).
// Comments and side lines do not cross over. Every move is checked legal
// under the game's Variant (a shipped set; standard when absent).
// Throws NotationError naming the game and the move, or the record's own error.
std::string convert_records(std::string_view text, Dialect from, Dialect to);

}  // namespace jungle::notation
