// The SQLite account store's ratings: rated games counted once, the
// players' rating history and leaderboards, and the puzzle trainer's
// players, attempts and puzzle ratings.
#include "web/store/sqlite_account_store.h"

#include <sqlite3.h>

#include "web/store/shared_account_sql.h"
#include "web/store/sqlite_statement.h"

namespace jungle::web {

bool SqliteAccountStore::count_rated_game(const RatedGame& game, const RatingUpdate& update) {
  std::lock_guard lock(mutex_);
  // BEGIN IMMEDIATE: the write lock before the ratings are read, so that
  // another process ending a game of the same account waits for this one.
  sqlite::Transaction tx(db_);
  {
    sqlite::Statement st(
        db_,
        "INSERT INTO rated_games (game_id, category, blue_account, red_account, "
        "result, counted_ms) VALUES (?,?,?,?,?,?) ON CONFLICT (game_id) DO NOTHING");
    st.bind(1, game.game_id)
        .bind(2, game.category)
        .bind(3, game.accounts[0])
        .bind(4, game.accounts[1])
        .bind(5, game.result)
        .bind(6, game.now_ms);
    st.step();
    if (sqlite3_changes(db_) == 0) {
      tx.commit();
      return false;
    }
  }
  std::array<StoredRating, 2> before{};
  for (size_t seat = 0; seat < 2; ++seat) {
    before[seat].category = game.category;
    sqlite::Statement st(db_,
                         "SELECT rating, deviation, volatility, games, updated_ms FROM ratings "
                         "WHERE account_id = ? AND category = ?");
    st.bind(1, game.accounts[seat]).bind(2, game.category);
    if (st.step()) {
      before[seat] = StoredRating{game.category, rating::Rating{st.real(0), st.real(1), st.real(2)},
                                  st.integer(3), st.integer(4)};
    }
  }
  {
    sqlite::Statement st(
        db_, "UPDATE rated_games SET blue_before = ?, red_before = ? WHERE game_id = ?");
    st.bind(1, before[0].value.rating).bind(2, before[1].value.rating).bind(3, game.game_id);
    st.step();
  }
  const std::array<rating::Rating, 2> after = update(before);
  for (size_t seat = 0; seat < 2; ++seat) {
    sqlite::Statement st(
        db_,
        "INSERT INTO ratings (account_id, category, rating, deviation, volatility, games, "
        "updated_ms) VALUES (?,?,?,?,?,1,?) ON CONFLICT (account_id, category) DO UPDATE SET "
        "rating = excluded.rating, deviation = excluded.deviation, volatility = "
        "excluded.volatility, games = games + 1, updated_ms = excluded.updated_ms");
    st.bind(1, game.accounts[seat])
        .bind(2, game.category)
        .bind(3, after[seat].rating)
        .bind(4, after[seat].deviation)
        .bind(5, after[seat].volatility)
        .bind(6, game.now_ms);
    st.step();
    sqlite::Statement history(
        db_,
        "INSERT INTO rating_history (account_id, game_id, category, rating, deviation, "
        "counted_ms) VALUES (?,?,?,?,?,?)");
    history.bind(1, game.accounts[seat])
        .bind(2, game.game_id)
        .bind(3, game.category)
        .bind(4, after[seat].rating)
        .bind(5, after[seat].deviation)
        .bind(6, game.now_ms);
    history.step();
  }
  tx.commit();
  return true;
}

std::optional<std::array<double, 2>> SqliteAccountStore::rated_before(int64_t game_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "SELECT blue_before, red_before FROM rated_games WHERE game_id = ?");
  st.bind(1, game_id);
  if (!st.step()) return std::nullopt;
  return std::array<double, 2>{st.real(0), st.real(1)};
}

std::vector<RatingPoint> SqliteAccountStore::rating_history(int64_t account_id, int limit,
                                                            int offset) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, JUNGLE_RATING_HISTORY("?1") " LIMIT ?2 OFFSET ?3");
  st.bind(1, account_id).bind(2, int64_t(limit)).bind(3, int64_t(offset));
  std::vector<RatingPoint> out;
  while (st.step()) {
    out.push_back(RatingPoint{st.integer(0), st.text(1), st.real(2), st.real(3), st.integer(4),
                              int(st.integer(5)), st.text(6), st.text(7)});
  }
  return out;
}

std::vector<SeatAccount> SqliteAccountStore::seat_accounts(const std::vector<int64_t>& game_ids) {
  std::vector<SeatAccount> out;
  if (game_ids.empty()) return out;
  std::string marks;
  for (size_t i = 0; i < game_ids.size(); ++i) marks += i == 0 ? "?" : ",?";
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, JUNGLE_SEAT_ACCOUNTS "o.game_id IN (" + marks + ")");
  for (size_t i = 0; i < game_ids.size(); ++i) st.bind(int(i) + 1, game_ids[i]);
  while (st.step()) {
    out.push_back(
        SeatAccount{st.integer(0), int(st.integer(1)), st.text(2),
                    StoredRating{st.text(3), rating::Rating{st.real(4), st.real(5), st.real(6)},
                                 st.integer(7), st.integer(8)}});
  }
  return out;
}

std::vector<StoredRating> SqliteAccountStore::ratings(int64_t account_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       "SELECT category, rating, deviation, volatility, games, updated_ms FROM "
                       "ratings WHERE account_id = ? ORDER BY category");
  st.bind(1, account_id);
  std::vector<StoredRating> out;
  while (st.step()) {
    out.push_back(StoredRating{st.text(0), rating::Rating{st.real(1), st.real(2), st.real(3)},
                               st.integer(4), st.integer(5)});
  }
  return out;
}

std::vector<RankedRating> SqliteAccountStore::leaderboard(const std::string& category,
                                                          double max_deviation, int limit) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(
      db_,
      "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.updated_ms FROM ratings r "
      "JOIN accounts a ON a.id = r.account_id WHERE r.category = ? AND r.deviation <= ? AND "
      "a.deleted_ms = 0 ORDER BY r.rating DESC, a.name_key LIMIT ?");
  st.bind(1, category).bind(2, max_deviation).bind(3, int64_t(limit));
  std::vector<RankedRating> out;
  while (st.step()) {
    out.push_back(RankedRating{
        st.text(0), StoredRating{category, rating::Rating{st.real(1), st.real(2), st.real(3)},
                                 st.integer(4), st.integer(5)}});
  }
  return out;
}

bool SqliteAccountStore::count_puzzle_attempt(const PuzzleAttempt& attempt,
                                              const PuzzleRatingUpdate& update) {
  std::lock_guard lock(mutex_);
  // BEGIN IMMEDIATE, as count_rated_game: the write lock before the reads.
  sqlite::Transaction tx(db_);
  const bool account = attempt.account_id != 0;
  if (account) {
    sqlite::Statement st(db_,
                         "INSERT INTO puzzle_history (account_id, puzzle_id, solved, "
                         "rating_before, rating_after, attempted_ms) VALUES (?,?,?,0,0,?) ON "
                         "CONFLICT (account_id, puzzle_id) DO NOTHING");
    st.bind(1, attempt.account_id)
        .bind(2, attempt.puzzle_id)
        .bind(3, int64_t(attempt.solved))
        .bind(4, attempt.now_ms);
    st.step();
    if (sqlite3_changes(db_) == 0) {
      tx.commit();
      return false;
    }
  }
  rating::Rating player;
  if (account) {
    sqlite::Statement st(
        db_, "SELECT rating, deviation, volatility FROM puzzle_players WHERE account_id = ?");
    st.bind(1, attempt.account_id);
    if (st.step()) player = rating::Rating{st.real(0), st.real(1), st.real(2)};
  }
  rating::Rating puzzle = attempt.puzzle_start;
  {
    sqlite::Statement st(
        db_, "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?");
    st.bind(1, attempt.puzzle_id);
    if (st.step()) puzzle = rating::Rating{st.real(0), st.real(1), st.real(2)};
  }
  const auto [player_after, puzzle_after] = update(player, puzzle);
  if (account) {
    sqlite::Statement history(db_,
                              "UPDATE puzzle_history SET rating_before = ?, rating_after = ? "
                              "WHERE account_id = ? AND puzzle_id = ?");
    history.bind(1, player.rating)
        .bind(2, player_after.rating)
        .bind(3, attempt.account_id)
        .bind(4, attempt.puzzle_id);
    history.step();
    sqlite::Statement st(
        db_,
        "INSERT INTO puzzle_players (account_id, rating, deviation, volatility, attempts, "
        "updated_ms) VALUES (?,?,?,?,1,?) ON CONFLICT (account_id) DO UPDATE SET rating = "
        "excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, "
        "attempts = attempts + 1, updated_ms = excluded.updated_ms");
    st.bind(1, attempt.account_id)
        .bind(2, player_after.rating)
        .bind(3, player_after.deviation)
        .bind(4, player_after.volatility)
        .bind(5, attempt.now_ms);
    st.step();
  }
  {
    sqlite::Statement st(
        db_,
        "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, attempts) VALUES "
        "(?,?,?,?,1) ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, deviation = "
        "excluded.deviation, volatility = excluded.volatility, attempts = attempts + 1");
    st.bind(1, attempt.puzzle_id)
        .bind(2, puzzle_after.rating)
        .bind(3, puzzle_after.deviation)
        .bind(4, puzzle_after.volatility);
    st.step();
  }
  tx.commit();
  return true;
}

StoredPuzzlePlayer SqliteAccountStore::puzzle_player(int64_t account_id) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       "SELECT rating, deviation, volatility, attempts FROM puzzle_players WHERE "
                       "account_id = ?");
  st.bind(1, account_id);
  StoredPuzzlePlayer out;
  if (st.step()) {
    out.rating = rating::Rating{st.real(0), st.real(1), st.real(2)};
    out.attempts = st.integer(3);
  }
  return out;
}

std::vector<PuzzleAttemptRecord> SqliteAccountStore::puzzle_history(int64_t account_id, int limit) {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_,
                       "SELECT puzzle_id, solved, rating_before, rating_after, attempted_ms FROM "
                       "puzzle_history WHERE account_id = ? ORDER BY attempted_ms DESC, "
                       "puzzle_id LIMIT ?");
  st.bind(1, account_id).bind(2, int64_t(limit));
  std::vector<PuzzleAttemptRecord> out;
  while (st.step()) {
    out.push_back(
        PuzzleAttemptRecord{st.text(0), st.integer(1) != 0, st.real(2), st.real(3), st.integer(4)});
  }
  return out;
}

std::map<std::string, rating::Rating> SqliteAccountStore::puzzle_ratings() {
  std::lock_guard lock(mutex_);
  sqlite::Statement st(db_, "SELECT puzzle_id, rating, deviation, volatility FROM puzzle_ratings");
  std::map<std::string, rating::Rating> out;
  while (st.step()) out[st.text(0)] = rating::Rating{st.real(1), st.real(2), st.real(3)};
  return out;
}
}  // namespace jungle::web
