// The PostgreSQL account store's ratings: rated games counted once however
// many servers end them, the players' rating history and leaderboards, and
// the puzzle trainer's players, attempts and puzzle ratings. The statements
// are prepared with the rest in pg_account_store.cpp.
#include "web/store/postgres/pg_account_store.h"

#include <pqxx/pqxx>

namespace jungle::web {

bool PgAccountStore::count_rated_game(const RatedGame& game, const RatingUpdate& update) {
  bool counted = false;
  pool_->run([&](pqxx::connection& c) {
    counted = false;
    pqxx::work w(c);
    // A second server counting the same game waits here for the first's
    // commit, then finds the row and does nothing.
    if (w.exec_prepared("mark_rated", game.game_id, game.category, game.accounts[0],
                        game.accounts[1], game.result, game.now_ms)
            .affected_rows() == 0) {
      w.commit();
      return;
    }
    const rating::Rating fresh;
    for (const int64_t account : game.accounts) {
      w.exec_prepared("fresh_rating", account, game.category, fresh.rating, fresh.deviation,
                      fresh.volatility, game.now_ms);
    }
    std::array<StoredRating, 2> before{};
    for (const auto& row :
         w.exec_prepared("lock_ratings", game.category, game.accounts[0], game.accounts[1])) {
      const StoredRating r{
          game.category,
          rating::Rating{row[1].as<double>(), row[2].as<double>(), row[3].as<double>()},
          row[4].as<int64_t>(), row[5].as<int64_t>()};
      const int64_t account = row[0].as<int64_t>();
      for (size_t seat = 0; seat < 2; ++seat) {
        if (game.accounts[seat] == account) before[seat] = r;
      }
    }
    w.exec_prepared("set_rated_before", game.game_id, before[0].value.rating,
                    before[1].value.rating);
    const std::array<rating::Rating, 2> after = update(before);
    for (size_t seat = 0; seat < 2; ++seat) {
      w.exec_prepared("set_rating", game.accounts[seat], game.category, after[seat].rating,
                      after[seat].deviation, after[seat].volatility, game.now_ms);
      w.exec_prepared("add_rating_history", game.accounts[seat], game.game_id, game.category,
                      after[seat].rating, after[seat].deviation, game.now_ms);
    }
    w.commit();
    counted = true;
  });
  return counted;
}

std::optional<std::array<double, 2>> PgAccountStore::rated_before(int64_t game_id) {
  std::optional<std::array<double, 2>> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("rated_before", game_id);
    out.reset();
    if (!r.empty()) out = std::array<double, 2>{r[0][0].as<double>(), r[0][1].as<double>()};
  });
  return out;
}

std::vector<RatingPoint> PgAccountStore::rating_history(int64_t account_id, int limit, int offset) {
  std::vector<RatingPoint> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("rating_history", account_id, limit, offset);
    out.clear();
    for (const auto& row : r) {
      out.push_back(RatingPoint{row[0].as<int64_t>(), row[1].as<std::string>(), row[2].as<double>(),
                                row[3].as<double>(), row[4].as<int64_t>(), row[5].as<int>(),
                                row[6].as<std::string>(), row[7].as<std::string>()});
    }
  });
  return out;
}

std::vector<SeatAccount> PgAccountStore::seat_accounts(const std::vector<int64_t>& game_ids) {
  std::vector<SeatAccount> out;
  if (game_ids.empty()) return out;
  // The ids as an array's text, "{1,2,3}": one parameter however many games.
  std::string ids = "{";
  for (size_t i = 0; i < game_ids.size(); ++i) {
    // Appended in two steps: `"," + std::to_string(...)` trips GCC 12's
    // -Wrestrict false positive in some unity batches.
    if (i != 0) ids += ',';
    ids += std::to_string(game_ids[i]);
  }
  ids += "}";
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("seat_accounts", ids);
    out.clear();
    for (const auto& row : r) {
      out.push_back(SeatAccount{
          row[0].as<int64_t>(), row[1].as<int>(), row[2].as<std::string>(),
          StoredRating{
              row[3].as<std::string>(),
              rating::Rating{row[4].as<double>(), row[5].as<double>(), row[6].as<double>()},
              row[7].as<int64_t>(), row[8].as<int64_t>()}});
    }
  });
  return out;
}

std::vector<StoredRating> PgAccountStore::ratings(int64_t account_id) {
  std::vector<StoredRating> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("ratings", account_id);
    out.clear();
    for (const auto& row : r) {
      out.push_back(StoredRating{
          row[0].as<std::string>(),
          rating::Rating{row[1].as<double>(), row[2].as<double>(), row[3].as<double>()},
          row[4].as<int64_t>(), row[5].as<int64_t>()});
    }
  });
  return out;
}

std::vector<RankedRating> PgAccountStore::leaderboard(const std::string& category,
                                                      double max_deviation, int limit) {
  std::vector<RankedRating> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("leaderboard", category, max_deviation, limit);
    out.clear();
    for (const auto& row : r) {
      out.push_back(RankedRating{
          row[0].as<std::string>(),
          StoredRating{
              category,
              rating::Rating{row[1].as<double>(), row[2].as<double>(), row[3].as<double>()},
              row[4].as<int64_t>(), row[5].as<int64_t>()}});
    }
  });
  return out;
}

bool PgAccountStore::count_puzzle_attempt(const PuzzleAttempt& attempt,
                                          const PuzzleRatingUpdate& update) {
  bool counted = false;
  pool_->run([&](pqxx::connection& c) {
    counted = false;
    pqxx::work w(c);
    const bool account = attempt.account_id != 0;
    // A second attempt of the account at the puzzle, on any server, waits
    // here for the first's commit, then finds the row and does nothing.
    if (account && w.exec_prepared("mark_puzzle", attempt.account_id, attempt.puzzle_id,
                                   attempt.solved, attempt.now_ms)
                           .affected_rows() == 0) {
      w.commit();
      return;
    }
    const rating::Rating fresh;
    rating::Rating player;
    if (account) {
      w.exec_prepared("fresh_puzzle_player", attempt.account_id, fresh.rating, fresh.deviation,
                      fresh.volatility, attempt.now_ms);
      const pqxx::result r = w.exec_prepared("lock_puzzle_player", attempt.account_id);
      player = rating::Rating{r[0][0].as<double>(), r[0][1].as<double>(), r[0][2].as<double>()};
    }
    const rating::Rating& start = attempt.puzzle_start;
    w.exec_prepared("fresh_puzzle_rating", attempt.puzzle_id, start.rating, start.deviation,
                    start.volatility);
    const pqxx::result r = w.exec_prepared("lock_puzzle_rating", attempt.puzzle_id);
    const rating::Rating puzzle{r[0][0].as<double>(), r[0][1].as<double>(), r[0][2].as<double>()};
    const auto [player_after, puzzle_after] = update(player, puzzle);
    if (account) {
      w.exec_prepared("set_puzzle_history", attempt.account_id, attempt.puzzle_id, player.rating,
                      player_after.rating);
      w.exec_prepared("set_puzzle_player", attempt.account_id, player_after.rating,
                      player_after.deviation, player_after.volatility, attempt.now_ms);
    }
    w.exec_prepared("set_puzzle_rating", attempt.puzzle_id, puzzle_after.rating,
                    puzzle_after.deviation, puzzle_after.volatility);
    w.commit();
    counted = true;
  });
  return counted;
}

StoredPuzzlePlayer PgAccountStore::puzzle_player(int64_t account_id) {
  StoredPuzzlePlayer out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("puzzle_player", account_id);
    out = StoredPuzzlePlayer();
    if (!r.empty()) {
      out.rating = rating::Rating{r[0][0].as<double>(), r[0][1].as<double>(), r[0][2].as<double>()};
      out.attempts = r[0][3].as<int64_t>();
    }
  });
  return out;
}

std::vector<PuzzleAttemptRecord> PgAccountStore::puzzle_history(int64_t account_id, int limit) {
  std::vector<PuzzleAttemptRecord> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("puzzle_history", account_id, limit);
    out.clear();
    for (const auto& row : r) {
      out.push_back(PuzzleAttemptRecord{row[0].as<std::string>(), row[1].as<bool>(),
                                        row[2].as<double>(), row[3].as<double>(),
                                        row[4].as<int64_t>()});
    }
  });
  return out;
}

std::map<std::string, rating::Rating> PgAccountStore::puzzle_ratings() {
  std::map<std::string, rating::Rating> out;
  pool_->run([&](pqxx::connection& c) {
    pqxx::nontransaction n(c);
    const pqxx::result r = n.exec_prepared("puzzle_ratings");
    out.clear();
    for (const auto& row : r) {
      out[row[0].as<std::string>()] =
          rating::Rating{row[1].as<double>(), row[2].as<double>(), row[3].as<double>()};
    }
  });
  return out;
}
}  // namespace jungle::web
