#pragma once

#include <string>

#include "web/server/json_fields.h"
#include "web/store/game_store.h"

namespace jungle::web {

// A line of the games list, from the database alone.
Json stored_summary_json(const StoredGame& g);

// Moves as the move list numbers them, of a game of `plies` plies from
// `start_fen`: Blue's and Red's turn make one, and a game that opens with
// Red's turn starts a move of its own.
int full_moves(const std::string& start_fen, int plies);

}  // namespace jungle::web
