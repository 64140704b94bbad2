// Online play over the API against an in-process server: seats and their
// tokens (a move for another's seat is refused, 403), joining by code,
// offers, clocks decided by the server with an injected clock (no sleeps),
// abandonment, the per-game event stream and resuming it, the lobby, a
// write conflict with another writer, and a database of the last release.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "sse_events.h"
#include "test_folder.h"
#include "web/store/sqlite_game_store.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

class WebOnlineTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }

  void start(int64_t abandon_ms = 30000) {
    WebServerOptions options = small_test_server(dir_, 16);
    options.abandon_timeout_ms = abandon_ms;
    options.clock = [this] { return read_clock(); };
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }

  // A client acting as one player (its X-Player-Key), or anonymous.
  std::unique_ptr<httplib::Client> player(const std::string& key = "") const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(30);
    if (!key.empty()) c->set_default_headers({{"X-Player-Key", key}});
    return c;
  }
  static Reply post(httplib::Client& c, const std::string& path, const Json& body,
                    const httplib::Headers& headers = {}) {
    return reply(c.Post(path, headers, body.dump(), "application/json"));
  }
  static Reply get(httplib::Client& c, const std::string& path) { return reply(c.Get(path)); }
  void advance(int64_t ms) { now_ += ms; }
  // The next read of the clock by a request (not by the clock's timer) sees
  // the time now, and the clock moves on by `ms` just after it.
  void jump_after_next_read(int64_t ms) { jump_ = ms; }
  // Waits for the clock's timer to have read the clock, which it does first
  // of all (so that jump_after_next_read knows the timer's thread).
  void wait_for_timer() const {
    for (int i = 0; i < 5000 && timer_.load() == std::thread::id(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_NE(timer_.load(), std::thread::id());
  }

  // Reads the game's stream until `done` says enough (or the server ends it).
  std::vector<Sse> watch(httplib::Client& c, const std::string& url,
                         const std::function<bool(const std::vector<Sse>&)>& done,
                         const httplib::Headers& headers = {}) {
    std::string text;
    std::vector<Sse> events;
    c.Get(url, headers, [&](const char* data, size_t n) {
      text.append(data, n);
      events = parse_events(text);
      return !done(events);
    });
    return events;
  }

  TestFolder dir_{"web-online"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::atomic<int64_t> now_{1'800'000'000'000};
  std::atomic<int64_t> jump_{0};
  std::atomic<std::thread::id> timer_{};

 private:
  int64_t read_clock() {
    const std::thread::id me = std::this_thread::get_id();
    std::thread::id none;
    timer_.compare_exchange_strong(none, me);
    if (me != timer_.load()) {
      if (const int64_t jump = jump_.exchange(0); jump != 0) return now_.fetch_add(jump);
    }
    return now_.load();
  }
};

TEST_F(WebOnlineTest, ALocalGameIsItsCreatorsAndNobodyElses) {
  start();
  auto alice = player("alice-key-000000001");
  auto mallory = player("mallory-key-0000001");
  auto anonymous = player();
  Reply g = post(*alice, "/api/games", Json::object());
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  EXPECT_EQ(g.body["mode"], "local");
  EXPECT_EQ(g.body["you"], Json::array({"blue", "red"}));
  ASSERT_TRUE(g.body["seat_tokens"]["blue"].is_string());
  const std::string blue_token = g.body["seat_tokens"]["blue"];

  // Another player, a made-up token, no credentials at all: refused.
  Reply r = post(*mallory, path(id, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(code_of(r), "not_your_seat");
  r = post(*anonymous, path(id, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.status, 403);
  r = post(*anonymous, path(id, "/moves"), {{"move", "a3a4"}}, {{"X-Seat-Token", "0123456789"}});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(post(*mallory, path(id, "/resign"), Json::object()).status, 403);
  EXPECT_EQ(post(*mallory, path(id, "/undo"), Json::object()).status, 403);
  EXPECT_EQ(
      reply(mallory->Put(path(id, "/players"), Json{{"red", kHuman}}.dump(), "application/json"))
          .status,
      403);
  EXPECT_EQ(reply(mallory->Delete(path(id))).status, 403);
  // Nothing changed.
  EXPECT_EQ(get(*alice, path(id)).body["ply"], 0);
  // The watcher sees the game but holds no seat.
  Reply seen = get(*mallory, path(id));
  EXPECT_EQ(seen.status, 200);
  EXPECT_EQ(seen.body["you"], Json::array());
  EXPECT_FALSE(seen.body.contains("seat_tokens"));

  // The creator, by key or by the seat's token alone: both seats.
  EXPECT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  r = post(*anonymous, path(id, "/moves"), {{"move", "g7g6"}},
           {{"X-Seat-Token", g.body["seat_tokens"]["red"].get<std::string>()}});
  EXPECT_EQ(r.status, 200) << r.text;
  // Blue's token does not move for Red.
  EXPECT_EQ(post(*alice, path(id, "/moves"), {{"move", "a4a5"}}).status, 200);
  r = post(*anonymous, path(id, "/moves"), {{"move", "g6g5"}}, {{"X-Seat-Token", blue_token}});
  EXPECT_EQ(r.status, 403);
}

TEST_F(WebOnlineTest, TwoPlayersOnlineEachMovesOnlyForTheirSeat) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"online", true}, {"side", "blue"}, {"name", "Alice"}, {"blue", kHuman}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  EXPECT_EQ(g.body["mode"], "online");
  EXPECT_EQ(g.body["you"], Json::array({"blue"}));
  EXPECT_EQ(g.body["seat_tokens"].size(), 1u);
  const std::string code = g.body["code"];
  EXPECT_EQ(code.size(), 6u);
  EXPECT_FALSE(g.body["seats"]["red"]["taken"].get<bool>());
  // A spectator is not given the code that takes the seat.
  EXPECT_FALSE(get(*carol, path(id)).body.contains("code"));

  // Nobody plays before the opponent sits down.
  Reply r = post(*alice, path(id, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(code_of(r), "waiting_for_opponent");
  // The seat needs the code; the creator cannot take both.
  EXPECT_EQ(code_of(post(*bob, path(id, "/join"), {{"code", "ZZZZZZ"}})), "bad_code");
  EXPECT_EQ(code_of(post(*alice, path(id, "/join"), {{"code", code}})), "already_seated");
  EXPECT_EQ(get(*bob, "/api/join/" + code).body["game"], id);
  r = post(*bob, "/api/join", {{"code", code}, {"name", "Bob"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["you"], Json::array({"red"}));
  EXPECT_EQ(r.body["players"]["red"]["name"], "Bob");
  EXPECT_EQ(r.body["players"]["blue"]["name"], "Alice");
  EXPECT_TRUE(r.body["seat_tokens"]["red"].is_string());
  EXPECT_EQ(code_of(post(*carol, "/api/join", {{"code", code}})), "seat_taken");

  // Each moves for their own seat only.
  EXPECT_EQ(code_of(post(*bob, path(id, "/moves"), {{"move", "a3a4"}})), "not_your_seat");
  EXPECT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  EXPECT_EQ(code_of(post(*alice, path(id, "/moves"), {{"move", "g7g6"}})), "not_your_seat");
  EXPECT_EQ(code_of(post(*carol, path(id, "/moves"), {{"move", "g7g6"}})), "not_your_seat");
  EXPECT_EQ(post(*bob, path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  // Nobody resigns for the other; undo needs consent.
  EXPECT_EQ(code_of(post(*alice, path(id, "/resign"), {{"side", "red"}})), "not_your_seat");
  EXPECT_EQ(code_of(post(*alice, path(id, "/undo"), Json::object())), "needs_consent");
  EXPECT_EQ(code_of(post(*carol, path(id, "/resign"), Json::object())), "not_your_seat");
  // Nor changes the players, nor deletes a game two sat at.
  EXPECT_EQ(reply(alice->Put(path(id, "/players"), Json{{"red", {{"type", "engine"}}}}.dump(),
                             "application/json"))
                .status,
            409);
  EXPECT_EQ(reply(alice->Delete(path(id))).status, 403);
  // Hints and analysis wait for the end.
  EXPECT_EQ(code_of(get(*alice, path(id, "/hint"))), "game_in_progress");

  r = post(*bob, path(id, "/resign"), Json::object());
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["winner"], "blue");
  EXPECT_EQ(r.body["termination"], "resignation");
}

TEST_F(WebOnlineTest, DrawAndTakeBackNeedTheOpponentsConsent) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(*alice, "/api/games", {{"online", true}, {"side", "red"}});
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}).status, 200);
  // Bob plays Blue.
  ASSERT_EQ(post(*bob, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "g7g6"}}).status, 200);

  // A take-back Bob offers, Alice accepts: back to Bob's turn before a3a4.
  Reply r = post(*bob, path(id, "/offers"), {{"kind", "takeback"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["offers"]["takeback"], "blue");
  EXPECT_EQ(code_of(post(*bob, path(id, "/offers/accept"), {{"kind", "takeback"}})), "own_offer");
  r = post(*alice, path(id, "/offers/accept"), {{"kind", "takeback"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 0);
  EXPECT_TRUE(r.body["offers"]["takeback"].is_null());

  // A draw offer declined, then one accepted.
  ASSERT_EQ(post(*bob, path(id, "/moves"), {{"move", "g3g4"}}).status, 200);
  ASSERT_EQ(post(*alice, path(id, "/offers"), {{"kind", "draw"}}).status, 200);
  r = post(*bob, path(id, "/offers/decline"), {{"kind", "draw"}});
  EXPECT_TRUE(r.body["offers"]["draw"].is_null());
  EXPECT_EQ(code_of(post(*bob, path(id, "/offers/accept"), {{"kind", "draw"}})), "no_offer");
  ASSERT_EQ(post(*alice, path(id, "/offers"), {{"kind", "draw"}}).status, 200);
  // Playing on declines it.
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "a7a6"}}).status, 200);
  EXPECT_EQ(get(*bob, path(id)).body["offers"]["draw"], "red");  // the offerer's own move keeps it
  ASSERT_EQ(post(*bob, path(id, "/moves"), {{"move", "g4g5"}}).status, 200);
  EXPECT_TRUE(get(*bob, path(id)).body["offers"]["draw"].is_null());
  ASSERT_EQ(post(*alice, path(id, "/offers"), {{"kind", "draw"}}).status, 200);
  r = post(*bob, path(id, "/offers/accept"), {{"kind", "draw"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["result"], "1/2-1/2");
  EXPECT_EQ(r.body["termination"], "agreement");
}

// The offers of a game with hidden pieces go by the same routes as every
// game's: a draw offered, declined, offered again and agreed; a take-back is
// refused by the game's nature (docs/web-capabilities.md).
TEST_F(WebOnlineTest, AHiddenGamesDrawIsAgreedAsEveryGamesAndATakeBackIsRefused) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(*alice, "/api/games", {{"variant", "hidden"}, {"online", true}, {"side", "red"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}).status, 200);
  // Each side's first legal move is a step: no enemy is next to a piece at
  // the start.
  auto first_move = [&](httplib::Client& c) {
    const Reply view = get(c, path(id));
    return view.body["legal_moves"].empty() ? std::string()
                                            : view.body["legal_moves"][0].get<std::string>();
  };
  const std::string blue_move = first_move(*bob);
  ASSERT_FALSE(blue_move.empty());
  ASSERT_EQ(post(*bob, path(id, "/moves"), {{"move", blue_move}}).status, 200);
  const std::string red_move = first_move(*alice);
  ASSERT_FALSE(red_move.empty());
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", red_move}}).status, 200);

  EXPECT_EQ(code_of(post(*bob, path(id, "/offers"), {{"kind", "takeback"}})), "no_takeback");
  Reply r = post(*alice, path(id, "/offers"), {{"kind", "draw"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["offers"]["draw"], "red");
  EXPECT_EQ(get(*bob, path(id)).body["offers"]["draw"], "red");
  r = post(*bob, path(id, "/offers/decline"), {{"kind", "draw"}});
  EXPECT_TRUE(r.body["offers"]["draw"].is_null());
  ASSERT_EQ(post(*alice, path(id, "/offers"), {{"kind", "draw"}}).status, 200);
  EXPECT_EQ(code_of(post(*alice, path(id, "/offers/accept"), {{"kind", "draw"}})), "own_offer");
  r = post(*bob, path(id, "/offers/accept"), {{"kind", "draw"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["result"], "1/2-1/2");
  EXPECT_EQ(r.body["termination"], "agreement");
}

// A flip game's rematch goes by the same route as every game's: the
// opponent accepts, the new game is the same set, and each player has the
// other seat.
TEST_F(WebOnlineTest, AFlipGameIsRematchedWithTheSeatsSwapped) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(*alice, "/api/games", {{"variant", "flip"}, {"online", true}, {"side", "blue"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}).status, 200);
  EXPECT_EQ(get(*alice, path(id)).body["you"], Json::array({"blue"}));
  EXPECT_EQ(get(*bob, path(id)).body["you"], Json::array({"red"}));
  // The first flip gives the colours; before it nobody can resign.
  const Reply first = get(*alice, path(id));
  ASSERT_FALSE(first.body["legal_moves"].empty()) << first.text;
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", first.body["legal_moves"][0]}}).status, 200);
  const Reply resigned = post(*bob, path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  EXPECT_EQ(code_of(post(*bob, path(id, "/rematch/accept"), Json::object())), "no_rematch");
  Reply r = post(*alice, path(id, "/rematch"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["rematch"]["offered_by"], "blue");

  Reply made = post(*bob, path(id, "/rematch/accept"), Json::object());
  ASSERT_EQ(made.status, 200) << made.text;
  const int64_t next = made.body["id"];
  EXPECT_NE(next, id);
  EXPECT_EQ(made.body["variant"], "flip");
  EXPECT_EQ(made.body["you"], Json::array({"blue"}));
  EXPECT_EQ(post(*alice, path(id, "/rematch/seat"), Json::object()).status, 200);
  const Reply alices = get(*alice, path(next));
  EXPECT_EQ(alices.body["you"], Json::array({"red"}));
  EXPECT_EQ(alices.body["status"], "ongoing");
  EXPECT_EQ(alices.body["capabilities"]["chance"], true);
}

TEST_F(WebOnlineTest, SuddenDeathIsLostOnTimeWithoutAMoveArriving) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"time_control", {{"kind", "sudden_death"}, {"initial_ms", 60000}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  EXPECT_EQ(g.body["clock"]["blue_ms"], 60000);
  EXPECT_EQ(g.body["clock"]["running"], "blue");
  advance(25000);
  Reply r = post(*alice, path(id, "/moves"), {{"move", "a3a4"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["clock"]["blue_ms"], 35000);
  EXPECT_EQ(r.body["clock"]["red_ms"], 60000);
  EXPECT_EQ(r.body["clock"]["running"], "red");
  advance(59999);
  EXPECT_EQ(get(*alice, path(id)).body["status"], "ongoing");
  EXPECT_EQ(get(*alice, path(id)).body["clock"]["red_ms"], 1);
  advance(1);
  // No move came: the read decides it.
  r = get(*alice, path(id));
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["winner"], "blue");
  EXPECT_EQ(r.body["termination"], "time");
  EXPECT_EQ(r.body["message"], "Blue wins: Red ran out of time");
  EXPECT_EQ(r.body["clock"]["red_ms"], 0);
  EXPECT_TRUE(r.body["clock"]["running"].is_null());
  // A move arriving late is refused; the record says why the game ended.
  EXPECT_EQ(code_of(post(*alice, path(id, "/moves"), {{"move", "g7g6"}})), "game_over");
  const std::string record = alice->Get(path(id, "/record"))->body;
  EXPECT_NE(record.find("[TimeControl \"60\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Termination \"time\"]"), std::string::npos) << record;
}

TEST_F(WebOnlineTest, AMoveIsStampedWithTheInstantItsFlagIsJudgedBy) {
  start();
  wait_for_timer();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"time_control", {{"kind", "sudden_death"}, {"initial_ms", 60000}}}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  advance(50000);
  // The move arrives with 10 s on Blue's clock; time moves on by 20 s while
  // it is handled. It was in time: it stands, charged as it arrived, and
  // Blue's clock is not charged past its flag.
  jump_after_next_read(20000);
  Reply r = post(*alice, path(id, "/moves"), {{"move", "a3a4"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "ongoing");
  EXPECT_EQ(r.body["clock"]["blue_ms"], 10000);
  EXPECT_EQ(r.body["clock"]["running"], "red");
  EXPECT_EQ(r.body["clock"]["red_ms"], 40000);
}

TEST_F(WebOnlineTest, IncrementAndPerMoveClocks) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(
      *alice, "/api/games",
      {{"time_control", {{"kind", "increment"}, {"initial_ms", 10000}, {"increment_ms", 2000}}}});
  const int64_t id = g.body["id"];
  advance(3000);
  Reply r = post(*alice, path(id, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.body["clock"]["blue_ms"], 9000);  // 10 - 3 + 2
  advance(500);
  r = post(*alice, path(id, "/moves"), {{"move", "g7g6"}});
  EXPECT_EQ(r.body["clock"]["red_ms"], 11500);
  EXPECT_EQ(r.body["clock"]["control"]["text"], "10 s+2");

  Reply p =
      post(*alice, "/api/games", {{"time_control", {{"kind", "per_move"}, {"per_move_ms", 5000}}}});
  const int64_t pid = p.body["id"];
  advance(4900);
  r = post(*alice, path(pid, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.body["clock"]["blue_ms"], 5000);  // unused time is not kept
  EXPECT_EQ(r.body["clock"]["red_ms"], 5000);
  advance(5000);
  r = get(*alice, path(pid));
  EXPECT_EQ(r.body["termination"], "time");
  EXPECT_EQ(r.body["winner"], "blue");

  // Bad controls are refused with the field named.
  Reply bad = post(*alice, "/api/games", {{"time_control", {{"kind", "increment"}}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body["error"]["message"].get<std::string>().find("time_control.initial_ms"),
            std::string::npos);
  EXPECT_EQ(post(*alice, "/api/games", {{"time_control", {{"kind", "hourglass"}}}}).status, 400);
  EXPECT_EQ(
      post(*alice, "/api/games", {{"time_control", {{"kind", "sudden_death"}, {"initial_ms", 10}}}})
          .status,
      400);
}

TEST_F(WebOnlineTest, TheClockTimerTellsWatchersOfAFlag) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"time_control", {{"kind", "sudden_death"}, {"initial_ms", 5000}}}});
  const int64_t id = g.body["id"];
  auto watcher = player();
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    advance(5000);  // the timer sees it within its tick; no request is made
  });
  const auto events = watch(*watcher, path(id, "/events"), [](const std::vector<Sse>& e) {
    return !e.empty() && e.back().type == "game_over";
  });
  later.join();
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front().type, "state");
  EXPECT_EQ(events.back().type, "game_over");
  EXPECT_EQ(events.back().data["termination"], "time");
  EXPECT_EQ(events.back().data["state"]["winner"], "red");
}

TEST_F(WebOnlineTest, TheEngineIsChargedForItsThinking) {
  start();
  auto alice = player("alice-key-000000001");
  // Full strength uses its whole time, so its search is seen running.
  Reply g = post(*alice, "/api/games",
                 {{"red", {{"type", "engine"}, {"skill", 20}, {"movetime_ms", 1500}}},
                  {"time_control", {{"kind", "sudden_death"}, {"initial_ms", 60000}}}});
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  // Red's clock waits for its search to start.
  advance(7000);
  EXPECT_TRUE(get(*alice, path(id)).body["clock"]["running"].is_null());
  std::thread think([&] {
    auto watcher = player();
    for (int i = 0; i < 1000; ++i) {
      const Json s = get(*watcher, path(id)).body;
      if (s["clock"]["running"] == "red") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    advance(1234);  // what the engine's thinking costs on the injected clock
  });
  Reply r = post(*alice, path(id, "/engine-move"), Json::object());
  think.join();
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["clock"]["red_ms"], 60000 - 1234);
  EXPECT_EQ(r.body["clock"]["blue_ms"], 60000);
  EXPECT_EQ(r.body["clock"]["running"], "blue");
}

TEST_F(WebOnlineTest, TheEventStreamResumesFromTheLastEventSeen) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games", Json::object());
  const int64_t id = g.body["id"];
  for (const char* m : {"a3a4", "g7g6", "a4a5"}) {
    ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", m}}).status, 200);
  }
  auto watcher = player();
  // After event 1: events 2 and 3, in order, the state on the last.
  auto events = watch(*watcher, path(id, "/events?after=1"),
                      [](const std::vector<Sse>& e) { return e.size() >= 2; });
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].id, 2);
  EXPECT_EQ(events[0].type, "move");
  EXPECT_EQ(events[0].data["move"]["move"], "g7g6");
  EXPECT_FALSE(events[0].data.contains("state"));
  EXPECT_EQ(events[1].id, 3);
  EXPECT_EQ(events[1].data["move"]["move"], "a4a5");
  EXPECT_EQ(events[1].data["state"]["ply"], 3);
  // Last-Event-ID, as EventSource sends it: the moves made while away.
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "g6g5"}}).status, 200);
  events = watch(*watcher, path(id, "/events"),
                 [](const std::vector<Sse>& e) { return !e.empty(); }, {{"Last-Event-ID", "3"}});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].id, 4);
  EXPECT_EQ(events[0].data["move"]["move"], "g6g5");
  // Up to date: the state alone, with the last id.
  events = watch(*watcher, path(id, "/events?after=4"),
                 [](const std::vector<Sse>& e) { return !e.empty(); });
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].type, "state");
  EXPECT_EQ(events[0].id, 4);
  // Live: a move made while watching arrives as it is made.
  std::thread mover([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto a = player("alice-key-000000001");
    post(*a, path(id, "/moves"), {{"move", "a5a6"}});
  });
  events = watch(*watcher, path(id, "/events?after=4"),
                 [](const std::vector<Sse>& e) { return !e.empty() && e.back().type == "move"; });
  mover.join();
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events.back().id, 5);
  EXPECT_EQ(events.back().data["state"]["ply"], 5);
  // A game that is not there: 404, no stream.
  EXPECT_EQ(get(*watcher, path(999, "/events")).status, 404);
}

TEST_F(WebOnlineTest, AnAbandonedGameIsClaimedAfterTheTimeout) {
  start(30000);
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(*alice, "/api/games", {{"online", true}});
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}).status, 200);
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  // Bob has no stream open; he was last seen taking his seat.
  advance(20000);
  Reply r = get(*alice, path(id));
  EXPECT_FALSE(r.body["seats"]["red"]["connected"].get<bool>());
  EXPECT_EQ(code_of(post(*alice, path(id, "/claim"), Json::object())), "too_soon");
  advance(10001);
  r = post(*alice, path(id, "/claim"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["winner"], "blue");
  EXPECT_EQ(r.body["termination"], "abandoned");
}

// Issue 29: only an open event stream counted as presence, so a player who
// kept moving without one (an API client, a page whose stream a proxy
// buffers) showed `connected: false`, and the opponent's claim won the game
// a second after that player's move. Every request of a seat is presence.
TEST_F(WebOnlineTest, APlayerWhoKeepsPlayingWithoutAStreamIsNotClaimable) {
  start(30000);
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(*alice, "/api/games", {{"online", true}});
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}).status, 200);
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  // Bob took his seat a minute ago and has had no stream open since; he moves.
  advance(60000);
  const int64_t moved_at = now_.load();
  ASSERT_EQ(post(*bob, path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  Reply r = get(*alice, path(id));
  EXPECT_TRUE(r.body["seats"]["red"]["connected"].get<bool>()) << r.text;
  r = post(*alice, path(id, "/claim"), Json::object());
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(code_of(r), "opponent_present");
  // Past the beats' 15 s he counts as gone since his move, but the timeout
  // runs from it.
  advance(20000);
  r = get(*alice, path(id));
  EXPECT_FALSE(r.body["seats"]["red"]["connected"].get<bool>()) << r.text;
  EXPECT_EQ(r.body["seats"]["red"]["left_ms"], moved_at);
  r = post(*alice, path(id, "/claim"), Json::object());
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(code_of(r), "too_soon");
  // Any request of his is presence, a refused one too: his own claim (Alice
  // was just there) starts the timeout again.
  r = post(*bob, path(id, "/claim"), Json::object());
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(code_of(r), "opponent_present");
  const int64_t claimed_at = now_.load();
  advance(29999);
  r = post(*alice, path(id, "/claim"), Json::object());
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(code_of(r), "too_soon");
  EXPECT_EQ(get(*alice, path(id)).body["seats"]["red"]["left_ms"], claimed_at);
  // The timeout passed with no request of his: the claim wins.
  advance(1);
  r = post(*alice, path(id, "/claim"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["winner"], "blue");
  EXPECT_EQ(r.body["termination"], "abandoned");
  EXPECT_EQ(r.body["message"], "Blue wins (game abandoned)");
}

TEST_F(WebOnlineTest, TheLobbyListsChallengesThenGamesToWatch) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply g = post(
      *alice, "/api/games",
      {{"online", true},
       {"lobby", true},
       {"variant", "wikipedia"},
       {"time_control", {{"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}}}});
  const int64_t id = g.body["id"];
  post(*alice, "/api/games", {{"online", true}});  // a private game is not listed
  Reply lobby = get(*bob, "/api/lobby");
  ASSERT_EQ(lobby.body["challenges"].size(), 1u);
  EXPECT_EQ(lobby.body["challenges"][0]["id"], id);
  EXPECT_EQ(lobby.body["challenges"][0]["variant"], "wikipedia");
  EXPECT_EQ(lobby.body["challenges"][0]["time_control"]["text"], "3+2");
  EXPECT_EQ(lobby.body["challenges"][0]["waiting"], "red");
  // A listed challenge is accepted by its id, without the code.
  Reply joined = post(*bob, path(id, "/join"), Json::object());
  ASSERT_EQ(joined.status, 200) << joined.text;
  EXPECT_EQ(joined.body["clock"]["running"], "blue");  // both seated: the clock starts
  lobby = get(*bob, "/api/lobby");
  EXPECT_TRUE(lobby.body["challenges"].empty());
  ASSERT_EQ(lobby.body["playing"].size(), 1u);
  EXPECT_EQ(lobby.body["playing"][0]["id"], id);
  post(*bob, path(id, "/resign"), Json::object());
  EXPECT_TRUE(get(*bob, "/api/lobby").body["playing"].empty());
}

TEST_F(WebOnlineTest, AnotherWritersChangeIsNeverLost) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games", Json::object());
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  {
    // Another server on the same store plays Red's move.
    SqliteGameStore other(dir_ / "games.db");
    StoredGame row = *other.load(id);
    row.moves += " g7g6";
    row.ply_count = 2;
    row.last_event += 1;
    other.update(row, {StoredEvent{id, row.last_event, 0, "move", "{}"}});
  }
  // This server's copy is older: its write is refused by the store, the
  // game read again, and the client told that the game moved on.
  Reply r = post(*alice, path(id, "/moves"), {{"move", "g7g6"}, {"ply", 1}});
  EXPECT_EQ(r.status, 409) << r.text;
  EXPECT_EQ(code_of(r), "stale");
  r = get(*alice, path(id));
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_EQ(r.body["moves"][1]["move"], "g7g6");
  // Without a ply, a move is decided on the game as it now is.
  r = post(*alice, path(id, "/moves"), {{"move", "a4a5"}});
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 3);
}

TEST_F(WebOnlineTest, ADatabaseOfTheLastReleaseKeepsItsGames) {
  // The games table as main wrote it, with a game in it.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "games.db").string().c_str(), &db), SQLITE_OK);
    const char* sql = R"sql(
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL, variant TEXT NOT NULL, start_fen TEXT NOT NULL,
  moves TEXT NOT NULL DEFAULT '', ply_count INTEGER NOT NULL DEFAULT 0, blue TEXT NOT NULL,
  red TEXT NOT NULL, result TEXT NOT NULL DEFAULT '*', termination TEXT NOT NULL DEFAULT '',
  declared TEXT NOT NULL DEFAULT '', evaluations TEXT NOT NULL DEFAULT '');
CREATE INDEX games_by_update ON games(updated_ms DESC);
INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, blue, red)
VALUES (1700000000000, 1700000001000, 'standard',
  'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1', 'a3a4 g7g6', 2,
  '{"type":"human"}', '{"type":"human","name":"Old Red"}');
)sql";
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  Reply r = get(*alice, path(1));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_EQ(r.body["moves"][1]["move"], "g7g6");
  EXPECT_EQ(r.body["players"]["red"]["name"], "Old Red");
  EXPECT_EQ(r.body["mode"], "local");
  // Until someone adopts it, whoever opens it may play it (as before seats).
  EXPECT_EQ(r.body["you"], Json::array({"blue", "red"}));
  // The first player to act on it adopts it; then it is theirs.
  EXPECT_EQ(post(*alice, path(1, "/moves"), {{"move", "a4a5"}}).status, 200);
  EXPECT_EQ(code_of(post(*bob, path(1, "/moves"), {{"move", "g6g5"}})), "not_your_seat");
  EXPECT_EQ(post(*alice, path(1, "/moves"), {{"move", "g6g5"}}).status, 200);
  EXPECT_EQ(get(*bob, path(1)).body["you"], Json::array());
  EXPECT_EQ(get(*alice, "/api/games").body["total"], 1);
}

}  // namespace
}  // namespace jungle::web
