#pragma once

#include <filesystem>
#include <string>

#include "web/store/game_store.h"

// How `--db` is read, once for the game stores' and the account stores'
// factories (open_game_store.h, open_account_store.h), which open_store.cpp
// defines.

namespace jungle::web {

// $XDG_DATA_HOME/jungle/games.db, else ~/.local/share/jungle/games.db.
std::filesystem::path default_database_path();

// Whether `spec` is a PostgreSQL database's URL (postgresql://...,
// postgres://...) rather than an SQLite file.
bool is_postgres_url(const std::string& spec);

// Throws the StoreError that refuses a PostgreSQL URL in a build without
// libpqxx, saying why and what to give instead.
[[noreturn]] void refuse_postgres_url();

}  // namespace jungle::web
