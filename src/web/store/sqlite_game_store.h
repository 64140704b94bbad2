#pragma once

#include <filesystem>
#include <mutex>

#include "web/store/game_store.h"

struct sqlite3;

namespace jungle::web {

// Games in an SQLite file, the embedded store. One connection serves all
// threads behind a mutex: writes are tiny and SQLite would serialise them
// anyway. The schema carries its version (table schema_version); opening a
// file written by an older version migrates it in place, one transaction per
// step, and a file from a newer version is refused rather than damaged.
class SqliteGameStore : public GameStore {
 public:
  // The schema this build writes; schema_version holds it.
  static constexpr int kSchemaVersion = 5;

  // Creates the file and its folder when missing. Throws StoreError.
  explicit SqliteGameStore(const std::filesystem::path& path);
  ~SqliteGameStore() override;
  SqliteGameStore(const SqliteGameStore&) = delete;
  SqliteGameStore& operator=(const SqliteGameStore&) = delete;

  std::string location() const override { return path_.string(); }
  const std::filesystem::path& path() const { return path_; }

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

  // The version the file had when it was opened, before any migration
  // (0: a new file).
  int opened_version() const { return opened_version_; }

 private:
  void exec(const char* sql);
  int current_version();
  // Brings the file from `from` to kSchemaVersion, a step at a time.
  void migrate(int from);
  void insert_events(const std::vector<StoredEvent>& events);

  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
  int opened_version_ = 0;
};

}  // namespace jungle::web
