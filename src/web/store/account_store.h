#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rating/glicko2.h"
#include "web/store/game_store.h"

// The accounts, their login sessions and the seats they own, in the same
// database as the games (the SQLite file or the PostgreSQL database that
// --db names), behind one interface like GameStore's. The tables carry
// their own schema version (account_schema_version), apart from the games'
// schema_version, so that an existing database gains them on open whatever
// its games' version; docs/accounts.md has the tables and the migration.

namespace jungle::web {

struct StoredAccount {
  int64_t id = 0;
  std::string name;      // as signed up: "Ann"
  std::string name_key;  // lower case, unique: "ann"
  // Argon2id in libsodium's string form (password_hash.h); "" once deleted.
  std::string password_hash;
  int64_t created_ms = 0;
  // When the account was deleted; 0 while it lives. A deleted account's row
  // stays, without its hash, so that its name is never given to another.
  int64_t deleted_ms = 0;
  bool deleted() const { return deleted_ms != 0; }
};

// A game one account owns a seat of, as the profile lists it.
struct OwnedGame {
  // Without moves and evaluations; with its seats and clock (whether it is
  // rated, and its rating category), which the profile's filters read.
  StoredGame game;
  int seats = 0;  // the seats the account owns, a bit set (1: the first seat, 2: the second)
  // The colours it played in them, a bit set (1: Blue, 2: Red): the seats'
  // unless the first seat played Red (games.first_seat_colour).
  int colours = 0;
  std::string blue_owner;  // the owning accounts' names; "" for none (or deleted)
  std::string red_owner;
};

// The filters of a profile's game list (docs/accounts.md, "The profile"),
// which the store applies in its query, so that paging counts only the
// games that pass and no cap on the games read is needed.
struct OwnedGameFilter {
  std::optional<bool> rated;  // rated games only (true) or casual ones only (false)
  std::string category;       // a rated game's category (games.category); "" for any
  // The outcome for the account: "win", "loss", "draw", "aborted",
  // "ongoing"; "" for any (game_outcome_word says it of one game).
  std::string outcome;
  bool any() const { return rated || !category.empty() || !outcome.empty(); }
};

// Finished games of an account that it played one side of, by outcome.
struct AccountTally {
  int64_t games = 0;  // every game it owns a seat of
  int64_t wins = 0;
  int64_t draws = 0;
  int64_t losses = 0;
};

// The seats of one game that a login session's account owns, with the
// game's seats as stored (JSON, SeatTable::from_stored), so that the seats'
// token digests are read without loading the game.
struct SessionSeats {
  int seats = 0;      // owned by the session's account, a bit set (1: blue, 2: red)
  std::string table;  // the game's seats column; "" when it owns none
};

// A game whose seats name a secret (a player key's or a seat token's
// digest), for claiming: its id, its seats and its players as stored.
struct HeldGame {
  int64_t id = 0;
  std::string seats;
  std::string blue;  // the players' settings, JSON: an engine's seat is no one's
  std::string red;
};

// An account's Glicko-2 rating in one category (rating_category.h): a new
// account has none, and counts as rating::Rating{} (1500/350/0.06).
struct StoredRating {
  std::string category;
  rating::Rating value;
  int64_t games = 0;       // rated games counted in the category
  int64_t updated_ms = 0;  // when the last one was counted
};

// A rated game to count once: the accounts of its seats (blue, red).
struct RatedGame {
  int64_t game_id = 0;
  std::string category;
  std::array<int64_t, 2> accounts{};  // by colour: who played Blue, who played Red
  std::string result;                 // "1-0", "0-1", "1/2-1/2"
  int64_t now_ms = 0;
};

// Both players' ratings after a game from theirs before it (blue, red), as
// stored: with the games counted and when the last one was (a player with
// none has games 0 and rating::Rating{}), so that the update can first
// widen the deviation of a player back from idle time (docs/ratings.md).
using RatingUpdate =
    std::function<std::array<rating::Rating, 2>(const std::array<StoredRating, 2>& before)>;

// One counted game in an account's rating history (docs/ratings.md,
// "History"): its rating in the game's category after the game.
struct RatingPoint {
  int64_t game_id = 0;
  std::string category;
  double rating = 0;
  // After the game; negative when unknown: a game counted before account
  // schema 4 keeps only the rating the next game started from.
  double deviation = -1;
  int64_t at_ms = 0;     // when the game was counted
  int seat = 0;          // the account's seat in it (0 blue, 1 red)
  std::string result;    // the game's: "1-0", "0-1", "1/2-1/2"
  std::string opponent;  // the other seat's account name; "" once deleted
};

// A seat's account in a list of games, with its ratings (one row per
// category; `rating.category` "" for an account with none).
struct SeatAccount {
  int64_t game_id = 0;
  int seat = 0;
  std::string name;
  StoredRating rating;
};

// A leaderboard's line: the account's name and its rating.
struct RankedRating {
  std::string name;
  StoredRating rating;
};

// A login limit's token bucket as stored (login_limiter.h has its
// arithmetic): `units` as of `at_ms`.
struct LoginBucket {
  int64_t units = 0;
  int64_t at_ms = 0;
};
// A bucket's next state from its stored one (nullopt: none stored, full).
using LoginBucketChange = std::function<LoginBucket(const std::optional<LoginBucket>& before)>;

// ---- puzzles (docs/puzzles.md, "Ratings") ----
// An account's puzzle rating (a new account has none: rating::Rating{}) and
// how many puzzles it was rated on.
struct StoredPuzzlePlayer {
  rating::Rating rating;
  int64_t attempts = 0;
};

// One rated attempt in an account's puzzle history.
struct PuzzleAttemptRecord {
  std::string puzzle_id;
  bool solved = false;
  double rating_before = 0;  // the account's puzzle rating before and after
  double rating_after = 0;
  int64_t at_ms = 0;
};

// A first attempt at a puzzle to count: `account_id` 0 for an anonymous
// player, whose rating the trainer keeps (only the puzzle's is stored).
struct PuzzleAttempt {
  int64_t account_id = 0;
  std::string puzzle_id;
  bool solved = false;
  rating::Rating puzzle_start;  // the puzzle's rating while none is stored
  int64_t now_ms = 0;
};

// The player's and the puzzle's ratings after an attempt, from theirs before.
using PuzzleRatingUpdate = std::function<std::pair<rating::Rating, rating::Rating>(
    const rating::Rating& player, const rating::Rating& puzzle)>;

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // ---- accounts ----
  // A new account; nullopt when its name_key is taken (by a live or a
  // deleted account).
  virtual std::optional<StoredAccount> create_account(const std::string& name,
                                                      const std::string& name_key,
                                                      const std::string& password_hash,
                                                      int64_t now_ms) = 0;
  virtual std::optional<StoredAccount> account_by_name(const std::string& name_key) = 0;
  virtual std::optional<StoredAccount> account_by_id(int64_t id) = 0;
  virtual void set_password(int64_t account_id, const std::string& password_hash) = 0;
  // Tombstones the account (hash erased, deleted_ms set), removes its
  // sessions and its seats' ownership; its games stay.
  virtual void delete_account(int64_t account_id, int64_t now_ms) = 0;

  // ---- sessions (the digest of the cookie's token, never the token) ----
  virtual void add_session(const std::string& token_digest, int64_t account_id, int64_t created_ms,
                           int64_t expires_ms) = 0;
  // The account of a session that has not expired by `now_ms`.
  virtual std::optional<int64_t> session_account(const std::string& token_digest,
                                                 int64_t now_ms) = 0;
  virtual void remove_session(const std::string& token_digest) = 0;
  // Every session of the account but `keep_digest` ("": every one), and
  // every expired session of anyone.
  virtual void remove_sessions(int64_t account_id, const std::string& keep_digest,
                               int64_t now_ms) = 0;
  virtual int64_t session_count(int64_t account_id) = 0;

  // ---- seats owned ----
  // Records that the account owns `seat` (0 blue, 1 red) of the game; a
  // seat already owned keeps its owner. True when this call recorded it.
  virtual bool own_seat(int64_t game_id, int seat, int64_t account_id) = 0;
  // The games whose seats name `digest` (candidates: the caller checks the
  // seats), at most `limit`.
  virtual std::vector<HeldGame> games_naming(const std::string& digest, int limit) = 0;
  // The account's games that pass `filter`, most recently changed first,
  // `limit` from `offset` (counting only the games that pass).
  virtual std::vector<OwnedGame> owned_games(int64_t account_id, int limit, int offset,
                                             const OwnedGameFilter& filter) = 0;
  std::vector<OwnedGame> owned_games(int64_t account_id, int limit, int offset) {
    return owned_games(account_id, limit, offset, OwnedGameFilter{});
  }
  virtual AccountTally tally(int64_t account_id) = 0;
  // The accounts owning the game's seats (blue, red); 0 for none.
  virtual std::array<int64_t, 2> seat_owners(int64_t game_id) = 0;
  // In one query, the seats of the game that the account of a session live
  // at `now_ms` owns (a deleted account owns none), and the game's seats:
  // what a game's request with a login cookie reads to prove the account's
  // seats (AccountService::seat_proof), at every request, so kept light.
  virtual SessionSeats session_seats(const std::string& token_digest, int64_t game_id,
                                     int64_t now_ms) = 0;

  // ---- ratings (docs/ratings.md) ----
  // Counts a rated game: in one transaction, the game is marked counted and
  // both accounts' ratings in its category become `update`'s, each with one
  // game more, the rows locked so that two games ending at once (on two
  // servers) lose no update. False, and nothing changed, when the game was
  // counted before: a game's end seen twice counts once.
  virtual bool count_rated_game(const RatedGame& game, const RatingUpdate& update) = 0;
  // The ratings (blue, red) a counted game's players had before it; nullopt
  // for a game not counted.
  virtual std::optional<std::array<double, 2>> rated_before(int64_t game_id) = 0;
  // The account's ratings, by category.
  virtual std::vector<StoredRating> ratings(int64_t account_id) = 0;
  // The account's rating after each counted game, newest first (a tie by
  // game id), `limit` from `offset`.
  virtual std::vector<RatingPoint> rating_history(int64_t account_id, int limit, int offset) = 0;
  // In one query, the live accounts owning seats of `game_ids`, each with
  // every rating it has (a list of games shows them without a query a
  // game).
  virtual std::vector<SeatAccount> seat_accounts(const std::vector<int64_t>& game_ids) = 0;
  // The best `limit` ratings of live accounts in `category` whose deviation
  // is at most `max_deviation`, highest first (a tie by name).
  virtual std::vector<RankedRating> leaderboard(const std::string& category, double max_deviation,
                                                int limit) = 0;

  // ---- login limits (docs/accounts.md, "Login limits") ----
  // Kept in the database, so that every server on it counts the same
  // failures. The bucket `key` of `kind` ("name", "address", "signup");
  // nullopt when none is stored.
  virtual std::optional<LoginBucket> login_bucket(const std::string& kind,
                                                  const std::string& key) = 0;
  // In one transaction, the bucket's row locked so that servers counting
  // at once lose no failure: the bucket becomes `change`'s of it; and
  // buckets last changed before `forget_before_ms` (full again by then) are
  // forgotten.
  virtual void change_login_bucket(const std::string& kind, const std::string& key,
                                   const LoginBucketChange& change, int64_t forget_before_ms) = 0;

  // ---- puzzles (docs/puzzles.md, "Ratings") ----
  // Counts a first attempt: in one transaction, the account's history gains
  // the puzzle and its rating, and the puzzle's, become `update`'s (the
  // rows locked, as count_rated_game's). False, and nothing changed, when
  // the account was rated on the puzzle before. An anonymous attempt
  // (account 0) changes only the puzzle's rating.
  virtual bool count_puzzle_attempt(const PuzzleAttempt& attempt,
                                    const PuzzleRatingUpdate& update) = 0;
  virtual StoredPuzzlePlayer puzzle_player(int64_t account_id) = 0;
  // The account's rated attempts, newest first (a tie by puzzle), at most
  // `limit`.
  virtual std::vector<PuzzleAttemptRecord> puzzle_history(int64_t account_id, int limit) = 0;
  // The puzzles' ratings as attempts moved them, by puzzle id (a puzzle
  // nobody was rated on is not there).
  virtual std::map<std::string, rating::Rating> puzzle_ratings() = 0;
};

// Adds one game to a tally: `colours` the ones the account played (a bit
// set, 1: Blue, 2: Red), `result` the game's ("1-0", "0-1", "1/2-1/2", "*")
// and `termination` its end's. A game of both seats (a shared screen) or
// still going counts as played, neither won nor lost; an aborted one not at
// all.
void count_result(AccountTally& tally, int colours, const std::string& result,
                  const std::string& termination);

}  // namespace jungle::web
