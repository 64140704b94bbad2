#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace jungle::web {

// One game as the database keeps it: where it started and the moves since,
// so that loading replays them through the rules and finds any damage.
struct StoredGame {
  int64_t id = 0;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
  std::string variant;
  std::string start_fen;
  std::string moves;  // "a3a4 g7g6 ..."
  int ply_count = 0;
  std::string blue;  // player settings as JSON
  std::string red;
  std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"
  std::string termination;   // "" while the game goes on
  std::string declared;      // a result not shown by the board: "resignation", ...
  std::string evaluations;   // a review's findings per ply, as JSON; "" when none
};

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A write to a game that has no row (it was deleted): nothing was written.
class MissingGameError : public StoreError {
 public:
  explicit MissingGameError(int64_t id)
      : StoreError("game " + std::to_string(id) + " is not in the database (it was deleted)"),
        id_(id) {}
  int64_t id() const { return id_; }

 private:
  int64_t id_;
};

// Games in an SQLite file. Every write is one transaction, committed before
// the call returns, so a crash or a kill leaves the last answered state on
// disk. One connection serves all threads behind a mutex: writes are tiny and
// SQLite would serialise them anyway.
class GameStore {
 public:
  // Creates the file and its folder when missing. Throws StoreError.
  explicit GameStore(const std::filesystem::path& path);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // Sets game.id to the new row's id.
  void insert(StoredGame& game);
  // Throws MissingGameError when no row has the game's id.
  void update(const StoredGame& game);
  std::optional<StoredGame> load(int64_t id);
  bool remove(int64_t id);
  // Newest first; moves are left empty to keep the list small.
  std::vector<StoredGame> list(int limit, int offset);
  int64_t count();

  const std::filesystem::path& path() const { return path_; }

 private:
  void exec(const char* sql);
  // Brings a database written by an older version up to the current schema.
  void migrate();

  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
};

// $XDG_DATA_HOME/jungle/games.db, else ~/.local/share/jungle/games.db.
std::filesystem::path default_database_path();

}  // namespace jungle::web
