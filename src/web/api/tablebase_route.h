#pragma once

#include <httplib.h>

#include <filesystem>

#include "web/api/api_routes.h"

namespace jungle::web {

// POST /api/tablebase {variant, fen}: the endgame tables' verdict on a
// position and each legal move's value (docs/api.md), asked of the variant's
// family (Family::endgame_tables; the open game's from the folder `jungle
// serve --tb DIR` names); {"available": false, "reason"} otherwise.
void add_tablebase_route(httplib::Server& server, ApiContext& context,
                         const std::filesystem::path& dir);

}  // namespace jungle::web
