#include "web/store/sqlite_account_store.h"

#include <sqlite3.h>

#include "web/store/shared_account_sql.h"
#include "web/store/sqlite_statement.h"

namespace jungle::web {

namespace {

// Each step brings the account tables from the version before it to its own
// (docs/accounts.md). The PostgreSQL store's steps are the same tables.
constexpr const char* kAccountMigrations[] = {
    // 1: accounts, their sessions, the seats they own.
    R"sql(
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT    NOT NULL,
  name_key      TEXT    NOT NULL UNIQUE,
  password_hash TEXT    NOT NULL,
  created_ms    INTEGER NOT NULL,
  deleted_ms    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE account_sessions (
  token_digest TEXT    PRIMARY KEY,
  account_id   INTEGER NOT NULL,
  created_ms   INTEGER NOT NULL,
  expires_ms   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX account_sessions_by_account ON account_sessions(account_id);
CREATE TABLE seat_owners (
  game_id    INTEGER NOT NULL,
  seat       INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seat_owners_by_account ON seat_owners(account_id, game_id);
)sql",
    // 2: ratings per account and category, and the rated games counted.
    R"sql(
CREATE TABLE ratings (
  account_id INTEGER NOT NULL,
  category   TEXT    NOT NULL,
  rating     REAL    NOT NULL,
  deviation  REAL    NOT NULL,
  volatility REAL    NOT NULL,
  games      INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, category)
) WITHOUT ROWID;
CREATE INDEX ratings_by_category ON ratings(category, rating);
CREATE TABLE rated_games (
  game_id      INTEGER PRIMARY KEY,
  category     TEXT    NOT NULL,
  blue_account INTEGER NOT NULL,
  red_account  INTEGER NOT NULL,
  result       TEXT    NOT NULL,
  counted_ms   INTEGER NOT NULL,
  blue_before  REAL    NOT NULL DEFAULT 0,
  red_before   REAL    NOT NULL DEFAULT 0
);
)sql",
    // 3: the puzzle trainer's ratings (accounts' and puzzles') and each
    // account's puzzle history, which a restart used to forget.
    R"sql(
CREATE TABLE puzzle_players (
  account_id INTEGER PRIMARY KEY,
  rating     REAL    NOT NULL,
  deviation  REAL    NOT NULL,
  volatility REAL    NOT NULL,
  attempts   INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE TABLE puzzle_history (
  account_id    INTEGER NOT NULL,
  puzzle_id     TEXT    NOT NULL,
  solved        INTEGER NOT NULL,
  rating_before REAL    NOT NULL,
  rating_after  REAL    NOT NULL,
  attempted_ms  INTEGER NOT NULL,
  PRIMARY KEY (account_id, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_history_by_time ON puzzle_history(account_id, attempted_ms);
CREATE TABLE puzzle_ratings (
  puzzle_id  TEXT    PRIMARY KEY,
  rating     REAL    NOT NULL,
  deviation  REAL    NOT NULL,
  volatility REAL    NOT NULL,
  attempts   INTEGER NOT NULL
) WITHOUT ROWID;
)sql",
    // 4: each account's rating after each rated game, for its history;
    // the games counted before gain theirs (shared_account_sql.h).
    R"sql(
CREATE TABLE rating_history (
  account_id INTEGER NOT NULL,
  game_id    INTEGER NOT NULL,
  category   TEXT    NOT NULL,
  rating     REAL    NOT NULL,
  deviation  REAL,
  counted_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, game_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_time ON rating_history(account_id, counted_ms, game_id);
)sql",
    // 5: the login limits' buckets, shared by every server on the database.
    R"sql(
CREATE TABLE login_buckets (
  kind  TEXT    NOT NULL,
  key   TEXT    NOT NULL,
  units INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID;
CREATE INDEX login_buckets_by_time ON login_buckets(at_ms);
)sql",
};
static_assert(std::size(kAccountMigrations) == SqliteAccountStore::kSchemaVersion);

constexpr const char* kAccountColumns = "id, name, name_key, password_hash, created_ms, deleted_ms";

StoredAccount read_sqlite_account(const sqlite::Statement& st) {
  return StoredAccount{st.integer(0), st.text(1),    st.text(2),
                       st.text(3),    st.integer(4), st.integer(5)};
}

// The games an account owns seats of, with the seats as a bit set.
constexpr const char* kOwnedGames =
    "(SELECT game_id, SUM(1 << seat) AS mask FROM seat_owners WHERE account_id = ? "
    "GROUP BY game_id) m JOIN games g ON g.id = m.game_id";

// The seats of one game a live session's account owns, with the game's
// seats column (AccountStore::session_seats): one indexed read of each table.
#define JUNGLE_SESSION_SEATS(DIGEST, NOW, GAME)                                                \
  "SELECT o.seat, g.seats FROM account_sessions s JOIN accounts a ON a.id = s.account_id "     \
  "JOIN seat_owners o ON o.game_id = " GAME                                                    \
  " AND o.account_id = s.account_id "                                                          \
  "JOIN games g ON g.id = o.game_id WHERE s.token_digest = " DIGEST " AND s.expires_ms > " NOW \
  " AND a.deleted_ms = 0"

// A seat's owner's name, while the account lives.
#define JUNGLE_SQLITE_OWNER_NAME(SEAT)                                              \
  "(SELECT a.name FROM seat_owners o JOIN accounts a ON a.id = o.account_id WHERE " \
  "o.game_id = g.id AND o.seat = " SEAT " AND a.deleted_ms = 0)"

}  // namespace

SqliteAccountStore::SqliteAccountStore(const std::filesystem::path& path)
    : path_(path), db_(sqlite::open_database(path, "account database")) {
  try {
    exec("CREATE TABLE IF NOT EXISTS account_schema_version (version INTEGER NOT NULL)");
    const auto version = [&] {
      sqlite::Statement st(db_, "SELECT COALESCE(MAX(version), 0) FROM account_schema_version");
      st.step();
      return int(st.integer(0));
    };
    opened_version_ = version();
    if (opened_version_ > kSchemaVersion) {
      throw StoreError("the database " + path.string() + " has account schema version " +
                       std::to_string(opened_version_) + ", newer than this jungle knows (" +
                       std::to_string(kSchemaVersion) + "); use a newer jungle or another --db");
    }
    for (int step = opened_version_ + 1; step <= kSchemaVersion; ++step) {
      sqlite::Transaction tx(db_);
      // Another process may have migrated the file since it was opened.
      if (version() >= step) {
        tx.commit();
        continue;
      }
      exec(kAccountMigrations[step - 1]);
      if (step == 4) exec(kRatingHistoryBackfill);
      exec("DELETE FROM account_schema_version");
      sqlite::Statement st(db_, "INSERT INTO account_schema_version (version) VALUES (?)");
      st.bind(1, int64_t(step));
      st.step();
      tx.commit();
    }
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteAccountStore::~SqliteAccountStore() {
  if (db_) sqlite3_close(db_);
}

void SqliteAccountStore::exec(const char* sql) {
  sqlite::exec(db_, path_, sql);
}

std::optional<StoredAccount> SqliteAccountStore::create_account(const std::string& name,
                                                                const std::string& name_key,
                                                                const std::string& password_hash,
                                                                int64_t now_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_, "INSERT INTO accounts (name, name_key, password_hash, created_ms) VALUES (?,?,?,?)");
  st.bind(1, name).bind(2, name_key).bind(3, password_hash).bind(4, now_ms);
  try {
    st.step();
  } catch (const sqlite::ConstraintFailed&) {
    return std::nullopt;
  }
  return StoredAccount{sqlite3_last_insert_rowid(db_), name, name_key, password_hash, now_ms, 0};
}

std::optional<StoredAccount> SqliteAccountStore::account_where(const char* where,
                                                               const std::string& key, int64_t id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + where);
  if (key.empty()) {
    st.bind(1, id);
  } else {
    st.bind(1, key);
  }
  if (!st.step()) return std::nullopt;
  return read_sqlite_account(st);
}

std::optional<StoredAccount> SqliteAccountStore::account_by_name(const std::string& name_key) {
  if (name_key.empty()) return std::nullopt;
  return account_where("name_key = ?", name_key, 0);
}

std::optional<StoredAccount> SqliteAccountStore::account_by_id(int64_t id) {
  return account_where("id = ?", "", id);
}

void SqliteAccountStore::set_password(int64_t account_id, const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       "UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted_ms = 0");
  st.bind(1, password_hash).bind(2, account_id);
  st.step();
}

void SqliteAccountStore::delete_account(int64_t account_id, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Transaction tx(db_);
  {
    sqlite::Statement st(db_,
                         "UPDATE accounts SET password_hash = '', deleted_ms = ? WHERE id = ?");
    st.bind(1, now_ms).bind(2, account_id);
    st.step();
  }
  for (const char* sql : {"DELETE FROM account_sessions WHERE account_id = ?",
                          "DELETE FROM seat_owners WHERE account_id = ?"}) {
    sqlite::Statement st(db_, sql);
    st.bind(1, account_id);
    st.step();
  }
  tx.commit();
}

void SqliteAccountStore::add_session(const std::string& token_digest, int64_t account_id,
                                     int64_t created_ms, int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_,
      "INSERT INTO account_sessions (token_digest, account_id, created_ms, expires_ms) "
      "VALUES (?,?,?,?)");
  st.bind(1, token_digest).bind(2, account_id).bind(3, created_ms).bind(4, expires_ms);
  st.step();
}

std::optional<int64_t> SqliteAccountStore::session_account(const std::string& token_digest,
                                                           int64_t now_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_,
      "SELECT s.account_id FROM account_sessions s JOIN accounts a ON a.id = "
      "s.account_id WHERE s.token_digest = ? AND s.expires_ms > ? AND a.deleted_ms = 0");
  st.bind(1, token_digest).bind(2, now_ms);
  if (!st.step()) return std::nullopt;
  return st.integer(0);
}

void SqliteAccountStore::remove_session(const std::string& token_digest) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "DELETE FROM account_sessions WHERE token_digest = ?");
  st.bind(1, token_digest);
  st.step();
}

void SqliteAccountStore::remove_sessions(int64_t account_id, const std::string& keep_digest,
                                         int64_t now_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_,
      "DELETE FROM account_sessions WHERE (account_id = ? AND token_digest <> ?) OR "
      "expires_ms <= ?");
  st.bind(1, account_id).bind(2, keep_digest).bind(3, now_ms);
  st.step();
}

int64_t SqliteAccountStore::session_count(int64_t account_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "SELECT COUNT(*) FROM account_sessions WHERE account_id = ?");
  st.bind(1, account_id);
  st.step();
  return st.integer(0);
}

bool SqliteAccountStore::own_seat(int64_t game_id, int seat, int64_t account_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       "INSERT INTO seat_owners (game_id, seat, account_id) VALUES (?,?,?) "
                       "ON CONFLICT (game_id, seat) DO NOTHING");
  st.bind(1, game_id).bind(2, int64_t(seat)).bind(3, account_id);
  st.step();
  return sqlite3_changes(db_) > 0;
}

std::vector<HeldGame> SqliteAccountStore::games_naming(const std::string& digest, int limit) {
  std::vector<HeldGame> out;
  // Digests are hex: nothing in one means anything to LIKE.
  if (digest.empty() || digest.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return out;
  }
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_, "SELECT id, seats, blue, red FROM games WHERE seats LIKE ? ORDER BY id DESC LIMIT ?");
  st.bind(1, "%" + digest + "%").bind(2, int64_t(limit));
  while (st.step()) out.push_back(HeldGame{st.integer(0), st.text(1), st.text(2), st.text(3)});
  return out;
}

std::vector<OwnedGame> SqliteAccountStore::owned_games(int64_t account_id, int limit, int offset,
                                                       const OwnedGameFilter& filter) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_, std::string("SELECT g.id, g.created_ms, g.updated_ms, g.variant, g.ply_count, "
                       "g.result, g.termination, g.declared, m.mask, ") +
               JUNGLE_SQLITE_OWNER_NAME(JUNGLE_SEAT_OF_BLUE) + ", " +
               JUNGLE_SQLITE_OWNER_NAME(JUNGLE_SEAT_OF_RED) +
               ", g.seats, g.clock, g.category, " JUNGLE_OWNED_COLOURS " FROM " + kOwnedGames +
               JUNGLE_OWNED_FILTER("?4", "?5", "?6") +
               " ORDER BY g.updated_ms DESC, g.id DESC LIMIT ?2 OFFSET ?3");
  st.bind(1, account_id).bind(2, int64_t(limit)).bind(3, int64_t(offset));
  st.bind(4, int64_t(rated_filter_value(filter.rated)))
      .bind(5, filter.category)
      .bind(6, filter.outcome);
  std::vector<OwnedGame> out;
  while (st.step()) {
    OwnedGame o;
    o.game.id = st.integer(0);
    o.game.created_ms = st.integer(1);
    o.game.updated_ms = st.integer(2);
    o.game.variant = st.text(3);
    o.game.ply_count = int(st.integer(4));
    o.game.result = st.text(5);
    o.game.termination = st.text(6);
    o.game.declared = st.text(7);
    o.seats = int(st.integer(8));
    o.blue_owner = st.text(9);
    o.red_owner = st.text(10);
    o.game.seats = st.text(11);
    o.game.clock = st.text(12);
    o.game.category = st.text(13);
    o.colours = int(st.integer(14));
    out.push_back(std::move(o));
  }
  return out;
}

AccountTally SqliteAccountStore::tally(int64_t account_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_,
      std::string("SELECT " JUNGLE_OWNED_COLOURS ", g.result, g.termination FROM ") + kOwnedGames);
  st.bind(1, account_id);
  AccountTally t;
  while (st.step()) count_result(t, int(st.integer(0)), st.text(1), st.text(2));
  return t;
}

std::array<int64_t, 2> SqliteAccountStore::seat_owners(int64_t game_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "SELECT seat, account_id FROM seat_owners WHERE game_id = ?");
  st.bind(1, game_id);
  std::array<int64_t, 2> out{};
  while (st.step()) {
    const int64_t seat = st.integer(0);
    if (seat == 0 || seat == 1) out[size_t(seat)] = st.integer(1);
  }
  return out;
}

SessionSeats SqliteAccountStore::session_seats(const std::string& token_digest, int64_t game_id,
                                               int64_t now_ms) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, JUNGLE_SESSION_SEATS("?1", "?2", "?3"));
  st.bind(1, token_digest).bind(2, now_ms).bind(3, game_id);
  SessionSeats out;
  while (st.step()) {
    const int64_t seat = st.integer(0);
    if (seat == 0 || seat == 1) out.seats |= 1 << seat;
    out.table = st.text(1);
  }
  return out;
}

std::optional<LoginBucket> SqliteAccountStore::login_bucket(const std::string& kind,
                                                            const std::string& key) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "SELECT units, at_ms FROM login_buckets WHERE kind = ? AND key = ?");
  st.bind(1, kind).bind(2, key);
  if (!st.step()) return std::nullopt;
  return LoginBucket{st.integer(0), st.integer(1)};
}

void SqliteAccountStore::change_login_bucket(const std::string& kind, const std::string& key,
                                             const LoginBucketChange& change,
                                             int64_t forget_before_ms) {
  std::lock_guard lock(mutex_);
  // BEGIN IMMEDIATE: the write lock before the read, so that another
  // process counting a failure of the same key waits for this one.
  sqlite::Transaction tx(db_);
  std::optional<LoginBucket> before;
  {
    sqlite::Statement st(db_, "SELECT units, at_ms FROM login_buckets WHERE kind = ? AND key = ?");
    st.bind(1, kind).bind(2, key);
    if (st.step()) before = LoginBucket{st.integer(0), st.integer(1)};
  }
  const LoginBucket after = change(before);
  {
    sqlite::Statement st(db_,
                         "INSERT INTO login_buckets (kind, key, units, at_ms) VALUES (?,?,?,?) "
                         "ON CONFLICT (kind, key) DO UPDATE SET units = excluded.units, "
                         "at_ms = excluded.at_ms");
    st.bind(1, kind).bind(2, key).bind(3, after.units).bind(4, after.at_ms);
    st.step();
  }
  sqlite::Statement st(db_, "DELETE FROM login_buckets WHERE at_ms < ?");
  st.bind(1, forget_before_ms);
  st.step();
  tx.commit();
}

}  // namespace jungle::web

#undef JUNGLE_SQLITE_OWNER_NAME
