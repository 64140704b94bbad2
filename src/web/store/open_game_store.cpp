#include "web/store/open_game_store.h"

#include <cstdlib>

#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {

std::filesystem::path default_database_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  std::filesystem::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
  }
  return base / "jungle" / "games.db";
}

std::unique_ptr<GameStore> open_game_store(const std::string& spec) {
  for (const char* scheme : {"postgresql://", "postgres://"}) {
    if (spec.rfind(scheme, 0) == 0) {
#ifdef JUNGLE_HAS_POSTGRES
      return std::make_unique<PgGameStore>(spec);
#else
      throw StoreError(
          "this jungle was built without PostgreSQL (libpqxx was not found when it was built: "
          "install libpqxx-dev and build again); give --db an SQLite file instead");
#endif
    }
  }
  return std::make_unique<SqliteGameStore>(spec.empty() ? default_database_path()
                                                        : std::filesystem::path(spec));
}

}  // namespace jungle::web
