// Each account's rating history in both account stores (docs/ratings.md,
// "History"): the rating after every counted game, newest first with its
// result, seat and opponent; the seats' accounts of a page of games with
// their ratings in one query; and the step from account schema 3, which
// gives the games counted before it their ratings after.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "account_store_util.h"
#include "pg_test_server.h"
#include "test_folder.h"
#include "web/store/sqlite_account_store.h"
#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {
namespace {

struct Players {
  int64_t ann = 0;
  int64_t bob = 0;
  int64_t cat = 0;
};

// Three games: Ann beats Bob (blitz), Bob beats Ann (blitz), Ann draws
// with Cat (rapid); the figures are WebRatedTest's Glicko-2 results.
Players play_three(AccountStore& store) {
  Players p;
  p.ann = store.create_account("Ann", "ann", "h", 1)->id;
  p.bob = store.create_account("bob", "bob", "h", 1)->id;
  p.cat = store.create_account("cat", "cat", "h", 1)->id;
  count_with_ratings(store, 10, "standard blitz", {p.ann, p.bob}, "1-0", 100,
                     {1662.3, 290.3, 1337.7, 290.3});
  count_with_ratings(store, 11, "standard blitz", {p.bob, p.ann}, "1-0", 200,
                     {1566.9, 260.5, 1433.1, 260.5});
  count_with_ratings(store, 12, "standard rapid", {p.ann, p.cat}, "1/2-1/2", 300,
                     {1500, 300, 1500, 300});
  return p;
}

using Point =
    std::tuple<int64_t, std::string, double, double, int64_t, int, std::string, std::string>;
std::vector<Point> points(const std::vector<RatingPoint>& history) {
  std::vector<Point> out;
  for (const RatingPoint& h : history) {
    out.emplace_back(h.game_id, h.category, h.rating, h.deviation, h.at_ms, h.seat, h.result,
                     h.opponent);
  }
  return out;
}

void exercise_history(AccountStore& store) {
  const Players p = play_three(store);
  EXPECT_EQ(points(store.rating_history(p.ann, 10, 0)),
            (std::vector<Point>{
                {12, "standard rapid", 1500, 300, 300, 0, "1/2-1/2", "cat"},
                {11, "standard blitz", 1433.1, 260.5, 200, 1, "1-0", "bob"},
                {10, "standard blitz", 1662.3, 290.3, 100, 0, "1-0", "bob"},
            }));
  EXPECT_EQ(points(store.rating_history(p.ann, 1, 1)),
            (std::vector<Point>{{11, "standard blitz", 1433.1, 260.5, 200, 1, "1-0", "bob"}}));
  EXPECT_EQ(points(store.rating_history(p.bob, 10, 0)),
            (std::vector<Point>{
                {11, "standard blitz", 1566.9, 260.5, 200, 0, "1-0", "Ann"},
                {10, "standard blitz", 1337.7, 290.3, 100, 1, "1-0", "Ann"},
            }));
  // A deleted opponent is anonymous there.
  store.delete_account(p.cat, 400);
  EXPECT_EQ(std::get<7>(points(store.rating_history(p.ann, 1, 0))[0]), "");

  // The seats' accounts of a page of games, with every rating of each:
  // game 20 Ann (blue) and Bob (red), game 21 only Bob's red seat.
  ASSERT_TRUE(store.own_seat(20, 0, p.ann));
  ASSERT_TRUE(store.own_seat(20, 1, p.bob));
  ASSERT_TRUE(store.own_seat(21, 1, p.bob));
  ASSERT_TRUE(store.own_seat(22, 0, p.cat));  // deleted since: not listed
  std::set<std::tuple<int64_t, int, std::string, std::string, double>> seen;
  for (const SeatAccount& s : store.seat_accounts({20, 21, 22, 99})) {
    seen.emplace(s.game_id, s.seat, s.name, s.rating.category, s.rating.value.rating);
  }
  EXPECT_EQ(seen, (std::set<std::tuple<int64_t, int, std::string, std::string, double>>{
                      {20, 0, "Ann", "standard blitz", 1433.1},
                      {20, 0, "Ann", "standard rapid", 1500},
                      {20, 1, "bob", "standard blitz", 1566.9},
                      {21, 1, "bob", "standard blitz", 1566.9},
                  }));
  EXPECT_TRUE(store.seat_accounts({}).empty());
}

// What the step from version 3 gives the games counted before it: each
// rating after is the next game's before, the last the rating now, and only
// the last's deviation is known.
void expect_backfilled(AccountStore& store, const Players& p) {
  EXPECT_EQ(points(store.rating_history(p.ann, 10, 0)),
            (std::vector<Point>{
                {12, "standard rapid", 1500, 300, 300, 0, "1/2-1/2", "cat"},
                {11, "standard blitz", 1433.1, 260.5, 200, 1, "1-0", "bob"},
                {10, "standard blitz", 1662.3, -1, 100, 0, "1-0", "bob"},
            }));
  EXPECT_EQ(points(store.rating_history(p.bob, 10, 0)),
            (std::vector<Point>{
                {11, "standard blitz", 1566.9, 260.5, 200, 0, "1-0", "Ann"},
                {10, "standard blitz", 1337.7, -1, 100, 1, "1-0", "Ann"},
            }));
  EXPECT_EQ(points(store.rating_history(p.cat, 10, 0)),
            (std::vector<Point>{{12, "standard rapid", 1500, 300, 300, 1, "1/2-1/2", "Ann"}}));
  // The ratings themselves are as they were, and counting goes on.
  EXPECT_EQ(store.ratings(p.ann).size(), 2u);
  count_with_ratings(store, 13, "standard blitz", {p.ann, p.bob}, "1-0", 400,
                     {1500, 250, 1500, 250});
  EXPECT_EQ(store.rating_history(p.ann, 10, 0).size(), 4u);
  EXPECT_EQ(store.rating_history(p.ann, 1, 0)[0].deviation, 250);
}

TEST(RatingHistoryTest, SqliteKeepsTheRatingAfterEachGame) {
  TestFolder dir("history");
  SqliteGameStore games(dir / "games.db");
  SqliteAccountStore accounts(dir / "games.db");
  exercise_history(accounts);
}

TEST(RatingHistoryTest, AFileOfAccountSchema3GainsTheHistoryOfItsRatedGames) {
  TestFolder dir("history-v3");
  SqliteGameStore games(dir / "games.db");
  Players p;
  {
    SqliteAccountStore accounts(dir / "games.db");
    p = play_three(accounts);
  }
  // As the previous jungle left it: no history table, version 3.
  set_account_schema(dir / "games.db", 3, {"rating_history", "login_buckets"});
  SqliteAccountStore again(dir / "games.db");
  EXPECT_EQ(again.opened_version(), 3);
  expect_backfilled(again, p);
  SqliteAccountStore third(dir / "games.db");
  EXPECT_EQ(third.opened_version(), SqliteAccountStore::kSchemaVersion);
  EXPECT_EQ(third.rating_history(p.ann, 10, 0).size(), 4u) << "migrated once";
}

#ifdef JUNGLE_HAS_POSTGRES
TEST(RatingHistoryTest, PostgresKeepsTheRatingAfterEachGame) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database("history");
  PgGameStore games(url);
  PgAccountStore accounts(url);
  exercise_history(accounts);
}

TEST(RatingHistoryTest, APostgresDatabaseOfAccountSchema3GainsTheHistoryOfItsRatedGames) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database("historyv3");
  PgGameStore games(url);
  Players p;
  {
    PgAccountStore accounts(url);
    p = play_three(accounts);
  }
  {
    pqxx::connection c(url);
    pqxx::work w(c);
    w.exec("DROP TABLE rating_history");
    w.exec("DROP TABLE login_buckets");
    w.exec("UPDATE account_schema_version SET version = 3");
    w.commit();
  }
  PgAccountStore again(url);
  EXPECT_EQ(again.opened_version(), 3);
  expect_backfilled(again, p);
  PgAccountStore third(url);
  EXPECT_EQ(third.opened_version(), PgAccountStore::kSchemaVersion);
}
#endif

}  // namespace
}  // namespace jungle::web
