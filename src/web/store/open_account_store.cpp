#include "web/store/open_account_store.h"

#include "web/store/open_store.h"
#include "web/store/sqlite_account_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#endif

namespace jungle::web {

class PgAccountStore;  // defined only where this build has PostgreSQL

std::unique_ptr<AccountStore> open_account_store(const std::string& spec) {
  return open_store<AccountStore, SqliteAccountStore, PgAccountStore>(spec);
}

}  // namespace jungle::web
