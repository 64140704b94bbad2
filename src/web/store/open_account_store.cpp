#include "web/store/open_account_store.h"

#include <filesystem>

#include "web/store/open_game_store.h"
#include "web/store/sqlite_account_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#endif

namespace jungle::web {

std::unique_ptr<AccountStore> open_account_store(const std::string& spec) {
  for (const char* scheme : {"postgresql://", "postgres://"}) {
    if (spec.rfind(scheme, 0) == 0) {
#ifdef JUNGLE_HAS_POSTGRES
      return std::make_unique<PgAccountStore>(spec);
#else
      throw StoreError(
          "this jungle was built without PostgreSQL (libpqxx was not found when it was built: "
          "install libpqxx-dev and build again); give --db an SQLite file instead");
#endif
    }
  }
  return std::make_unique<SqliteAccountStore>(spec.empty() ? default_database_path()
                                                           : std::filesystem::path(spec));
}

}  // namespace jungle::web
