#pragma once

// What the account stores' tests share (tests/account_test.cpp,
// tests/rating_history_test.cpp): a rated game counted with the ratings
// after it given, and an SQLite file put back to an older account schema,
// as a previous jungle left it, for the next store to migrate.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "web/store/account_store.h"

namespace jungle::web {

// Counts game `id` with the ratings after it given (rating and deviation of
// each seat's account; volatility 0.06), whatever the ratings before it.
inline void count_with_ratings(AccountStore& store, int64_t id, const std::string& category,
                               std::array<int64_t, 2> accounts, const std::string& result,
                               int64_t now, std::array<double, 4> after) {
  ASSERT_TRUE(store.count_rated_game(
      RatedGame{id, category, accounts, result, now}, [&](const std::array<StoredRating, 2>&) {
        return std::array<rating::Rating, 2>{rating::Rating{after[0], after[1], 0.06},
                                             rating::Rating{after[2], after[3], 0.06}};
      }));
}

// Leaves the SQLite file `file` as the jungle of account schema `version`
// left it: the `tables` that schema did not have yet dropped, and its
// version written, so that the next SqliteAccountStore opened on it
// migrates it (or, for a version newer than its own, refuses it).
inline void set_account_schema(const std::filesystem::path& file, int version,
                               const std::vector<std::string>& tables) {
  std::string sql;
  for (const std::string& t : tables) sql += "DROP TABLE " + t + "; ";
  sql += "UPDATE account_schema_version SET version = " + std::to_string(version);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.string().c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
      << (error != nullptr ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

}  // namespace jungle::web
