#pragma once

#include <memory>

#include "game/endgame_tables.h"

namespace jungle::game {

// The open game's tables: the files of `source.folder` (docs/tablebases.md),
// opened once per rule set; with no folder every probe says the tables are
// missing. Distances count plies to the end of the game.
std::unique_ptr<EndgameTables> open_endgame_tables(const EndgameTableSource& source);

}  // namespace jungle::game
