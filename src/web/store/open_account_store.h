#pragma once

#include <memory>
#include <string>

#include "web/store/account_store.h"

// The factory of account stores, apart from the interface so that the
// interface does not include its implementations (each of which includes
// it), as open_game_store.h is for the game stores.

namespace jungle::web {

// The account store of the database `spec` names, as open_game_store reads
// it: an SQLite file (default_database_path() when empty) or a PostgreSQL
// URL. Throws StoreError.
std::unique_ptr<AccountStore> open_account_store(const std::string& spec);

}  // namespace jungle::web
