#pragma once

#include <httplib.h>

#include "web/api/api_routes.h"
#include "web/puzzles/puzzle_trainer.h"

namespace jungle::web {

// The puzzle trainer's routes under /api/puzzles/ (docs/api.md, "Puzzles"):
// the themes, the next puzzle at a rating, the daily puzzle, one puzzle by
// id, an attempt judged move by move, the player's puzzle rating. Like
// every route they pass the request guard first (Host, Origin, JSON).
void add_puzzle_routes(httplib::Server& server, ApiContext& context, PuzzleTrainer& trainer);

}  // namespace jungle::web
