#include "web/store/open_game_store.h"

#include "web/store/open_store.h"
#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {

class PgGameStore;  // defined only where this build has PostgreSQL

std::unique_ptr<GameStore> open_game_store(const std::string& spec) {
  return open_store<GameStore, SqliteGameStore, PgGameStore>(spec);
}

}  // namespace jungle::web
