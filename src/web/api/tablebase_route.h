#pragma once

#include <httplib.h>

#include <filesystem>
#include <functional>
#include <memory>

#include "game/endgame_tables.h"
#include "game/family.h"
#include "web/api/api_routes.h"

namespace jungle::web {

// Makes a family's endgame tables for the route, once when the server
// starts; null for a family whose games have none.
using EndgameTablesOf = std::function<std::unique_ptr<game::EndgameTables>(const game::Family&)>;

// Each family's own tables (Family::endgame_tables), the open game's from
// the folder `jungle serve --tb DIR` names (`dir`; empty: none).
EndgameTablesOf family_endgame_tables(const std::filesystem::path& dir);

// POST /api/tablebase {variant, fen}: the endgame tables' verdict on a
// position and each legal move's value (docs/api.md), asked of the variant's
// family's tables as `tables_of` makes them; {"available": false, "reason"}
// otherwise.
void add_tablebase_route(httplib::Server& server, ApiContext& context,
                         const EndgameTablesOf& tables_of);

}  // namespace jungle::web
