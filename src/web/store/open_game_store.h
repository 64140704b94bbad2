#pragma once

#include <memory>
#include <string>

#include "web/store/game_store.h"

// The factory of stores, apart from the interface so that the interface
// does not include its implementations (each of which includes it); it
// reads `--db` as the account stores' does (open_store.h, open_store.cpp).

namespace jungle::web {

// The store `--db` names: an SQLite file (created with its folder when
// missing), or a PostgreSQL database's URL (postgresql://user@host:port/db,
// postgres://...; refused with the reason when this build has no libpqxx).
// Throws StoreError.
std::unique_ptr<GameStore> open_game_store(const std::string& spec);

}  // namespace jungle::web
