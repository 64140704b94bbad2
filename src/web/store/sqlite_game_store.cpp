#include "web/store/sqlite_game_store.h"

#include <sqlite3.h>

#include <algorithm>

#include "web/store/shared_game_sql.h"
#include "web/store/sqlite_statement.h"

namespace jungle::web {

namespace {

using sqlite::ConstraintFailed;
using sqlite::Statement;
using sqlite::Transaction;

// Each step brings the schema from the version before it to its own. Steps
// 1 and 2 are the tables the first releases wrote (without a version table):
// a file from them is recognised by its columns and continues from there.
constexpr const char* kMigrations[] = {
    // 1: the games.
    R"sql(
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
)sql",
    // 2: a review's evaluations.
    "ALTER TABLE games ADD COLUMN evaluations TEXT NOT NULL DEFAULT '';",
    // 3: revisions, seats, clocks, offers, the lobby, the event log and
    // presence. A game stored before has revision 1 and no seats.
    R"sql(
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN last_event INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN code TEXT;
ALTER TABLE games ADD COLUMN listing TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN seats TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN offers TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX games_by_code ON games(code);
CREATE INDEX games_by_listing ON games(listing, updated_ms DESC) WHERE listing <> '';
CREATE TABLE game_events (
  game_id    INTEGER NOT NULL,
  seq        INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  type       TEXT    NOT NULL,
  data       TEXT    NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE seat_presence (
  game_id      INTEGER NOT NULL,
  seat         INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
)sql",
    // 4: a rated game's rating category, so that a profile's list filters
    // by it in the query (AccountStore::owned_games). A game stored before
    // has "" until GameService::categorize_stored_games gives it its own.
    "ALTER TABLE games ADD COLUMN category TEXT NOT NULL DEFAULT '';",
    // 5: the colour the first seat played, so that a profile counts each
    // account by the colour it played; the games before it are given theirs
    // in the same step.
    "ALTER TABLE games ADD COLUMN first_seat_colour TEXT NOT NULL DEFAULT "
    "'blue';" JUNGLE_FIRST_SEAT_COLOUR_BACKFILL,
};
static_assert(std::size(kMigrations) == SqliteGameStore::kSchemaVersion);

constexpr const char* kColumns =
    "id, created_ms, updated_ms, variant, start_fen, moves, ply_count, blue, red, result, "
    "termination, declared, evaluations, revision, last_event, code, listing, seats, clock, "
    "offers, category, first_seat_colour";
// The same for lists, without the long columns.
constexpr const char* kListColumns =
    "id, created_ms, updated_ms, variant, start_fen, '', ply_count, blue, red, result, "
    "termination, declared, '', revision, last_event, code, listing, seats, clock, offers, "
    "category, first_seat_colour";

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
  g.revision = st.integer(13);
  g.last_event = st.integer(14);
  g.code = st.text(15);
  g.listing = st.text(16);
  g.seats = st.text(17);
  g.clock = st.text(18);
  g.offers = st.text(19);
  g.category = st.text(20);
  g.first_seat_colour = st.text(21);
  return g;
}

}  // namespace

SqliteGameStore::SqliteGameStore(const std::filesystem::path& path)
    : path_(path), db_(sqlite::open_database(path, "game database")) {
  try {
    exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    opened_version_ = current_version();
    if (opened_version_ > kSchemaVersion) {
      throw StoreError("the game database " + path.string() + " has schema version " +
                       std::to_string(opened_version_) + ", newer than this jungle knows (" +
                       std::to_string(kSchemaVersion) + "); use a newer jungle or another --db");
    }
    migrate(opened_version_);
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteGameStore::~SqliteGameStore() {
  if (db_) sqlite3_close(db_);
}

int SqliteGameStore::current_version() {
  {
    Statement st(db_, "SELECT MAX(version) FROM schema_version");
    if (st.step()) {
      const int64_t v = st.integer(0);
      if (v > 0) return int(v);
    }
  }
  // No version yet: a new file, or one the first releases wrote.
  std::vector<std::string> columns;
  Statement st(db_, "PRAGMA table_info(games)");
  while (st.step()) columns.push_back(st.text(1));
  if (columns.empty()) return 0;
  return std::find(columns.begin(), columns.end(), "evaluations") != columns.end() ? 2 : 1;
}

void SqliteGameStore::migrate(int from) {
  for (int step = from + 1; step <= kSchemaVersion; ++step) {
    Transaction tx(db_);
    // Another process may have migrated the file since it was opened.
    if (current_version() >= step) {
      tx.commit();
      continue;
    }
    exec(kMigrations[step - 1]);
    exec("DELETE FROM schema_version");
    Statement st(db_, "INSERT INTO schema_version (version) VALUES (?)");
    st.bind(1, int64_t(step));
    st.step();
    tx.commit();
  }
}

void SqliteGameStore::exec(const char* sql) {
  sqlite::exec(db_, path_, sql);
}

void SqliteGameStore::insert_events(const std::vector<StoredEvent>& events) {
  for (const StoredEvent& e : events) {
    Statement st(
        db_, "INSERT INTO game_events (game_id, seq, created_ms, type, data) VALUES (?,?,?,?,?)");
    st.bind(1, e.game_id).bind(2, e.seq).bind(3, e.created_ms).bind(4, e.type).bind(5, e.data);
    try {
      st.step();
    } catch (const ConstraintFailed&) {
      throw StoreError("game " + std::to_string(e.game_id) + " already has an event " +
                       std::to_string(e.seq));
    }
  }
}

void SqliteGameStore::insert(StoredGame& game, const std::vector<StoredEvent>& events) {
  std::lock_guard lock(mutex_);
  Transaction tx(db_);
  Statement st(db_,
               "INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, "
               "blue, red, result, termination, declared, evaluations, revision, last_event, "
               "code, listing, seats, clock, offers, category, first_seat_colour) "
               "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,1,?,?,?,?,?,?,?,?)");
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
      .bind(12, game.evaluations)
      .bind(13, game.last_event)
      .bind_or_null(14, game.code)
      .bind(15, game.listing)
      .bind(16, game.seats)
      .bind(17, game.clock)
      .bind(18, game.offers)
      .bind(19, game.category)
      .bind(20, game.first_seat_colour);
  try {
    st.step();
  } catch (const ConstraintFailed&) {
    throw DuplicateCodeError(game.code);
  }
  const int64_t id = sqlite3_last_insert_rowid(db_);
  std::vector<StoredEvent> numbered = events;
  for (StoredEvent& e : numbered) e.game_id = id;
  insert_events(numbered);
  tx.commit();
  game.id = id;
  game.revision = 1;
}

int64_t SqliteGameStore::update(const StoredGame& game, const std::vector<StoredEvent>& events) {
  std::lock_guard lock(mutex_);
  Transaction tx(db_);
  {
    Statement st(db_,
                 "UPDATE games SET updated_ms=?, moves=?, ply_count=?, blue=?, red=?, result=?, "
                 "termination=?, declared=?, evaluations=?, revision=revision+1, last_event=?, "
                 "code=?, listing=?, seats=?, clock=?, offers=?, start_fen=?, category=?, "
                 "first_seat_colour=? WHERE id=? AND revision=?");
    st.bind(1, game.updated_ms)
        .bind(2, game.moves)
        .bind(3, int64_t(game.ply_count))
        .bind(4, game.blue)
        .bind(5, game.red)
        .bind(6, game.result)
        .bind(7, game.termination)
        .bind(8, game.declared)
        .bind(9, game.evaluations)
        .bind(10, game.last_event)
        .bind_or_null(11, game.code)
        .bind(12, game.listing)
        .bind(13, game.seats)
        .bind(14, game.clock)
        .bind(15, game.offers)
        // A hidden game's start is its set-up, which its players arrange.
        .bind(16, game.start_fen)
        .bind(17, game.category)
        .bind(18, game.first_seat_colour)
        .bind(19, game.id)
        .bind(20, game.revision);
    try {
      st.step();
    } catch (const ConstraintFailed&) {
      throw DuplicateCodeError(game.code);
    }
  }
  // An UPDATE that matches no row succeeds in SQL; here it would lose the
  // change without a word.
  if (sqlite3_changes(db_) == 0) {
    Statement st(db_, "SELECT revision FROM games WHERE id=?");
    st.bind(1, game.id);
    if (!st.step()) throw MissingGameError(game.id);
    throw RevisionConflict(game.id, game.revision, st.integer(0));
  }
  insert_events(events);
  tx.commit();
  return game.revision + 1;
}

std::optional<StoredGame> SqliteGameStore::load(int64_t id) {
  std::lock_guard lock(mutex_);
  Statement st(db_, (std::string("SELECT ") + kColumns + " FROM games WHERE id=?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return read_row(st);
}

std::optional<int64_t> SqliteGameStore::find_code(const std::string& code) {
  if (code.empty()) return std::nullopt;
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT id FROM games WHERE code=?");
  st.bind(1, code);
  if (!st.step()) return std::nullopt;
  return st.integer(0);
}

bool SqliteGameStore::remove(int64_t id) {
  std::lock_guard lock(mutex_);
  Transaction tx(db_);
  bool removed = false;
  {
    Statement st(db_, "DELETE FROM games WHERE id=?");
    st.bind(1, id);
    st.step();
    removed = sqlite3_changes(db_) > 0;
  }
  for (const char* sql :
       {"DELETE FROM game_events WHERE game_id=?", "DELETE FROM seat_presence WHERE game_id=?"}) {
    Statement st(db_, sql);
    st.bind(1, id);
    st.step();
  }
  tx.commit();
  return removed;
}

std::vector<StoredGame> SqliteGameStore::list(int limit, int offset) {
  std::lock_guard lock(mutex_);
  Statement st(db_, (std::string("SELECT ") + kListColumns +
                     " FROM games ORDER BY updated_ms DESC, id DESC LIMIT ? OFFSET ?")
                        .c_str());
  st.bind(1, int64_t(limit)).bind(2, int64_t(offset));
  std::vector<StoredGame> games;
  while (st.step()) games.push_back(read_row(st));
  return games;
}

int64_t SqliteGameStore::count() {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT COUNT(*) FROM games");
  st.step();
  return st.integer(0);
}

std::vector<StoredGame> SqliteGameStore::list_listed(int limit) {
  std::lock_guard lock(mutex_);
  Statement st(db_, (std::string("SELECT ") + kListColumns +
                     " FROM games WHERE listing <> '' AND result = '*' "
                     "ORDER BY updated_ms DESC, id DESC LIMIT ?")
                        .c_str());
  st.bind(1, int64_t(limit));
  std::vector<StoredGame> games;
  while (st.step()) games.push_back(read_row(st));
  return games;
}

std::vector<StoredEvent> SqliteGameStore::events_after(int64_t game_id, int64_t after_seq,
                                                       int limit) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "SELECT seq, created_ms, type, data FROM game_events WHERE game_id=? AND seq>? "
               "ORDER BY seq LIMIT ?");
  st.bind(1, game_id).bind(2, after_seq).bind(3, int64_t(limit));
  std::vector<StoredEvent> events;
  while (st.step()) {
    events.push_back(StoredEvent{game_id, st.integer(0), st.integer(1), st.text(2), st.text(3)});
  }
  return events;
}

void SqliteGameStore::touch_presence(int64_t game_id, int seat, int64_t ms) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "INSERT INTO seat_presence (game_id, seat, last_seen_ms) VALUES (?,?,?) "
               "ON CONFLICT (game_id, seat) DO UPDATE SET last_seen_ms = "
               "MAX(last_seen_ms, excluded.last_seen_ms)");
  st.bind(1, game_id).bind(2, int64_t(seat)).bind(3, ms);
  st.step();
}

std::array<int64_t, 2> SqliteGameStore::presence(int64_t game_id) {
  std::lock_guard lock(mutex_);
  Statement st(db_, "SELECT seat, last_seen_ms FROM seat_presence WHERE game_id=?");
  st.bind(1, game_id);
  std::array<int64_t, 2> seen{0, 0};
  while (st.step()) {
    const int64_t seat = st.integer(0);
    if (seat == 0 || seat == 1) seen[size_t(seat)] = st.integer(1);
  }
  return seen;
}

std::vector<StoredGame> SqliteGameStore::uncategorized_rated(int64_t after_id, int limit) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "SELECT id, variant, seats, clock FROM games WHERE category = '' AND seats LIKE ? "
               "AND id > ? ORDER BY id LIMIT ?");
  st.bind(1, std::string(kRatedSeatsPattern)).bind(2, after_id).bind(3, int64_t(limit));
  std::vector<StoredGame> out;
  while (st.step()) {
    StoredGame g;
    g.id = st.integer(0);
    g.variant = st.text(1);
    g.seats = st.text(2);
    g.clock = st.text(3);
    out.push_back(std::move(g));
  }
  return out;
}

void SqliteGameStore::set_category(int64_t id, const std::string& category) {
  std::lock_guard lock(mutex_);
  Statement st(db_, "UPDATE games SET category = ? WHERE id = ?");
  st.bind(1, category).bind(2, id);
  st.step();
}

}  // namespace jungle::web
