#include "web/store/open_store.h"

#include <cstdlib>
#include <memory>

#include "web/store/open_account_store.h"
#include "web/store/open_game_store.h"
#include "web/store/sqlite_account_store.h"
#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {

// Defined only where this build has PostgreSQL.
class PgAccountStore;
class PgGameStore;

namespace {

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

}  // namespace

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

bool is_postgres_url(const std::string& spec) {
  return spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0;
}

void refuse_postgres_url() {
  throw StoreError(
      "this jungle was built without PostgreSQL (libpqxx was not found when it was built: "
      "install libpqxx-dev and build again); give --db an SQLite file instead");
}

std::unique_ptr<GameStore> open_game_store(const std::string& spec) {
  return open_store<GameStore, SqliteGameStore, PgGameStore>(spec);
}

std::unique_ptr<AccountStore> open_account_store(const std::string& spec) {
  return open_store<AccountStore, SqliteAccountStore, PgAccountStore>(spec);
}

}  // namespace jungle::web
