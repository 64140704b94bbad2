#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// Where games live between requests and across restarts, behind one
// interface: SQLite in a file is the embedded default (sqlite_game_store),
// and a database server can stand in for it without any caller changing.
// Operations are in terms of whole game rows and their revisions, never of
// a database's own types, so that an implementation is free to use
// transactions, connections and notifications as its database does best.

namespace jungle::web {

class GameEvents;

// How a rated game's seats column says so (SeatTable::to_stored writes it
// with nlohmann's compact dump), for a query that finds rated games.
inline constexpr const char* kRatedSeatsPattern = "%\"rated\":true%";

// One game as the store keeps it: where it started and the moves since, so
// that loading replays them through the rules and finds any damage; who sits
// where, the clock and the offers, as JSON the game service reads.
struct StoredGame {
  int64_t id = 0;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
  std::string variant;
  std::string start_fen;
  std::string moves;  // "a3a4 g7g6 ...", or a flip game's plies "b2?=L a1a2"
  int ply_count = 0;
  std::string blue;  // player settings as JSON
  std::string red;
  // "1-0", "0-1", "1/2-1/2", "aborted" (rows written before aborting was a
  // result of its own say "1/2-1/2" with termination "aborted") or "*".
  std::string result = "*";
  std::string termination;  // "" while the game goes on
  std::string declared;     // a result not shown by the board: "resignation", ...
  std::string evaluations;  // a review's findings per ply, as JSON; "" when none
  // Bumped by every write; what a writer read, so that a write made from an
  // older state is refused (GameStore::update) instead of silently undoing
  // another's. 0 before the game is first stored.
  int64_t revision = 0;
  // The seq of the game's latest event (GameStore::events_after); 0: none.
  int64_t last_event = 0;
  std::string code;     // the short code that joins the game's open seat; "" when none
  std::string listing;  // the lobby: "" (not listed), "open" (a challenge), "playing"
  std::string seats;    // who holds each seat, as JSON; "" for a game stored before seats
  std::string clock;    // the time control and the clocks, as JSON; "" when untimed
  std::string offers;   // draw and take-back offers standing, as JSON; "" when none
  // A rated game's rating category ("standard blitz", "flip"; rating_category.h);
  // "" for a casual game. Derived from the seats, the rule set and the clock,
  // and kept as a column so that a profile's list filters by it in the query.
  std::string category;
  // The colour the first seat played, "blue" or "red": the seats' accounts
  // (seat_owners) are by seat and the result is by colour. Blue unless the
  // game gave the first seat Red (Flip Jungle's first flip decides the
  // colours); "blue" too while no flip has. Kept as a column so that a
  // profile's list and tally read each account's colour in the query.
  std::string first_seat_colour = "blue";
};

// Something that happened to a game, kept in order with it, so that a
// client that lost its connection asks for what came after the last event it
// saw and misses nothing. `seq` counts a game's events from 1.
struct StoredEvent {
  int64_t game_id = 0;
  int64_t seq = 0;
  int64_t created_ms = 0;
  std::string type;  // "move", "undo", "game_over", "offer", "seat", ...
  std::string data;  // JSON object
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

// A write made from an older state of the game: another writer (another
// request, another server) changed it first. Nothing was written; the caller
// reloads the game and decides again.
class RevisionConflict : public StoreError {
 public:
  RevisionConflict(int64_t id, int64_t expected, int64_t found)
      : StoreError("game " + std::to_string(id) + " was changed by another writer (revision " +
                   std::to_string(found) + ", not " + std::to_string(expected) +
                   "); nothing was written"),
        id_(id),
        found_(found) {}
  int64_t id() const { return id_; }
  int64_t found() const { return found_; }

 private:
  int64_t id_;
  int64_t found_;
};

// Another game already has this join code; nothing was written.
class DuplicateCodeError : public StoreError {
 public:
  explicit DuplicateCodeError(const std::string& code)
      : StoreError("the join code " + code + " is taken") {}
};

// The games. Every write is atomic and durable when the call returns, so a
// crash or a kill leaves the last answered state. Safe to call from any
// thread. Every error is a StoreError (or one of its kinds above).
class GameStore {
 public:
  virtual ~GameStore() = default;

  // Where the games are, for messages: a file, or a server without its password.
  virtual std::string location() const = 0;

  // Stores a new game with its first events (seq 1, 2, ...): sets game.id,
  // and game.revision to 1. Throws DuplicateCodeError when another game has
  // game.code.
  virtual void insert(StoredGame& game, const std::vector<StoredEvent>& events = {}) = 0;
  // Writes `game` over its row, with `events` (which carry game.id and continue
  // its seqs), in one transaction, if the row still has game.revision; then
  // the row has revision game.revision + 1, which is returned. Throws
  // RevisionConflict when the row has another revision and MissingGameError
  // when there is no row, having written nothing.
  virtual int64_t update(const StoredGame& game, const std::vector<StoredEvent>& events = {}) = 0;
  virtual std::optional<StoredGame> load(int64_t id) = 0;
  // The game whose join code this is.
  virtual std::optional<int64_t> find_code(const std::string& code) = 0;
  // The game, its events and its presence; false when there was no such game.
  virtual bool remove(int64_t id) = 0;

  // Most recently changed first; `moves` and `evaluations` are left empty to
  // keep the list small.
  virtual std::vector<StoredGame> list(int limit, int offset) = 0;
  virtual int64_t count() = 0;
  // The games the lobby shows (a `listing`), still going on, most recently
  // changed first; `moves` and `evaluations` left empty.
  virtual std::vector<StoredGame> list_listed(int limit) = 0;

  // The game's events after `after_seq`, in order, at most `limit`.
  virtual std::vector<StoredEvent> events_after(int64_t game_id, int64_t after_seq, int limit) = 0;

  // When a seat's holder was last known to be connected (0: first player,
  // 1: second), kept apart from the game's row: it changes every few seconds
  // while a player watches and is no change to the game (no revision).
  virtual void touch_presence(int64_t game_id, int seat, int64_t ms) = 0;
  // Per seat; 0 when never seen.
  virtual std::array<int64_t, 2> presence(int64_t game_id) = 0;

  // ---- the category column (schema 4) ----
  // Rated games (their seats say so) without a category, by id after
  // `after_id`, at most `limit`: id, variant, seats and clock only. The
  // games stored before the column, until GameService::categorize_stored_games
  // has given them theirs.
  virtual std::vector<StoredGame> uncategorized_rated(int64_t after_id, int limit) = 0;
  // Writes a game's category: derived from its row, so no change of the
  // game (no revision, no event).
  virtual void set_category(int64_t id, const std::string& category) = 0;

  // The bus that tells the watchers of this store's games of their changes
  // (game_events.h). By default the in-process one; a store that several
  // servers share returns one that crosses processes (its database's
  // notifications), so that the server is built the same either way.
  virtual std::unique_ptr<GameEvents> event_bus();
};

}  // namespace jungle::web
