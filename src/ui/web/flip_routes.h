#pragma once

#include <httplib.h>

#include "ui/web/api_routes.h"

// The API's routes for Flip Jungle games (docs/api.md, "Flip Jungle
// games"): the handlers in api_routes ask these first, so that a flip game
// answers on the same paths as a 7x9 one while the 7x9 code stays as it was.

namespace jungle::web {

enum class FlipRoute {
  kGet,
  kDelete,
  kMove,
  kEngineMove,
  kUndo,
  kResign,
  kPlayers,
  kRecord,
  kHint,
  kAnalysis,
};

// Answers the request when the game it names (req.matches[1]) is a flip
// game; false, with nothing sent, otherwise.
bool serve_flip_game(FlipRoute route, ApiContext& ctx, const httplib::Request& req,
                     httplib::Response& res);

// Creates a flip game when the body of POST /api/games names a flip set, or
// holds a record whose Variant does; false otherwise.
bool create_flip_game(ApiContext& ctx, const Json& body, httplib::Response& res);

// Answers POST /api/records/games when the record's Variant names a flip
// set: its one game (a flip record holds one), as the 7x9 answer lists
// each; false, with nothing sent, otherwise.
bool list_flip_record_games(ApiContext& ctx, const Json& body, httplib::Response& res);

}  // namespace jungle::web
