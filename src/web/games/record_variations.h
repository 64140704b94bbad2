#pragma once

#include <nlohmann/json.hpp>

#include "core/game_record.h"
#include "core/geometry.h"

namespace jungle::web {

// The side lines of a record's game (docs/records.md, "Side lines") as the
// records route answers them (docs/api.md), so that the page can rebuild
// its analysis board's lines from a record it loads:
// [{"ply": 1, "lines": [[{"move": "a7a6", "variations": []}, ...]]}, ...],
// one entry for each game move that has side lines, `ply` the moves played
// before it (where the lines leave the game), each move of a line with the
// lines that stand in for it, nested the same way. Moves are in coordinate
// notation; comments are left out (the analysis board has none).
nlohmann::json record_variations_json(const GameRecord& record, const Geometry& geometry);

}  // namespace jungle::web
