#pragma once

#include <memory>
#include <string>

#include "web/store/game_store.h"
#include "web/store/postgres/pg_connection_pool.h"

namespace jungle::web {

// Games in a PostgreSQL database, for a site that runs several `jungle
// serve` processes on one store (`--db postgresql://user@host:port/db`).
// The same semantics as the SQLite store: a write names the revision it was
// made from and is refused (RevisionConflict) when another writer, in this
// process or another, got there first; a game's events are written in the
// same transaction as its row. Requests use a small pool of connections at
// once; a lost connection is replaced and the work done again when nothing
// was committed. The schema carries its version (table schema_version,
// numbered like the SQLite store's) and is migrated under an advisory lock,
// so servers started together migrate it once.
class PgGameStore : public GameStore {
 public:
  // The schema this build writes. PostgreSQL databases start at the
  // SQLite store's version 3 (the first with revisions and events); a
  // later SQLite step needs its PostgreSQL step too (see kMigrations).
  static constexpr int kSchemaVersion = 5;
  // Connections in the pool: as many requests as this read or write at
  // once; the others wait for a connection.
  static constexpr size_t kDefaultConnections = 8;

  // Connects and migrates. Throws StoreError with the server's reason.
  explicit PgGameStore(const std::string& url, size_t connections = kDefaultConnections,
                       PgConnectionPool::Log log = {});
  ~PgGameStore() override;
  PgGameStore(const PgGameStore&) = delete;
  PgGameStore& operator=(const PgGameStore&) = delete;

  std::string location() const override { return pool_->location(); }

  void insert(StoredGame& game, const std::vector<StoredEvent>& events = {}) override;
  int64_t update(const StoredGame& game, const std::vector<StoredEvent>& events = {}) override;
  std::optional<StoredGame> load(int64_t id) override;
  std::optional<int64_t> find_code(const std::string& code) override;
  bool remove(int64_t id) override;
  std::vector<StoredGame> list(int limit, int offset) override;
  int64_t count() override;
  std::vector<StoredGame> list_listed(int limit) override;
  std::vector<StoredEvent> events_after(int64_t game_id, int64_t after_seq, int limit) override;
  void touch_presence(int64_t game_id, int seat, int64_t ms) override;
  std::array<int64_t, 2> presence(int64_t game_id) override;
  std::vector<StoredGame> uncategorized_rated(int64_t after_id, int limit) override;
  void set_category(int64_t id, const std::string& category) override;
  // PostgreSQL's notifications (PgGameEvents), which every server on the
  // database hears.
  std::unique_ptr<GameEvents> event_bus() override;

  // The version the database had when it was opened, before any migration
  // (0: a new database).
  int opened_version() const { return opened_version_; }

  // The connections, shared with the notification bus (PgGameEvents).
  const std::shared_ptr<PgConnectionPool>& pool() const { return pool_; }

 private:
  void migrate();

  std::shared_ptr<PgConnectionPool> pool_;
  int opened_version_ = 0;
};

}  // namespace jungle::web
