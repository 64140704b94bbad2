#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

#include "web/store/game_store.h"

// A prepared SQLite statement and a write transaction, each ending itself,
// with every error a StoreError, and the one way those stores open their
// file; for the stores that keep their tables in an SQLite file (the games'
// and the accounts').

namespace jungle::web::sqlite {

// A UNIQUE or other constraint refused the write.
class ConstraintFailed : public StoreError {
 public:
  using StoreError::StoreError;
};

class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) fail("prepare", 0);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, int64_t v) {
    if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) fail("bind", 0);
    return *this;
  }
  Statement& bind(int i, double v) {
    if (sqlite3_bind_double(stmt_, i, v) != SQLITE_OK) fail("bind", 0);
    return *this;
  }
  Statement& bind(int i, const std::string& v) {
    if (sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT) != SQLITE_OK)
      fail("bind", 0);
    return *this;
  }
  // NULL for an empty text: a column whose "none" must not collide in a
  // UNIQUE index.
  Statement& bind_or_null(int i, const std::string& v) {
    if (v.empty()) {
      if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) fail("bind", 0);
      return *this;
    }
    return bind(i, v);
  }
  // True while rows come; false when done.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("step", rc);
  }
  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string text(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           size_t(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }

 private:
  [[noreturn]] void fail(const char* what, int rc) const {
    const std::string message = std::string("database ") + what + " failed: " + sqlite3_errmsg(db_);
    if ((rc & 0xff) == SQLITE_CONSTRAINT) throw ConstraintFailed(message);
    throw StoreError(message);
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when left by an exception:
// IMMEDIATE takes the write lock at once, so that two processes on one
// file cannot both read and then both write.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    run("COMMIT");
    done_ = true;
  }

 private:
  void run(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      std::string message = error ? error : "unknown error";
      sqlite3_free(error);
      throw StoreError(std::string("database ") + sql + " failed: " + message);
    }
  }
  sqlite3* db_;
  bool done_ = false;
};

// Runs `sql` (one statement or several, no rows wanted) on the file at
// `path`; a failure is a StoreError naming the file.
inline void exec(sqlite3* db, const std::filesystem::path& path, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError("database " + path.string() + ": " + message);
  }
}

// Opens the SQLite file at `path` for a store, creating it and its folder:
// serialized (FULLMUTEX: the stores' threads share the connection), waiting
// up to 5 s for another process's write lock, in WAL mode (readers and the
// writer apart, and it survives a kill) with NORMAL sync (a power loss may
// lose the last commits, never consistency). `what` names the database in
// the error ("game database"). Throws StoreError, with nothing left open.
inline sqlite3* open_database(const std::filesystem::path& path, const std::string& what) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.string().c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw StoreError("cannot open the " + what + " " + path.string() + ": " + message);
  }
  sqlite3_busy_timeout(db, 5000);
  try {
    exec(db, path, "PRAGMA journal_mode=WAL");
    exec(db, path, "PRAGMA synchronous=NORMAL");
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  return db;
}

}  // namespace jungle::web::sqlite
