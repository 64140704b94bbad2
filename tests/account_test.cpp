// The accounts' parts on their own (docs/accounts.md): Argon2id hashing,
// the user name and password rules with their messages, the login limiter's
// exact counts, the session cookie's attributes, and both account stores:
// SQLite always (a file of today's games gaining the account tables on
// open, its games kept), PostgreSQL where the tests can start a server.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "account_store_util.h"
#include "pg_test_server.h"
#include "test_folder.h"
#include "web/accounts/account_rules.h"
#include "web/accounts/login_limiter.h"
#include "web/accounts/password_hash.h"
#include "web/accounts/session_cookie.h"
#include "web/server/secrets.h"
#include "web/store/sqlite_account_store.h"
#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_account_store.h"
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {
namespace {

TEST(AccountPasswordTest, Argon2idHashesVerifyTheirPasswordOnly) {
  const std::string hash = hash_password("correct horse", PasswordCost::interactive());
  // libsodium's string form, with the interactive cost in it: 64 MiB, 2 passes.
  EXPECT_EQ(hash.rfind("$argon2id$v=19$m=65536,t=2,p=1$", 0), 0u) << hash;
  EXPECT_EQ(hash.find("correct horse"), std::string::npos);
  EXPECT_TRUE(verify_password(hash, "correct horse"));
  EXPECT_FALSE(verify_password(hash, "correct horsE"));
  EXPECT_FALSE(verify_password(hash, ""));
  // A fresh salt each time: the same password never hashes the same.
  const std::string again = hash_password("correct horse", PasswordCost::minimum());
  EXPECT_NE(again, hash);
  EXPECT_TRUE(verify_password(again, "correct horse"));
  // A deleted account's erased hash, or anything else, verifies nothing.
  EXPECT_FALSE(verify_password("", ""));
  EXPECT_FALSE(verify_password("not a hash", "not a hash"));
}

TEST(AccountRulesTest, NamesAndPasswordsAreRefusedWithTheRule) {
  EXPECT_EQ(name_problem("Ann"), "");
  EXPECT_EQ(name_problem("a_b-9"), "");
  EXPECT_EQ(name_problem("abcdefghijklmnopqrst"), "");
  EXPECT_EQ(name_problem("a"), "a user name has 2 to 20 characters, not 1");
  EXPECT_EQ(name_problem(""), "a user name has 2 to 20 characters, not 0");
  EXPECT_EQ(name_problem("abcdefghijklmnopqrstu"), "a user name has 2 to 20 characters, not 21");
  EXPECT_EQ(name_problem("ann smith"),
            "a user name has only letters, digits, '_' and '-', not ' '");
  EXPECT_EQ(name_problem("\xc3\xa9lan"),
            "a user name has only letters, digits, '_' and '-', not the byte 0xc3");
  EXPECT_EQ(name_key("AnN-X"), "ann-x");
  EXPECT_EQ(password_problem("12345678"), "");
  EXPECT_EQ(password_problem("1234567"), "a password has at least 8 characters");
  EXPECT_EQ(password_problem(std::string(129, 'x')), "a password has at most 128 bytes");
  EXPECT_EQ(password_problem(std::string(128, 'x')), "");
}

TEST(AccountLimiterTest, ABucketHoldsItsBurstAndEarnsOneBackPerShare) {
  TestFolder dir("account-limiter");
  SqliteAccountStore store(dir / "games.db");
  TokenBuckets buckets(store, "name", 5, 900000);
  const int64_t t0 = 1000;
  for (int i = 0; i < 5; ++i) {
    EXPECT_TRUE(buckets.allowed("ann", t0)) << i;
    buckets.take("ann", t0);
  }
  EXPECT_FALSE(buckets.allowed("ann", t0));
  EXPECT_EQ(buckets.wait_ms("ann", t0), 180000);  // 15 minutes / 5
  EXPECT_TRUE(buckets.allowed("bob", t0));        // keys apart
  EXPECT_FALSE(buckets.allowed("ann", t0 + 179999));
  EXPECT_EQ(buckets.wait_ms("ann", t0 + 179999), 1);
  EXPECT_TRUE(buckets.allowed("ann", t0 + 180000));
  buckets.take("ann", t0 + 180000);
  EXPECT_FALSE(buckets.allowed("ann", t0 + 180000));
  // A whole window refills it, never beyond the burst.
  for (int i = 0; i < 5; ++i) {
    EXPECT_TRUE(buckets.allowed("ann", t0 + 10 * 900000)) << i;
    buckets.take("ann", t0 + 10 * 900000);
  }
  EXPECT_FALSE(buckets.allowed("ann", t0 + 10 * 900000));
  // Kinds apart; and another store object on the file (another server)
  // reads the same buckets.
  EXPECT_TRUE(TokenBuckets(store, "address", 5, 900000).allowed("ann", t0 + 10 * 900000));
  SqliteAccountStore other(dir / "games.db");
  TokenBuckets same(other, "name", 5, 900000);
  EXPECT_FALSE(same.allowed("ann", t0 + 10 * 900000));
  EXPECT_EQ(same.wait_ms("ann", t0 + 10 * 900000), 180000);
  // A bucket untouched for a whole window is full again, and its row is
  // forgotten when any bucket is next taken from.
  EXPECT_TRUE(store.login_bucket("name", "bob") == std::nullopt);
  same.take("bob", t0 + 12 * 900000);
  EXPECT_FALSE(store.login_bucket("name", "ann"));
  ASSERT_TRUE(store.login_bucket("name", "bob"));
  EXPECT_EQ(store.login_bucket("name", "bob")->units, 4 * 900000);
  EXPECT_EQ(LoginLimits::kPerName, 5);
  EXPECT_EQ(LoginLimits::kPerAddress, 20);
  EXPECT_EQ(LoginLimits::kWindowMs, 900000);
}

TEST(AccountCookieTest, TheSessionCookieIsHttpOnlyStrictAndSecureOverHttps) {
  const std::string token = new_session_token();
  EXPECT_TRUE(session_token_shaped(token));
  EXPECT_EQ(token.size(), 64u);
  EXPECT_NE(new_session_token(), token);
  EXPECT_FALSE(session_token_shaped(token.substr(1)));
  EXPECT_FALSE(session_token_shaped(std::string(64, 'G')));
  EXPECT_EQ(session_cookie("jungle_account_80", "ab", false),
            "jungle_account_80=ab; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict");
  EXPECT_EQ(session_cookie("jungle_account_80", "ab", true),
            "jungle_account_80=ab; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure");
  EXPECT_EQ(cleared_session_cookie("c", false), "c=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
}

StoredGame sample_game(const std::string& seats, const std::string& result = "*") {
  StoredGame g;
  g.created_ms = g.updated_ms = 1700000000000;
  g.variant = "standard";
  g.start_fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
  g.blue = g.red = R"({"type":"human"})";
  g.seats = seats;
  g.result = result;
  return g;
}

// What every account store does, on `games` and `accounts` over one database.
void exercise_store(GameStore& games, AccountStore& accounts) {
  const std::optional<StoredAccount> ann = accounts.create_account("Ann", "ann", "h1", 5);
  ASSERT_TRUE(ann);
  EXPECT_EQ(ann->name, "Ann");
  EXPECT_FALSE(accounts.create_account("ANN", "ann", "h2", 6)) << "a name taken in another case";
  const std::optional<StoredAccount> bob = accounts.create_account("bob", "bob", "h3", 7);
  ASSERT_TRUE(bob);
  EXPECT_EQ(accounts.account_by_name("ann")->password_hash, "h1");
  accounts.set_password(ann->id, "h4");
  EXPECT_EQ(accounts.account_by_id(ann->id)->password_hash, "h4");
  EXPECT_FALSE(accounts.account_by_name("nobody"));

  // Sessions by digest; expired ones are not honoured and go on cleaning.
  accounts.add_session("d1", ann->id, 10, 1000);
  accounts.add_session("d2", ann->id, 10, 1000);
  accounts.add_session("d3", bob->id, 10, 50);
  EXPECT_EQ(accounts.session_account("d1", 100), ann->id);
  EXPECT_FALSE(accounts.session_account("d3", 100));
  EXPECT_EQ(accounts.session_account("d3", 49), bob->id);
  accounts.remove_sessions(ann->id, "d2", 100);
  EXPECT_FALSE(accounts.session_account("d1", 100));
  EXPECT_EQ(accounts.session_account("d2", 100), ann->id);
  EXPECT_EQ(accounts.session_count(bob->id), 0);
  accounts.remove_session("d2");
  EXPECT_EQ(accounts.session_count(ann->id), 0);

  // Seats: Ann won as blue, drew as red, plays a shared-screen game.
  StoredGame won = sample_game(R"({"seats":[{"holder":"aa11"},{}]})", "1-0");
  StoredGame drew = sample_game("", "1/2-1/2");
  StoredGame local = sample_game("");
  games.insert(won);
  games.insert(drew);
  games.insert(local);
  EXPECT_TRUE(accounts.own_seat(won.id, 0, ann->id));
  EXPECT_FALSE(accounts.own_seat(won.id, 0, bob->id)) << "a seat keeps its owner";
  EXPECT_TRUE(accounts.own_seat(won.id, 1, bob->id));
  EXPECT_TRUE(accounts.own_seat(drew.id, 1, ann->id));
  EXPECT_TRUE(accounts.own_seat(local.id, 0, ann->id));
  EXPECT_TRUE(accounts.own_seat(local.id, 1, ann->id));
  const AccountTally t = accounts.tally(ann->id);
  EXPECT_EQ(t.games, 3);
  EXPECT_EQ(t.wins, 1);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 0);
  EXPECT_EQ(accounts.tally(bob->id).losses, 1);
  const std::vector<OwnedGame> owned = accounts.owned_games(ann->id, 2, 0);
  ASSERT_EQ(owned.size(), 2u);
  EXPECT_EQ(owned[0].game.id, local.id);  // newest first (same time: by id)
  EXPECT_EQ(owned[0].seats, 3);
  EXPECT_EQ(owned[1].game.id, drew.id);
  EXPECT_EQ(owned[1].seats, 2);
  EXPECT_EQ(owned[1].red_owner, "Ann");
  EXPECT_EQ(owned[1].blue_owner, "");
  const std::vector<OwnedGame> rest = accounts.owned_games(ann->id, 2, 2);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].blue_owner, "Ann");
  EXPECT_EQ(rest[0].red_owner, "bob");

  // Claiming finds the games whose seats name a digest.
  const std::vector<HeldGame> named = accounts.games_naming("aa11", 10);
  ASSERT_EQ(named.size(), 1u);
  EXPECT_EQ(named[0].id, won.id);
  EXPECT_TRUE(accounts.games_naming("aa1%", 10).empty()) << "only hex reaches LIKE";

  // A game request's proof of a session's seats: the seats its live
  // account owns, with the game's seats column, in one query.
  accounts.add_session("d5", ann->id, 10, 1000);
  accounts.add_session("d6", bob->id, 10, 1000);
  SessionSeats seen = accounts.session_seats("d5", won.id, 100);
  EXPECT_EQ(seen.seats, 1);
  EXPECT_EQ(seen.table, won.seats);
  EXPECT_EQ(accounts.session_seats("d6", won.id, 100).seats, 2);
  EXPECT_EQ(accounts.session_seats("d5", local.id, 100).seats, 3);
  seen = accounts.session_seats("d6", drew.id, 100);
  EXPECT_EQ(seen.seats, 0) << "Bob owns no seat of it";
  EXPECT_EQ(seen.table, "");
  EXPECT_EQ(accounts.session_seats("d5", won.id, 1000).seats, 0) << "an expired session";
  EXPECT_EQ(accounts.session_seats("nope", won.id, 100).seats, 0) << "no session";
  EXPECT_EQ(accounts.session_seats("d5", won.id + 1000, 100).seats, 0) << "no such game";

  // Deleting: a tombstone that keeps the name, no sessions, no seats.
  accounts.add_session("d4", bob->id, 10, 1000);
  accounts.delete_account(bob->id, 99);
  const std::optional<StoredAccount> gone = accounts.account_by_name("bob");
  ASSERT_TRUE(gone);
  EXPECT_TRUE(gone->deleted());
  EXPECT_EQ(gone->password_hash, "");
  EXPECT_FALSE(accounts.session_account("d4", 100));
  EXPECT_FALSE(accounts.create_account("Bob", "bob", "h5", 100)) << "a deleted name stays taken";
  EXPECT_EQ(accounts.owned_games(ann->id, 10, 2)[0].red_owner, "") << "anonymised in the games";
  EXPECT_EQ(accounts.tally(bob->id).games, 0);
  EXPECT_TRUE(games.load(won.id)) << "the games stay";
}

// The puzzle trainer's part of a store: a first attempt counted once, with
// the account's rating and history and the puzzle's rating as `update`
// gives them; an anonymous attempt moves only the puzzle's.
void exercise_puzzles(AccountStore& accounts) {
  const int64_t ann = accounts.create_account("Pia", "pia", "h", 1)->id;
  EXPECT_EQ(accounts.puzzle_player(ann).attempts, 0);
  EXPECT_EQ(accounts.puzzle_player(ann).rating.rating, 1500);
  EXPECT_TRUE(accounts.puzzle_ratings().empty());
  const rating::Rating start{1200, 150, 0.06};
  std::vector<std::pair<double, double>> seen;  // (player, puzzle) before each update
  const auto update = [&](double player_after, double puzzle_after) {
    return [&seen, player_after, puzzle_after](const rating::Rating& player,
                                               const rating::Rating& puzzle) {
      seen.emplace_back(player.rating, puzzle.rating);
      return std::pair{rating::Rating{player_after, 300, 0.06},
                       rating::Rating{puzzle_after, 140, 0.06}};
    };
  };
  EXPECT_TRUE(
      accounts.count_puzzle_attempt(PuzzleAttempt{ann, "p1", true, start, 10}, update(1550, 1180)));
  // The same puzzle again: counted once, whatever the answer.
  EXPECT_FALSE(
      accounts.count_puzzle_attempt(PuzzleAttempt{ann, "p1", false, start, 11}, update(1, 1)));
  // An anonymous player's attempt: the puzzle's rating only, from its stored one.
  EXPECT_TRUE(
      accounts.count_puzzle_attempt(PuzzleAttempt{0, "p1", false, start, 12}, update(9999, 1190)));
  EXPECT_TRUE(accounts.count_puzzle_attempt(PuzzleAttempt{ann, "p2", false, start, 13},
                                            update(1520, 1230)));
  EXPECT_EQ(seen,
            (std::vector<std::pair<double, double>>{{1500, 1200}, {1500, 1180}, {1550, 1200}}));
  const StoredPuzzlePlayer pia = accounts.puzzle_player(ann);
  EXPECT_EQ(pia.attempts, 2);
  EXPECT_EQ(pia.rating.rating, 1520);
  EXPECT_EQ(pia.rating.deviation, 300);
  const std::vector<PuzzleAttemptRecord> history = accounts.puzzle_history(ann, 10);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].puzzle_id, "p2");
  EXPECT_FALSE(history[0].solved);
  EXPECT_EQ(history[0].rating_before, 1550);
  EXPECT_EQ(history[0].rating_after, 1520);
  EXPECT_EQ(history[0].at_ms, 13);
  EXPECT_EQ(history[1].puzzle_id, "p1");
  EXPECT_TRUE(history[1].solved);
  EXPECT_EQ(history[1].rating_before, 1500);
  EXPECT_EQ(history[1].rating_after, 1550);
  EXPECT_EQ(accounts.puzzle_history(ann, 1).size(), 1u);
  const std::map<std::string, rating::Rating> puzzles = accounts.puzzle_ratings();
  ASSERT_EQ(puzzles.size(), 2u);
  EXPECT_EQ(puzzles.at("p1").rating, 1190);
  EXPECT_EQ(puzzles.at("p1").deviation, 140);
  EXPECT_EQ(puzzles.at("p2").rating, 1230);
}

TEST(AccountStoreTest, SqliteKeepsAccountsSessionsAndSeats) {
  TestFolder dir("accounts");
  SqliteGameStore games(dir / "games.db");
  SqliteAccountStore accounts(dir / "games.db");
  EXPECT_EQ(accounts.opened_version(), 0);
  exercise_store(games, accounts);
  exercise_puzzles(accounts);
}

TEST(AccountStoreTest, AFileOfTodaysGamesGainsTheAccountTablesAndKeepsItsGames) {
  TestFolder dir("accounts-migrate");
  int64_t id = 0;
  {
    SqliteGameStore games(dir / "games.db");
    StoredGame g = sample_game("");
    g.moves = "a3a4 g7g6";
    g.ply_count = 2;
    games.insert(g);
    id = g.id;
  }
  {
    // The tables were not there before.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir / "games.db").string().c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM sqlite_master WHERE name='accounts'", -1,
                                 &st, nullptr),
              SQLITE_OK);
    ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
    EXPECT_EQ(sqlite3_column_int(st, 0), 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
  }
  SqliteGameStore games(dir / "games.db");
  EXPECT_EQ(games.opened_version(), SqliteGameStore::kSchemaVersion);
  {
    SqliteAccountStore accounts(dir / "games.db");
    EXPECT_EQ(accounts.opened_version(), 0);
    ASSERT_TRUE(accounts.create_account("Ann", "ann", "h", 1));
    EXPECT_TRUE(accounts.own_seat(id, 0, 1));
  }
  SqliteAccountStore again(dir / "games.db");
  EXPECT_EQ(again.opened_version(), SqliteAccountStore::kSchemaVersion);
  EXPECT_TRUE(again.account_by_name("ann"));
  const std::optional<StoredGame> kept = games.load(id);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->moves, "a3a4 g7g6");
  EXPECT_EQ(again.owned_games(1, 10, 0).size(), 1u);
}

// A file of account schema 1 (accounts before ratings) gains the ratings'
// tables and keeps its accounts.
TEST(AccountStoreTest, AFileOfAccountSchema1GainsTheRatings) {
  TestFolder dir("accounts-v1");
  SqliteGameStore games(dir / "games.db");
  {
    SqliteAccountStore accounts(dir / "games.db");
    ASSERT_TRUE(accounts.create_account("Ann", "ann", "h", 1));
  }
  set_account_schema(dir / "games.db", 1,
                     {"ratings", "rated_games", "puzzle_players", "puzzle_history",
                      "puzzle_ratings", "rating_history", "login_buckets"});
  SqliteAccountStore again(dir / "games.db");
  EXPECT_EQ(again.opened_version(), 1);
  const int64_t ann = again.account_by_name("ann")->id;
  const int64_t bob = again.create_account("bob", "bob", "h", 2)->id;
  count_with_ratings(again, 3, "standard rapid", {ann, bob}, "0-1", 4, {1400, 300, 1600, 300});
  ASSERT_EQ(again.ratings(bob).size(), 1u);
  EXPECT_EQ(again.ratings(bob)[0].value.rating, 1600);
}

// A file of account schema 2 (ratings, before the puzzles' tables) gains
// them and keeps its accounts and ratings.
TEST(AccountStoreTest, AFileOfAccountSchema2GainsThePuzzleTables) {
  TestFolder dir("accounts-v2");
  SqliteGameStore games(dir / "games.db");
  int64_t ann = 0;
  {
    SqliteAccountStore accounts(dir / "games.db");
    ann = accounts.create_account("Ann", "ann", "h", 1)->id;
    const int64_t bob = accounts.create_account("bob", "bob", "h", 1)->id;
    count_with_ratings(accounts, 3, "standard rapid", {ann, bob}, "1-0", 4, {1600, 300, 1400, 300});
  }
  // As the previous jungle left it: no puzzle tables, version 2.
  set_account_schema(
      dir / "games.db", 2,
      {"puzzle_players", "puzzle_history", "puzzle_ratings", "rating_history", "login_buckets"});
  SqliteAccountStore again(dir / "games.db");
  EXPECT_EQ(again.opened_version(), 2);
  EXPECT_EQ(again.account_by_name("ann")->id, ann);
  ASSERT_EQ(again.ratings(ann).size(), 1u);
  EXPECT_EQ(again.ratings(ann)[0].value.rating, 1600);
  EXPECT_TRUE(again.count_puzzle_attempt(
      PuzzleAttempt{ann, "p1", true, rating::Rating{}, 5},
      [](const rating::Rating&, const rating::Rating&) {
        return std::pair{rating::Rating{1560, 290, 0.06}, rating::Rating{1440, 290, 0.06}};
      }));
  EXPECT_EQ(again.puzzle_player(ann).rating.rating, 1560);
  EXPECT_EQ(again.puzzle_history(ann, 5).size(), 1u);
  SqliteAccountStore third(dir / "games.db");
  EXPECT_EQ(third.opened_version(), SqliteAccountStore::kSchemaVersion);
  EXPECT_EQ(third.puzzle_player(ann).rating.rating, 1560);
}

TEST(AccountStoreTest, AFileOfANewerAccountSchemaIsRefused) {
  TestFolder dir("accounts-newer");
  SqliteGameStore games(dir / "games.db");
  { SqliteAccountStore accounts(dir / "games.db"); }
  set_account_schema(dir / "games.db", 9, {});
  try {
    SqliteAccountStore accounts(dir / "games.db");
    FAIL() << "a newer account schema was opened";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("has account schema version 9, newer than this jungle "
                                         "knows (5)"),
              std::string::npos)
        << e.what();
  }
}

#ifdef JUNGLE_HAS_POSTGRES
TEST(AccountStoreTest, PostgresKeepsAccountsSessionsAndSeats) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database("acct");
  PgGameStore games(url);
  PgAccountStore accounts(url);
  EXPECT_EQ(accounts.opened_version(), 0);
  exercise_store(games, accounts);
  exercise_puzzles(accounts);
  // A second server on the database finds the tables migrated, and Ann's session.
  PgAccountStore other(url);
  EXPECT_EQ(other.opened_version(), PgAccountStore::kSchemaVersion);
  accounts.add_session(secret_digest("t"), accounts.account_by_name("ann")->id, 1, 1000);
  EXPECT_EQ(other.session_account(secret_digest("t"), 2), accounts.account_by_name("ann")->id);
}
#endif

}  // namespace
}  // namespace jungle::web
