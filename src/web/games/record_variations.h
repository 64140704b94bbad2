#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "core/game_record.h"
#include "core/geometry.h"

namespace jungle::web {

// The side lines of a record's game (docs/records.md, "Side lines") as the
// records route answers them (docs/api.md), so that the page can rebuild
// its analysis board's lines from a record it loads:
// [{"ply": 1, "lines": [[{"move": "a7a6", "variations": []}, ...]]}, ...],
// one entry for each game ply that has side lines, `ply` the plies played
// before it (where the lines leave the game), each ply of a line with the
// lines that stand in for it, nested the same way. Actions are as records
// write them ("a3a4", a flip with what it revealed "b2?=L"); comments are
// left out (the analysis board has none). `by_ply` holds each game ply's
// side lines (game::RecordedGame::side_lines).
nlohmann::json record_variations_json(
    const std::vector<std::vector<std::vector<RecordedText>>>& by_ply);
// The same for an open game's record, its moves written on `geometry`.
nlohmann::json record_variations_json(const GameRecord& record, const Geometry& geometry);

}  // namespace jungle::web
