#include "web/store/account_store.h"

#include "core/aborted_game.h"
#include "web/store/open_game_store.h"
#include "web/store/sqlite_account_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#endif

namespace jungle::web {

void count_result(AccountTally& tally, int colours, const std::string& result,
                  const std::string& termination) {
  // An aborted game was never played: not a game, a win, a draw or a loss.
  if (termination == kAbortedTermination) return;
  ++tally.games;
  if (colours != 1 && colours != 2) return;
  if (result == "1/2-1/2") {
    ++tally.draws;
  } else if (result == "1-0" || result == "0-1") {
    const bool blue_won = result == "1-0";
    ++((colours == 1) == blue_won ? tally.wins : tally.losses);
  }
}

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
