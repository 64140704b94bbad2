#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "web/store/game_store.h"

// What the game stores' and the account stores' factories share
// (open_game_store.h, open_account_store.h): one reading of `--db`.

namespace jungle::web {

// $XDG_DATA_HOME/jungle/games.db, else ~/.local/share/jungle/games.db.
std::filesystem::path default_database_path();

// Whether `spec` is a PostgreSQL database's URL (postgresql://...,
// postgres://...) rather than an SQLite file.
bool is_postgres_url(const std::string& spec);

// Throws the StoreError that refuses a PostgreSQL URL in a build without
// libpqxx, saying why and what to give instead.
[[noreturn]] void refuse_postgres_url();

// The store of kind `Store` that `spec` names: a `Pg` store for a
// PostgreSQL URL, else a `Sqlite` store in that file (default_database_path()
// when `spec` is empty). `Pg` is only declared in a build without
// PostgreSQL, where such a URL is refused (refuse_postgres_url). Throws
// StoreError.
template <typename Store, typename Sqlite, typename Pg>
std::unique_ptr<Store> open_store(const std::string& spec) {
  if (is_postgres_url(spec)) {
#ifdef JUNGLE_HAS_POSTGRES
    return std::make_unique<Pg>(spec);
#else
    refuse_postgres_url();
#endif
  }
  return std::make_unique<Sqlite>(spec.empty() ? default_database_path()
                                               : std::filesystem::path(spec));
}

}  // namespace jungle::web
