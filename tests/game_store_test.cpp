// The game store behind its interface (src/web/store/game_store.h), on both
// stores (SQLite, and PostgreSQL on a server the test starts, skipped when
// there is none): a write from an older revision is refused, events come
// back in order after any seq, join codes are unique, presence is kept apart
// from the game's revision. And SQLite's own: files written by earlier
// releases open and keep their games.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pg_test_server.h"
#include "test_folder.h"
#include "web/store/game_events.h"
#include "web/store/open_account_store.h"
#include "web/store/open_game_store.h"
#include "web/store/open_store.h"
#include "web/store/sqlite_game_store.h"
#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_game_store.h"
#endif

namespace jungle::web {
namespace {

void run_sql(const std::filesystem::path& file, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.string().c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << message;
}

// The games table as the releases before schema versions wrote it
// (game_store.cpp at main before this change): step 1, then `evaluations`.
constexpr const char* kFirstReleaseSchema = R"sql(
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
)sql";
constexpr const char* kOldGame =
    "INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, blue, red) "
    "VALUES (1700000000000, 1700000001000, 'standard', "
    "'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1', 'a3a4 g7g6', 2, "
    "'{\"type\":\"human\"}', '{\"type\":\"engine\",\"skill\":3,\"movetime_ms\":500}');";

StoredGame sample_game() {
  StoredGame g;
  g.created_ms = g.updated_ms = 1000;
  g.variant = "standard";
  g.start_fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
  g.blue = g.red = R"({"type":"human"})";
  return g;
}

StoredEvent event(int64_t id, int64_t seq, const std::string& type) {
  return StoredEvent{id, seq, 5000 + seq, type, "{\"n\":" + std::to_string(seq) + "}"};
}

class GameStoreTest : public ::testing::Test {
 protected:
  std::filesystem::path file() const { return dir_ / "games.db"; }
  TestFolder dir_{"game-store"};
};

// The same tests on each store: "sqlite" (a file in a fresh folder) and
// "postgresql" (a fresh database on the test's server).
class AnyGameStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") {
      JUNGLE_NEED_POSTGRES(server);
      location_ = server->new_database("store");
    } else {
      dir_.emplace("game-store");
      location_ = (*dir_ / "games.db").string();
    }
  }
  // Opens the test's store (again: the same file or database).
  std::unique_ptr<GameStore> open() const { return open_game_store(location_); }
  static int opened_version(GameStore& store) {
    if (auto* s = dynamic_cast<SqliteGameStore*>(&store)) return s->opened_version();
#ifdef JUNGLE_HAS_POSTGRES
    if (auto* p = dynamic_cast<PgGameStore*>(&store)) return p->opened_version();
#endif
    ADD_FAILURE() << "a store of no known kind";
    return -1;
  }
  // Runs SQL on the test's store, beside the store's own connections.
  void run(const std::string& sql) const {
    if (GetParam() == "sqlite") {
      run_sql(location_, sql);
      return;
    }
#ifdef JUNGLE_HAS_POSTGRES
    PgTestServer::run_sql(location_, sql);
#endif
  }
  std::optional<TestFolder> dir_;  // the sqlite store's
  std::string location_;
};

INSTANTIATE_TEST_SUITE_P(Stores, AnyGameStoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

TEST_P(AnyGameStoreTest, ANewStoreGetsTheCurrentSchema) {
  auto store = open();
  EXPECT_EQ(opened_version(*store), 0);
  StoredGame g = sample_game();
  store->insert(g);
  EXPECT_EQ(g.id, 1);
  EXPECT_EQ(g.revision, 1);
  const auto back = store->load(g.id);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->revision, 1);
  EXPECT_EQ(back->seats, "");
  EXPECT_EQ(back->start_fen, g.start_fen);
  auto again = open();
  EXPECT_EQ(opened_version(*again), SqliteGameStore::kSchemaVersion);
  EXPECT_EQ(again->count(), 1);
}

TEST_P(AnyGameStoreTest, EveryFieldComesBackAsWritten) {
  auto store = open();
  StoredGame g = sample_game();
  g.created_ms = 1700000000123;
  g.updated_ms = 1700000000456;
  g.variant = "wikipedia";
  g.moves = "a3a4 g7g6";
  g.ply_count = 2;
  g.blue = R"({"type":"human","name":"Ann \u00e9"})";
  g.red = R"({"type":"engine","skill":3})";
  g.result = "1-0";
  g.termination = "den";
  g.declared = "resignation";
  g.evaluations = "[12,-30]";
  g.last_event = 4;
  g.code = "ABC234";
  g.listing = "playing";
  g.seats = R"({"blue":"x"})";
  g.clock = R"({"initial_ms":60000})";
  g.offers = R"({"draw":"red"})";
  g.category = "standard blitz";
  g.first_seat_colour = "red";
  store->insert(g);
  auto back = store->load(g.id);
  ASSERT_TRUE(back);
  StoredGame expected = g;
  EXPECT_EQ(back->id, expected.id);
  EXPECT_EQ(back->created_ms, expected.created_ms);
  EXPECT_EQ(back->updated_ms, expected.updated_ms);
  EXPECT_EQ(back->variant, expected.variant);
  EXPECT_EQ(back->moves, expected.moves);
  EXPECT_EQ(back->ply_count, expected.ply_count);
  EXPECT_EQ(back->blue, expected.blue);
  EXPECT_EQ(back->red, expected.red);
  EXPECT_EQ(back->result, expected.result);
  EXPECT_EQ(back->termination, expected.termination);
  EXPECT_EQ(back->declared, expected.declared);
  EXPECT_EQ(back->evaluations, expected.evaluations);
  EXPECT_EQ(back->revision, 1);
  EXPECT_EQ(back->last_event, expected.last_event);
  EXPECT_EQ(back->code, expected.code);
  EXPECT_EQ(back->listing, expected.listing);
  EXPECT_EQ(back->seats, expected.seats);
  EXPECT_EQ(back->clock, expected.clock);
  EXPECT_EQ(back->offers, expected.offers);
  EXPECT_EQ(back->category, expected.category);
  EXPECT_EQ(back->first_seat_colour, "red");
  // Lists leave the long columns out and keep the rest.
  const auto listed = store->list(10, 0);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].moves, "");
  EXPECT_EQ(listed[0].evaluations, "");
  EXPECT_EQ(listed[0].clock, expected.clock);
  EXPECT_EQ(listed[0].code, expected.code);
  EXPECT_EQ(listed[0].first_seat_colour, "red");
  // An update writes every field it may change, and drops the code.
  StoredGame next = *back;
  next.updated_ms += 1;
  next.moves += " a4a5";
  next.ply_count = 3;
  next.code = "";
  next.listing = "";
  next.offers = "";
  next.category = "standard rapid";
  next.first_seat_colour = "blue";
  EXPECT_EQ(store->update(next), 2);
  back = store->load(g.id);
  EXPECT_EQ(back->first_seat_colour, "blue");
  EXPECT_EQ(back->category, "standard rapid");
  EXPECT_EQ(store->list(10, 0).at(0).category, "standard rapid");
  EXPECT_EQ(back->moves, "a3a4 g7g6 a4a5");
  EXPECT_EQ(back->code, "");
  EXPECT_EQ(back->offers, "");
  EXPECT_EQ(back->revision, 2);
  EXPECT_FALSE(store->find_code("ABC234"));
}

// The games a server gives a category as it starts: rated ones (by their
// seats) without one, by id, a page at a time; writing one is no revision.
TEST_P(AnyGameStoreTest, RatedGamesWithoutACategoryAreFoundByIdAndGivenOne) {
  auto store = open();
  std::vector<int64_t> ids;
  for (const char* seats : {R"({"listed":false,"online":true,"rated":true,"seats":[]})",
                            R"({"listed":false,"online":true,"rated":false,"seats":[]})", "",
                            R"({"listed":false,"online":true,"rated":true,"seats":[]})",
                            R"({"listed":false,"online":true,"rated":true,"seats":[]})"}) {
    StoredGame g = sample_game();
    g.seats = seats;
    store->insert(g);
    ids.push_back(g.id);
  }
  const auto found = [&](int64_t after, int limit) {
    std::vector<int64_t> out;
    for (const StoredGame& g : store->uncategorized_rated(after, limit)) out.push_back(g.id);
    return out;
  };
  EXPECT_EQ(found(0, 10), (std::vector<int64_t>{ids[0], ids[3], ids[4]}));
  EXPECT_EQ(found(ids[0], 1), (std::vector<int64_t>{ids[3]}));
  EXPECT_EQ(store->uncategorized_rated(0, 1).at(0).seats,
            R"({"listed":false,"online":true,"rated":true,"seats":[]})");
  store->set_category(ids[3], "standard blitz");
  EXPECT_EQ(found(0, 10), (std::vector<int64_t>{ids[0], ids[4]}));
  EXPECT_EQ(store->load(ids[3])->category, "standard blitz");
  EXPECT_EQ(store->load(ids[3])->revision, 1);
}

// A file of schema 3 (before the category column) gains it, every game's "".
TEST_F(GameStoreTest, AFileOfSchemaThreeGainsTheCategoryColumn) {
  {
    SqliteGameStore store(file());
    StoredGame g = sample_game();
    store.insert(g);
  }
  run_sql(file(),
          "ALTER TABLE games DROP COLUMN category; ALTER TABLE games DROP COLUMN "
          "first_seat_colour; DELETE FROM schema_version; "
          "INSERT INTO schema_version (version) VALUES (3);");
  SqliteGameStore store(file());
  EXPECT_EQ(store.opened_version(), 3);
  EXPECT_EQ(store.load(1)->category, "");
  StoredGame next = *store.load(1);
  next.category = "flip";
  EXPECT_EQ(store.update(next), 2);
  EXPECT_EQ(store.load(1)->category, "flip");
}

// A database of schema 4 (before the column of the first seat's colour)
// gains it, each game given the colour its first seat played: Red only for a
// Flip Jungle game whose colours its first flip decided ('-' in its FEN)
// and whose first flip turned over a Red animal (a lower-case letter).
TEST_P(AnyGameStoreTest, ADatabaseOfSchemaFourGivesEachGameItsFirstSeatsColour) {
  { auto current = open(); }
  // A row as schema 4 held it: variant, start, moves, result.
  const auto row = [](const std::string& variant, const std::string& fen, const std::string& moves,
                      const std::string& result) {
    return "INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, "
           "blue, red, result) VALUES (1000, 1000, '" +
           variant + "', '" + fen + "', '" + moves + "', 0, '{}', '{}', '" + result + "');";
  };
  // Raw strings: "??/" would be read as a trigraph.
  const std::string undecided = R"(????/????/????/???? - CDELPRTWcdelprtw 0 1)";
  const std::string blue_first = R"(????/????/????/???? w CDELPRTWcdelprtw 0 1)";
  run("ALTER TABLE games DROP COLUMN first_seat_colour; UPDATE schema_version SET version = 4;" +
      row("flip", undecided, "b2?=l a1a2", "0-1") +  // a Red Lion first: Red
      row("flip", undecided, "b2?=L c3?=r", "1-0") + row("flip", undecided, "", "*") +
      // Colours known from the start: the first seat plays Blue, whatever it turns over.
      row("flip", blue_first, "b2?=l", "*") +
      row("standard", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1", "a3a4", "*"));
  auto store = open();
  EXPECT_EQ(opened_version(*store), 4);
  std::vector<std::string> colours;
  for (int64_t id = 1; id <= 5; ++id) colours.push_back(store->load(id)->first_seat_colour);
  EXPECT_EQ(colours, (std::vector<std::string>{"red", "blue", "blue", "blue", "blue"}));
}

TEST_P(AnyGameStoreTest, ListsAreNewestFirstAndPaged) {
  auto store = open();
  std::vector<int64_t> ids;
  for (int i = 0; i < 5; ++i) {
    StoredGame g = sample_game();
    g.updated_ms = 1000 + i * (i % 2 ? 10 : 1);  // 1000 1010 1002 1030 1004
    store->insert(g);
    ids.push_back(g.id);
  }
  EXPECT_EQ(store->count(), 5);
  const auto first = store->list(2, 0);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].id, ids[3]);
  EXPECT_EQ(first[1].id, ids[1]);
  const auto rest = store->list(10, 2);
  ASSERT_EQ(rest.size(), 3u);
  EXPECT_EQ(rest[0].id, ids[4]);
  EXPECT_EQ(rest[1].id, ids[2]);
  EXPECT_EQ(rest[2].id, ids[0]);
  EXPECT_TRUE(store->list(10, 5).empty());
  EXPECT_FALSE(store->load(999));
  EXPECT_FALSE(store->remove(999));
}

TEST_F(GameStoreTest, AFileOfTheLastReleaseOpensAndKeepsItsGames) {
  // The schema main wrote: the first table and the evaluations column.
  run_sql(file(), std::string(kFirstReleaseSchema) +
                      "ALTER TABLE games ADD COLUMN evaluations TEXT NOT NULL DEFAULT '';" +
                      kOldGame);
  SqliteGameStore store(file());
  EXPECT_EQ(store.opened_version(), 2);
  ASSERT_EQ(store.count(), 1);
  const auto g = store.load(1);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->moves, "a3a4 g7g6");
  EXPECT_EQ(g->ply_count, 2);
  EXPECT_EQ(g->red, R"({"type":"engine","skill":3,"movetime_ms":500})");
  EXPECT_EQ(g->revision, 1);
  EXPECT_EQ(g->last_event, 0);
  EXPECT_EQ(g->seats, "");
  EXPECT_EQ(g->listing, "");
  // And it goes on: a write over its revision, with events.
  StoredGame next = *g;
  next.moves += " a4a5";
  next.ply_count = 3;
  next.last_event = 1;
  EXPECT_EQ(store.update(next, {event(1, 1, "move")}), 2);
  EXPECT_EQ(store.load(1)->moves, "a3a4 g7g6 a4a5");
  ASSERT_EQ(store.events_after(1, 0, 10).size(), 1u);
  // A new game after it gets the next id.
  StoredGame fresh = sample_game();
  store.insert(fresh);
  EXPECT_EQ(fresh.id, 2);
}

TEST_F(GameStoreTest, AFileOfTheFirstReleaseGainsEveryColumn) {
  run_sql(file(), std::string(kFirstReleaseSchema) + kOldGame);
  {
    SqliteGameStore store(file());
    EXPECT_EQ(store.opened_version(), 1);
    const auto g = store.load(1);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->evaluations, "");
    EXPECT_EQ(g->moves, "a3a4 g7g6");
  }
  SqliteGameStore reopened(file());
  EXPECT_EQ(reopened.opened_version(), SqliteGameStore::kSchemaVersion);
  EXPECT_EQ(reopened.count(), 1);
}

TEST_F(GameStoreTest, AFileFromANewerVersionIsRefusedUntouched) {
  { SqliteGameStore store(file()); }
  run_sql(file(), "UPDATE schema_version SET version = 99;");
  try {
    SqliteGameStore store(file());
    FAIL() << "a newer schema was opened";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 99"), std::string::npos) << e.what();
  }
}

TEST_P(AnyGameStoreTest, AWriteFromAnOlderRevisionIsRefusedNotLost) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame g = sample_game();
  store.insert(g);
  // Two writers read revision 1; the first wins, the second is told.
  StoredGame first = g, second = g;
  first.moves = "a3a4";
  second.moves = "g3g4";
  EXPECT_EQ(store.update(first, {event(g.id, 1, "move")}), 2);
  try {
    store.update(second, {event(g.id, 1, "move")});
    FAIL() << "the second write was accepted over the first";
  } catch (const RevisionConflict& e) {
    EXPECT_EQ(e.found(), 2);
  }
  EXPECT_EQ(store.load(g.id)->moves, "a3a4");
  // Nothing of the refused write stayed: its event neither.
  const auto events = store.events_after(g.id, 0, 10);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].data, "{\"n\":1}");
  // Written from the revision now stored, it goes through.
  second.revision = 2;
  EXPECT_EQ(store.update(second), 3);
  ASSERT_TRUE(store.remove(g.id));
  EXPECT_THROW(store.update(second), MissingGameError);
}

TEST_P(AnyGameStoreTest, ConcurrentWritersOfOneRevisionExactlyOneWins) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame g = sample_game();
  store.insert(g);
  std::atomic<int> won{0}, refused{0};
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i) {
    writers.emplace_back([&, i] {
      StoredGame mine = g;
      mine.moves = "w" + std::to_string(i);
      try {
        store.update(mine, {event(g.id, 1, "move")});
        ++won;
      } catch (const RevisionConflict&) {
        ++refused;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    });
  }
  for (auto& t : writers) t.join();
  EXPECT_EQ(won, 1);
  EXPECT_EQ(refused, 7);
  EXPECT_EQ(store.load(g.id)->revision, 2);
}

TEST_P(AnyGameStoreTest, EventsComeBackInOrderAfterAnySeq) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame g = sample_game();
  g.last_event = 2;
  store.insert(g, {event(0, 1, "created"), event(0, 2, "seat")});
  g.last_event = 5;
  store.update(g, {event(g.id, 3, "move"), event(g.id, 4, "move"), event(g.id, 5, "game_over")});
  const auto all = store.events_after(g.id, 0, 100);
  ASSERT_EQ(all.size(), 5u);
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].seq, int64_t(i) + 1);
    EXPECT_EQ(all[i].game_id, g.id);
  }
  EXPECT_EQ(all[4].type, "game_over");
  const auto after3 = store.events_after(g.id, 3, 100);
  ASSERT_EQ(after3.size(), 2u);
  EXPECT_EQ(after3[0].seq, 4);
  EXPECT_EQ(store.events_after(g.id, 3, 1).size(), 1u);
  EXPECT_TRUE(store.events_after(g.id, 5, 100).empty());
  // An event seq written twice is refused with the write.
  StoredGame stale = *store.load(g.id);
  EXPECT_THROW(store.update(stale, {event(g.id, 5, "move")}), StoreError);
  EXPECT_EQ(store.load(g.id)->revision, stale.revision);
  ASSERT_TRUE(store.remove(g.id));
  EXPECT_TRUE(store.events_after(g.id, 0, 100).empty());
}

TEST_P(AnyGameStoreTest, JoinCodesAreUniqueAndFound) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame a = sample_game();
  a.code = "K7QX3M";
  store.insert(a);
  StoredGame b = sample_game();
  b.code = "K7QX3M";
  EXPECT_THROW(store.insert(b), DuplicateCodeError);
  b.code = "";
  store.insert(b);  // games without a code do not collide
  StoredGame c = sample_game();
  store.insert(c);
  EXPECT_EQ(store.find_code("K7QX3M"), a.id);
  EXPECT_FALSE(store.find_code("NOSUCH"));
  EXPECT_FALSE(store.find_code(""));
  EXPECT_EQ(store.load(b.id)->code, "");
}

TEST_P(AnyGameStoreTest, TheLobbyListsListedGamesStillGoingOn) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame open = sample_game(), playing = sample_game(), over = sample_game(),
             unlisted = sample_game();
  open.listing = "open";
  playing.listing = "playing";
  over.listing = "playing";
  over.result = "1-0";
  for (StoredGame* g : {&open, &playing, &over, &unlisted}) store.insert(*g);
  const auto listed = store.list_listed(10);
  ASSERT_EQ(listed.size(), 2u);
  std::vector<int64_t> ids = {listed[0].id, listed[1].id};
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<int64_t>{open.id, playing.id}));
}

TEST_P(AnyGameStoreTest, PresenceIsKeptWithoutARevision) {
  auto owned = open();
  GameStore& store = *owned;
  StoredGame g = sample_game();
  store.insert(g);
  EXPECT_EQ(store.presence(g.id), (std::array<int64_t, 2>{0, 0}));
  store.touch_presence(g.id, 1, 7000);
  store.touch_presence(g.id, 1, 6000);  // never goes back
  store.touch_presence(g.id, 0, 100);
  EXPECT_EQ(store.presence(g.id), (std::array<int64_t, 2>{100, 7000}));
  EXPECT_EQ(store.load(g.id)->revision, 1);
}

TEST_F(GameStoreTest, APostgresUrlOpensPostgresOrIsRefusedWithAReason) {
  // Port 1 on loopback: nothing listens there.
  try {
    open_game_store("postgresql://jungle:secret@127.0.0.1:1/jungle");
    FAIL() << "a store was opened with no server";
  } catch (const StoreError& e) {
    const std::string message = e.what();
#ifdef JUNGLE_HAS_POSTGRES
    // Tried, and said where, without the password.
    EXPECT_NE(message.find("cannot connect to the game database "
                           "postgresql://jungle@127.0.0.1:1/jungle"),
              std::string::npos)
        << message;
#else
    EXPECT_NE(message.find("built without PostgreSQL"), std::string::npos) << message;
#endif
    EXPECT_EQ(message.find("secret"), std::string::npos) << message;
  }
  EXPECT_NE(open_game_store(file().string()), nullptr);
}

// The game stores' and the account stores' factories read `--db` alike
// (open_store.h): the same URLs are PostgreSQL's, and a build without
// libpqxx refuses one with the same words; an SQLite file opens either.
TEST_F(GameStoreTest, BothFactoriesReadTheDatabaseAlike) {
  EXPECT_TRUE(is_postgres_url("postgresql://x/y"));
  EXPECT_TRUE(is_postgres_url("postgres://x/y"));
  EXPECT_FALSE(is_postgres_url("games.db"));
  EXPECT_FALSE(is_postgres_url("/srv/postgresql://x"));
  EXPECT_FALSE(is_postgres_url("postgresql:/x"));
  try {
    refuse_postgres_url();
    FAIL() << "not refused";
  } catch (const StoreError& e) {
    EXPECT_EQ(std::string(e.what()),
              "this jungle was built without PostgreSQL (libpqxx was not found when it was built: "
              "install libpqxx-dev and build again); give --db an SQLite file instead");
  }
  EXPECT_NE(open_game_store(file().string()), nullptr);
  EXPECT_NE(open_account_store(file().string()), nullptr);
}

TEST(GameEventsTest, ListenersHearTheirGameAndEveryGameListenersAll) {
  InProcessGameEvents bus;
  std::vector<std::string> heard;
  auto seven = bus.subscribe(7, [&](const GameNotice& n) {
    heard.push_back("7:" + std::to_string(n.game_id) + "/" + std::to_string(n.seq));
  });
  {
    auto all = bus.subscribe(
        0, [&](const GameNotice& n) { heard.push_back("all:" + std::to_string(n.game_id)); });
    bus.publish({7, 3, 2, false, ""});
    bus.publish({8, 1, 2, false, ""});
    EXPECT_EQ(bus.listeners(), 2u);
  }
  bus.publish({7, 4, 3, false, ""});
  seven.reset();
  bus.publish({7, 5, 4, false, ""});
  EXPECT_EQ(bus.listeners(), 0u);
  // Every game's listeners hear a notice before the game's own do.
  EXPECT_EQ(heard, (std::vector<std::string>{"all:7", "7:7/3", "all:8", "7:7/4"}));
}

}  // namespace
}  // namespace jungle::web
