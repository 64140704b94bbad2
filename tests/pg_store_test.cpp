// The PostgreSQL store and bus beyond what every store does
// (game_store_test.cpp): several servers on one database (two stores, two
// buses in one process stand for them), schema versions, lost connections
// reconnected and reported, notices across servers through LISTEN/NOTIFY.
// Skipped, saying why, without PostgreSQL or libpqxx.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "pg_test_server.h"
#include "web/store/open_game_store.h"
#include "web/store/open_store.h"

#ifdef JUNGLE_HAS_POSTGRES
#include "web/store/postgres/pg_game_events.h"
#include "web/store/postgres/pg_game_store.h"

namespace jungle::web {
namespace {

using namespace std::chrono_literals;

StoredGame sample_game() {
  StoredGame g;
  g.created_ms = g.updated_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count();
  g.variant = "standard";
  g.start_fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
  g.blue = g.red = R"({"type":"human"})";
  return g;
}

// What a test's log sink heard, for the lines the store must write.
struct Heard {
  std::mutex mutex;
  std::vector<std::string> lines;
  PgConnectionPool::Log sink() {
    return [this](const std::string& line) {
      std::lock_guard lock(mutex);
      lines.push_back(line);
    };
  }
  bool has(const std::string& part) {
    std::lock_guard lock(mutex);
    for (const auto& l : lines)
      if (l.find(part) != std::string::npos) return true;
    return false;
  }
  std::string all() {
    std::lock_guard lock(mutex);
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  }
};

// The notices one subscriber heard, waited for.
struct Inbox {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<GameNotice> notices;
  GameEvents::Listener listener() {
    return [this](const GameNotice& n) {
      std::lock_guard lock(mutex);
      notices.push_back(n);
      arrived.notify_all();
    };
  }
  // Waits until `pred` holds of the notices heard, or `timeout` passed.
  template <class Pred>
  bool wait(Pred pred, std::chrono::milliseconds timeout = 5000ms) {
    std::unique_lock lock(mutex);
    return arrived.wait_for(lock, timeout, [&] { return pred(notices); });
  }
  size_t size() {
    std::lock_guard lock(mutex);
    return notices.size();
  }
};

bool wait_until(const std::function<bool()>& pred, std::chrono::milliseconds timeout = 10000ms) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (pred()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return pred();
}

TEST(PgStoreTest, PasswordsNeverReachMessages) {
  EXPECT_EQ(redact_database_url("postgresql://ann:s3cret@db.example:5432/jungle"),
            "postgresql://ann@db.example:5432/jungle");
  EXPECT_EQ(redact_database_url("postgres://ann@db/jungle?password=s3cret&sslmode=require"),
            "postgres://ann@db/jungle?sslmode=require");
  EXPECT_EQ(redact_database_url("postgresql://db/jungle?sslmode=require&password=x"),
            "postgresql://db/jungle?sslmode=require");
  EXPECT_EQ(redact_database_url("postgresql://ann@db/jungle"), "postgresql://ann@db/jungle");
  EXPECT_TRUE(is_postgres_url("postgresql://x/y"));
  EXPECT_TRUE(is_postgres_url("postgres://x/y"));
  EXPECT_FALSE(is_postgres_url("games.db"));
  EXPECT_FALSE(is_postgres_url("/srv/postgresql://x"));
}

TEST(PgStoreTest, AServerThatIsNotThereIsToldWithItsAddress) {
  try {
    PgGameStore store("postgresql://ann:s3cret@127.0.0.1:1/jungle");
    FAIL() << "opened a store with no server";
  } catch (const StoreError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("cannot connect to the game database postgresql://ann@127.0.0.1:1/"
                           "jungle: "),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
  }
  EXPECT_THROW(PgGameStore("postgresql://[not a url"), StoreError);
}

TEST(PgStoreTest, ADatabaseOfANewerSchemaIsRefusedUntouched) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  { PgGameStore store(url); }
  PgTestServer::run_sql(url, "UPDATE schema_version SET version = 99");
  try {
    PgGameStore store(url);
    FAIL() << "a newer schema was opened";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 99"), std::string::npos) << e.what();
  }
  PgTestServer::run_sql(
      url, "UPDATE schema_version SET version = " + std::to_string(PgGameStore::kSchemaVersion));
  EXPECT_EQ(PgGameStore(url).opened_version(), PgGameStore::kSchemaVersion);
}

TEST(PgStoreTest, ServersStartedTogetherMigrateOnce) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  std::vector<std::thread> starts;
  std::atomic<int> opened{0}, from_zero{0};
  std::vector<std::string> errors(6);
  for (int i = 0; i < 6; ++i) {
    starts.emplace_back([&, i] {
      try {
        PgGameStore store(url, 1);
        ++opened;
        if (store.opened_version() == 0) ++from_zero;
      } catch (const std::exception& e) {
        errors[size_t(i)] = e.what();
      }
    });
  }
  for (auto& t : starts) t.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  EXPECT_EQ(opened, 6);
  EXPECT_EQ(from_zero, 1);  // one migrated; the others found it done
  PgGameStore store(url);
  EXPECT_EQ(store.opened_version(), PgGameStore::kSchemaVersion);
}

TEST(PgStoreTest, WritersOnTwoServersOfOneRevisionExactlyOneWins) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  PgGameStore a(url, 4), b(url, 4);
  for (int round = 0; round < 5; ++round) {
    StoredGame g = sample_game();
    a.insert(g);
    std::atomic<int> won{0}, refused{0};
    std::vector<std::thread> writers;
    for (int i = 0; i < 8; ++i) {
      writers.emplace_back([&, i] {
        StoredGame mine = g;
        mine.moves = "w" + std::to_string(i);
        mine.last_event = 1;
        try {
          (i % 2 ? a : b).update(mine, {StoredEvent{g.id, 1, 1, "move", "{}"}});
          ++won;
        } catch (const RevisionConflict& e) {
          EXPECT_EQ(e.found(), 2);
          ++refused;
        } catch (const std::exception& e) {
          ADD_FAILURE() << e.what();
        }
      });
    }
    for (auto& t : writers) t.join();
    EXPECT_EQ(won, 1);
    EXPECT_EQ(refused, 7);
    // The winner's row and its event, nothing of the others'.
    const auto stored = b.load(g.id);
    EXPECT_EQ(stored->revision, 2);
    const auto events = a.events_after(g.id, 0, 10);
    ASSERT_EQ(events.size(), 1u);
  }
}

TEST(PgStoreTest, ManyThreadsReadAndWriteAtOnce) {
  JUNGLE_NEED_POSTGRES(server);
  PgGameStore store(server->new_database(), 3);
  // More threads than connections: they wait their turn, none fails.
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 12; ++t) {
    threads.emplace_back([&] {
      try {
        StoredGame g = sample_game();
        store.insert(g);
        for (int i = 1; i <= 10; ++i) {
          g.moves += "m ";
          g.last_event = i;
          g.revision = store.update(g, {StoredEvent{g.id, i, i, "move", "{}"}});
          if (store.load(g.id)->revision != g.revision) ++failures;
        }
        if (store.events_after(g.id, 0, 100).size() != 10u) ++failures;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(store.count(), 12);
}

TEST(PgStoreTest, ALostConnectionIsReconnectedAndReported) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  Heard log;
  PgGameStore store(url, 4, log.sink());
  StoredGame g = sample_game();
  store.insert(g);
  // The server ends every session, as a restart or an administrator would.
  PgTestServer::drop_connections(url);
  // The next calls go through, on a new connection, and the loss is told.
  const auto back = store.load(g.id);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->id, g.id);
  g.moves = "a3a4";
  EXPECT_EQ(store.update(g), 2);
  EXPECT_TRUE(log.has("lost a connection to the game database " + redact_database_url(url)))
      << log.all();
  EXPECT_TRUE(log.has("reconnected to the game database")) << log.all();
  EXPECT_GE(store.pool()->reconnections(), 1u);
}

TEST(PgStoreTest, NoticesCrossServers) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  PgGameStore store_a(url), store_b(url);
  PgGameEvents a(store_a.pool()), b(store_b.pool());
  ASSERT_TRUE(a.listening());
  ASSERT_TRUE(b.listening());
  Inbox on_a, on_b, all_on_b, other_game_on_b;
  auto s1 = a.subscribe(7, on_a.listener());
  auto s2 = b.subscribe(7, on_b.listener());
  auto s3 = b.subscribe(0, all_on_b.listener());
  auto s4 = b.subscribe(8, other_game_on_b.listener());
  a.publish(GameNotice{7, 12, 5, true, R"({"type":"presence","seat":"red"})"});
  ASSERT_TRUE(on_b.wait([](const auto& n) { return !n.empty(); }));
  {
    std::lock_guard lock(on_b.mutex);
    ASSERT_EQ(on_b.notices.size(), 1u);
    const GameNotice& n = on_b.notices[0];
    EXPECT_EQ(n.game_id, 7);
    EXPECT_EQ(n.seq, 12);
    EXPECT_EQ(n.revision, 5);
    EXPECT_TRUE(n.lobby);
    EXPECT_EQ(n.transient, R"({"type":"presence","seat":"red"})");
  }
  EXPECT_TRUE(all_on_b.wait([](const auto& n) { return n.size() == 1; }));
  // The publisher's own watchers heard it once, at once, and not again
  // through the database.
  // A marker from B: A hears the notices in the order they were sent, so
  // once it hears this one it has heard (and dropped) its own.
  Inbox marker;
  auto s5 = a.subscribe(9, marker.listener());
  b.publish(GameNotice{9, 2, 2, false, ""});
  ASSERT_TRUE(marker.wait([](const auto& n) { return !n.empty(); }));
  EXPECT_EQ(on_a.size(), 1u);
  EXPECT_EQ(other_game_on_b.size(), 0u);
  EXPECT_EQ(b.heard(), 1u);
}

TEST(PgStoreTest, ATransientTooLongForNotifyArrivesWhole) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  PgGameStore store_a(url), store_b(url);
  PgGameEvents a(store_a.pool()), b(store_b.pool());
  Inbox on_b;
  auto s = b.subscribe(3, on_b.listener());
  const std::string big = R"({"type":"chat","text":")" + std::string(20000, 'x') + "\"}";
  ASSERT_GT(PgGameEvents::encode(GameNotice{3, 1, 1, false, big}, "o").size(),
            PgGameEvents::kMaxPayloadBytes);
  a.publish(GameNotice{3, 1, 1, false, big});
  ASSERT_TRUE(on_b.wait([](const auto& n) { return !n.empty(); }));
  std::lock_guard lock(on_b.mutex);
  EXPECT_EQ(on_b.notices[0].transient, big);
}

TEST(PgStoreTest, PayloadsThatAreNotOursAreIgnored) {
  EXPECT_FALSE(PgGameEvents::decode("not json"));
  EXPECT_FALSE(PgGameEvents::decode(R"({"g":1})"));
  EXPECT_FALSE(PgGameEvents::decode(R"({"o":"x","g":"1"})"));
  const auto d =
      PgGameEvents::decode(PgGameEvents::encode(GameNotice{4, 5, 6, true, "{}"}, "me", 0));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->origin, "me");
  EXPECT_EQ(d->notice.game_id, 4);
  EXPECT_EQ(d->notice.seq, 5);
  EXPECT_EQ(d->notice.revision, 6);
  EXPECT_TRUE(d->notice.lobby);
  EXPECT_EQ(d->notice.transient, "{}");
  const auto o = PgGameEvents::decode(PgGameEvents::encode(GameNotice{4, 5, 6, false, ""}, "a", 9));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->overflow_id, 9);
  EXPECT_FALSE(o->notice.lobby);
}

TEST(PgStoreTest, TheListenerReconnectsAndWakesTheGamesItMayHaveMissed) {
  JUNGLE_NEED_POSTGRES(server);
  const std::string url = server->new_database();
  Heard log_b;
  PgGameStore store_a(url), store_b(url, 2, log_b.sink());
  PgGameEvents a(store_a.pool()), b(store_b.pool());
  StoredGame g = sample_game();
  store_a.insert(g);
  Inbox on_b;
  auto s = b.subscribe(g.id, on_b.listener());
  // Every session ends: B's listener among them.
  PgTestServer::drop_connections(url);
  ASSERT_TRUE(wait_until([&] { return b.reconnections() >= 1 && b.listening(); })) << log_b.all();
  EXPECT_TRUE(log_b.has("the game notification listener lost the game database")) << log_b.all();
  EXPECT_TRUE(log_b.has("listening to the game database")) << log_b.all();
  // Nobody published; still B's watchers of the game were woken, with the
  // stored revision, since a notice may have been lost meanwhile.
  ASSERT_TRUE(on_b.wait([&](const auto& n) {
    for (const auto& x : n)
      if (x.game_id == g.id && x.revision == 1) return true;
    return false;
  })) << log_b.all();
  // And it hears the other server again.
  const size_t before = on_b.size();
  wait_until([&] { return a.listening(); });
  a.publish(GameNotice{g.id, 3, 2, false, ""});
  EXPECT_TRUE(on_b.wait([&](const auto& n) {
    return n.size() > before && n.back().seq == 3 && n.back().revision == 2;
  }));
}

TEST(PgStoreTest, APostgresStoreBringsTheBusAcrossServers) {
  JUNGLE_NEED_POSTGRES(server);
  auto store = open_game_store(server->new_database());
  EXPECT_NE(dynamic_cast<PgGameStore*>(store.get()), nullptr);
  auto events = store->event_bus();
  auto* bus = dynamic_cast<PgGameEvents*>(events.get());
  ASSERT_NE(bus, nullptr);
  EXPECT_TRUE(bus->listening());
}

}  // namespace
}  // namespace jungle::web

#else

TEST(PgStoreTest, SkippedWithoutLibpqxx) {
  GTEST_SKIP() << "PostgreSQL tests skipped: this build has no PostgreSQL store (libpqxx was "
                  "not found)";
}

#endif
