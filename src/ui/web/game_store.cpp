#include "ui/web/game_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>

namespace jungle::web {

namespace {

// A prepared statement that finalises itself; every error becomes StoreError.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("prepare");
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, int64_t v) {
    if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) fail("bind");
    return *this;
  }
  Statement& bind(int i, const std::string& v) {
    if (sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT) != SQLITE_OK)
      fail("bind");
    return *this;
  }
  // True while rows come; false when done.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("step");
    return false;
  }
  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           size_t(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw StoreError(std::string("database ") + what + " failed: " + sqlite3_errmsg(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  created_ms  INTEGER NOT NULL,
  updated_ms  INTEGER NOT NULL,
  variant     TEXT    NOT NULL,
  start_fen   TEXT    NOT NULL,
  moves       TEXT    NOT NULL DEFAULT '',
  ply_count   INTEGER NOT NULL DEFAULT 0,
  blue        TEXT    NOT NULL,
  red         TEXT    NOT NULL,
  result      TEXT    NOT NULL DEFAULT '*',
  termination TEXT    NOT NULL DEFAULT '',
  declared    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS games_by_update ON games(updated_ms DESC);
)sql";

// Columns added after the first release, with what an older database gets:
// opening one adds them, so existing games keep working.
constexpr const char* kAddedColumns[][2] = {
    {"evaluations", "TEXT NOT NULL DEFAULT ''"},
};

constexpr const char* kColumns =
    "id, created_ms, updated_ms, variant, start_fen, moves, ply_count, blue, red, result, "
    "termination, declared, evaluations";

StoredGame read_row(const Statement& st) {
  StoredGame g;
  g.id = st.integer(0);
  g.created_ms = st.integer(1);
  g.updated_ms = st.integer(2);
  g.variant = st.text(3);
  g.start_fen = st.text(4);
  g.moves = st.text(5);
  g.ply_count = int(st.integer(6));
  g.blue = st.text(7);
  g.red = st.text(8);
  g.result = st.text(9);
  g.termination = st.text(10);
  g.declared = st.text(11);
  g.evaluations = st.text(12);
  return g;
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

GameStore::GameStore(const std::filesystem::path& path) : path_(path) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (sqlite3_open_v2(path.string().c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open the game database " + path.string() + ": " + message);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    // WAL keeps readers and the writer apart and survives a kill; NORMAL
    // sync loses at most the last commits on power loss, never consistency.
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    exec(kSchema);
    migrate();
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

GameStore::~GameStore() {
  if (db_) sqlite3_close(db_);
}

void GameStore::migrate() {
  std::vector<std::string> have;
  {
    Statement st(db_, "PRAGMA table_info(games)");
    while (st.step()) have.push_back(st.text(1));
  }
  for (const auto& [name, type] : kAddedColumns) {
    if (std::find(have.begin(), have.end(), name) != have.end()) continue;
    exec((std::string("ALTER TABLE games ADD COLUMN ") + name + " " + type).c_str());
  }
}

void GameStore::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError("database " + path_.string() + ": " + message);
  }
}

void GameStore::insert(StoredGame& game) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, "
               "blue, red, result, termination, declared, evaluations) "
               "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
  st.bind(1, game.created_ms)
      .bind(2, game.updated_ms)
      .bind(3, game.variant)
      .bind(4, game.start_fen)
      .bind(5, game.moves)
      .bind(6, int64_t(game.ply_count))
      .bind(7, game.blue)
      .bind(8, game.red)
      .bind(9, game.result)
      .bind(10, game.termination)
      .bind(11, game.declared)
      .bind(12, game.evaluations);
  st.step();
  game.id = sqlite3_last_insert_rowid(db_);
}

void GameStore::update(const StoredGame& game) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "UPDATE games SET updated_ms=?, moves=?, ply_count=?, blue=?, red=?, result=?, "
               "termination=?, declared=?, evaluations=? WHERE id=?");
  st.bind(1, game.updated_ms)
      .bind(2, game.moves)
      .bind(3, int64_t(game.ply_count))
      .bind(4, game.blue)
      .bind(5, game.red)
      .bind(6, game.result)
      .bind(7, game.termination)
      .bind(8, game.declared)
      .bind(9, game.evaluations)
      .bind(10, game.id);
  st.step();
  // An UPDATE that matches no row succeeds in SQL; here it would lose the
  // change without a word.
  if (sqlite3_changes(db_) == 0) throw MissingGameError(game.id);
}

std::optional<StoredGame> GameStore::load(int64_t id) {
  std::lock_guard lock(mutex_);
  Statement st(db_, (std::string("SELECT ") + kColumns + " FROM games WHERE id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_row(st);
}

bool GameStore::remove(int64_t id) {
  std::lock_guard lock(mutex_);
  Statement st(db_, "DELETE FROM games WHERE id=?");
  st.bind(1, id);
  st.step();
  return sqlite3_changes(db_) > 0;
}

std::vector<StoredGame> GameStore::list(int limit, int offset) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "SELECT id, created_ms, updated_ms, variant, start_fen, '', ply_count, blue, red, "
               "result, termination, declared, '' FROM games ORDER BY updated_ms DESC, id DESC "
               "LIMIT ? OFFSET ?");
  st.bind(1, int64_t(limit)).bind(2, int64_t(offset));
  std::vector<StoredGame> games;
  while (st.step()) games.push_back(read_row(st));
  return games;
}

int64_t GameStore::count() {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT COUNT(*) FROM games");
  st.step();
  return st.integer(0);
}

}  // namespace jungle::web
