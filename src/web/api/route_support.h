#pragma once

#include <httplib.h>

#include <cstdint>
#include <functional>
#include <string>

#include "web/api/api_routes.h"
#include "web/games/help_position.h"
#include "web/service/game_service.h"

// What the route files share: the guard that turns every failure into a
// JSON error, the game id of a path, and who a request comes from.

namespace jungle::web {

using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;

// Runs a handler and turns whatever it throws into a JSON error (GameError
// by its kind, a store's failure as 500, a write conflict as 409), so no
// request can take the server down or leave an HTML error page.
Handler guarded(Handler handler);

// The game id in the path's first group; GameError kNotFound when it does
// not fit an id.
int64_t game_id(const httplib::Request& req);

// Who the request comes from: its player key (cookie or X-Player-Key, or
// the one this very answer issues), its seat tokens (X-Seat-Token, several
// separated by commas), the one seat it acts as (?as=blue|red), and the
// client and address for the engines' shares. Throws GameError kBadRequest
// for an `as` that names no seat.
Requester requester(const ApiContext& ctx, const httplib::Request& req,
                    const httplib::Response& res);

}  // namespace jungle::web
