// After a game, over the API against an in-process server with an injected
// clock: a rematch offered, refused while one is pending, declined, lapsed
// and accepted (colours swapped, the same rule set, clock and family
// options, each player given its own token only), for every family and
// against the engine; correspondence clocks (the days allowed, the deadline
// kept in the store, a flag that fell while the server was down); the
// games where it is one's move.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>

#include "test_folder.h"
#include "web/service/game_service.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

class WebAfterGameTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }

  void start() {
    WebServerOptions options = small_test_server(dir_, 16);
    options.clock = [this] { return now_.load(); };
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }
  void stop() { server_.reset(); }

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

  // An online game of `body` between Alice (who creates it) and Bob (who
  // joins it); its id.
  int64_t online_game(httplib::Client& alice, httplib::Client& bob, Json body) {
    body["online"] = true;
    Reply g = post(alice, "/api/games", body);
    EXPECT_EQ(g.status, 201) << g.text;
    Reply joined = post(bob, "/api/join", {{"code", g.body["code"]}, {"name", "Bob"}});
    EXPECT_EQ(joined.status, 200) << joined.text;
    return g.body["id"];
  }

  TestFolder dir_{"web-after-game"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::atomic<int64_t> now_{1'800'000'000'000};
};

TEST_F(WebAfterGameTest, ARematchSwapsColoursKeepsTheRulesAndClockAndSeatsTheSamePeople) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  auto anonymous = player();
  const Json control = {{"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
  const int64_t id = online_game(
      *alice, *bob,
      {{"variant", "wikipedia"}, {"side", "blue"}, {"name", "Alice"}, {"time_control", control}});

  // Not before the game is over.
  Reply r = post(*alice, path(id, "/rematch"), Json::object());
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "game_not_over");
  EXPECT_EQ(message_of(r), "a rematch is offered once the game is over");
  ASSERT_EQ(post(*bob, path(id, "/resign"), Json::object()).status, 200);

  // A spectator offers nothing.
  r = post(*carol, path(id, "/rematch"), Json::object());
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(code_of(r), "not_your_seat");

  r = post(*alice, path(id, "/rematch"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(
      r.body["rematch"],
      (Json{{"offered_by", "blue"}, {"expires_ms", now_.load() + 300000}, {"game", nullptr}}));
  EXPECT_FALSE(r.body.contains("seat_tokens"));
  // A second offer while one is pending, from either side, is refused.
  r = post(*alice, path(id, "/rematch"), Json::object());
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(code_of(r), "rematch_pending");
  EXPECT_EQ(message_of(r),
            "you have already offered a rematch; it stands until your opponent answers it, you "
            "withdraw it or it lapses");
  r = post(*bob, path(id, "/rematch"), Json::object());
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(code_of(r), "rematch_pending");
  EXPECT_EQ(message_of(r), "your opponent has already offered a rematch: accept or decline it");
  // The offerer does not accept its own offer; a spectator sees it.
  r = post(*alice, path(id, "/rematch/accept"), Json::object());
  EXPECT_EQ(code_of(r), "own_offer");
  EXPECT_EQ(message_of(r), "this is your own rematch offer; your opponent answers it");
  EXPECT_EQ(get(*carol, path(id)).body["rematch"]["offered_by"], "blue");

  // Bob accepts: he is Blue now, Alice Red, under the same rules and clock.
  r = post(*bob, path(id, "/rematch/accept"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  const int64_t next = r.body["id"];
  EXPECT_NE(next, id);
  EXPECT_EQ(r.body["variant"], "wikipedia");
  EXPECT_EQ(r.body["mode"], "online");
  EXPECT_EQ(r.body["listed"], false);
  EXPECT_EQ(r.body["ply"], 0);
  EXPECT_EQ(r.body["you"], Json::array({"blue"}));
  EXPECT_EQ(r.body["players"]["blue"]["name"], "Bob");
  EXPECT_EQ(r.body["players"]["red"]["name"], "Alice");
  EXPECT_EQ(
      r.body["clock"]["control"],
      (Json{
          {"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}, {"text", "3+2"}}));
  EXPECT_EQ(r.body["clock"]["running"], "blue");
  // Bob's own token only: never his opponent's.
  EXPECT_EQ(r.body["seat_tokens"].size(), 1u);
  ASSERT_TRUE(r.body["seat_tokens"]["blue"].is_string());
  const std::string bob_token = r.body["seat_tokens"]["blue"];

  // The old game points at the new one, for everyone; it takes no second.
  Reply old = get(*carol, path(id));
  EXPECT_EQ(old.body["rematch"],
            (Json{{"offered_by", nullptr}, {"expires_ms", nullptr}, {"game", next}}));
  r = post(*alice, path(id, "/rematch"), Json::object());
  EXPECT_EQ(code_of(r), "rematch_made");
  EXPECT_EQ(message_of(r),
            "the rematch of this game was already made: game " + std::to_string(next));

  // Alice holds Red by her browser's key, and is given her own token.
  EXPECT_EQ(get(*alice, path(next)).body["you"], Json::array({"red"}));
  EXPECT_EQ(get(*carol, path(next)).body["you"], Json::array());
  r = post(*alice, path(id, "/rematch/seat"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["id"], next);
  EXPECT_EQ(r.body["seat_tokens"].size(), 1u);
  const std::string alice_token = r.body["seat_tokens"]["red"];
  EXPECT_EQ(code_of(post(*carol, path(id, "/rematch/seat"), Json::object())), "not_your_seat");

  // Each token moves for its own seat only.
  EXPECT_EQ(
      post(*anonymous, path(next, "/moves"), {{"move", "a3a4"}}, {{"X-Seat-Token", alice_token}})
          .status,
      403);
  EXPECT_EQ(
      post(*anonymous, path(next, "/moves"), {{"move", "a3a4"}}, {{"X-Seat-Token", bob_token}})
          .status,
      200);
  r = post(*anonymous, path(next, "/moves"), {{"move", "g7g6"}}, {{"X-Seat-Token", alice_token}});
  EXPECT_EQ(r.status, 200) << r.text;
}

TEST_F(WebAfterGameTest, ARematchDeclinedOrLapsedMakesNoGame) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  const int64_t id = online_game(*alice, *bob, {{"side", "red"}});
  ASSERT_EQ(post(*alice, path(id, "/resign"), Json::object()).status, 200);

  ASSERT_EQ(post(*alice, path(id, "/rematch"), Json::object()).status, 200);
  Reply r = post(*bob, path(id, "/rematch/decline"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["rematch"],
            (Json{{"offered_by", nullptr}, {"expires_ms", nullptr}, {"game", nullptr}}));
  r = post(*alice, path(id, "/rematch/accept"), Json::object());
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(code_of(r), "no_rematch");
  EXPECT_EQ(message_of(r), "there is no rematch offer to answer");

  // Offered again, by Bob this time; unanswered for the named time, it lapses.
  ASSERT_EQ(post(*bob, path(id, "/rematch"), Json::object()).status, 200);
  now_ += kRematchLapseMs - 1;
  EXPECT_EQ(get(*alice, path(id)).body["rematch"]["offered_by"], "blue");
  now_ += 1;
  r = post(*alice, path(id, "/rematch/accept"), Json::object());
  EXPECT_EQ(code_of(r), "no_rematch");
  Reply state = get(*alice, path(id));
  EXPECT_TRUE(state.body["rematch"]["offered_by"].is_null());
  EXPECT_TRUE(state.body["rematch"]["game"].is_null());
  // Nothing was made: only the one game is stored.
  EXPECT_EQ(get(*alice, "/api/games").body["total"], 1);
}

TEST_F(WebAfterGameTest, ARematchOfferIsWithdrawnWhenItsOffererLeaves) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  const int64_t id = online_game(*alice, *bob, {{"side", "blue"}});
  ASSERT_EQ(post(*bob, path(id, "/resign"), Json::object()).status, 200);
  ASSERT_EQ(post(*alice, path(id, "/rematch"), Json::object()).status, 200);
  // Alice's page watches the game, then goes: her stream closes (the server
  // finds it gone at its next keep-alive, within seconds).
  auto page = player("alice-key-000000001");
  page->Get(path(id, "/events"), [](const char*, size_t) { return false; });
  Json rematch;
  for (int i = 0; i < 2000; ++i) {
    rematch = get(*bob, path(id)).body["rematch"];
    if (rematch["offered_by"].is_null()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(rematch, (Json{{"offered_by", nullptr}, {"expires_ms", nullptr}, {"game", nullptr}}));
  Reply r = post(*bob, path(id, "/rematch/accept"), Json::object());
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(code_of(r), "no_rematch");
}

TEST_F(WebAfterGameTest, EveryFamilysRematchKeepsItsOptionsWithAFreshStart) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  for (const std::string variant : {"flip-fixed", "hidden"}) {
    SCOPED_TRACE(variant);
    const int64_t id = online_game(*alice, *bob, {{"variant", variant}, {"side", "blue"}});
    Reply g = get(*alice, path(id));
    if (variant == "flip-fixed") {
      // The first flip gives the colours, which a resignation needs.
      ASSERT_EQ(post(*alice, path(id, "/moves"), {{"move", g.body["legal_moves"][0]}}).status, 200);
    }
    ASSERT_EQ(post(*bob, path(id, "/resign"), Json::object()).status, 200);
    ASSERT_EQ(post(*bob, path(id, "/rematch"), Json::object()).status, 200);
    Reply r = post(*alice, path(id, "/rematch/accept"), Json::object());
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["variant"], variant);
    EXPECT_EQ(r.body["family"], g.body["family"]);
    EXPECT_EQ(r.body["ply"], 0);
    EXPECT_EQ(r.body["you"], Json::array({"red"}));
    EXPECT_EQ(get(*bob, path(r.body["id"])).body["you"], Json::array({"blue"}));
  }
}

TEST_F(WebAfterGameTest, PlayAgainAgainstTheEngineSwapsColoursAtOnce) {
  start();
  auto alice = player("alice-key-000000001");
  const Json engine = {{"type", "engine"}, {"skill", 3}, {"movetime_ms", 50}};
  Reply g = post(*alice, "/api/games", {{"blue", kHuman}, {"red", engine}});
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*alice, path(id, "/resign"), {{"side", "blue"}}).status, 200);
  Reply r = post(*alice, path(id, "/rematch"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["id"], id);
  EXPECT_EQ(r.body["mode"], "local");
  EXPECT_EQ(r.body["players"]["blue"]["type"], "engine");
  EXPECT_EQ(r.body["players"]["blue"]["skill"], 3);
  EXPECT_EQ(r.body["players"]["red"]["type"], "human");
  EXPECT_EQ(r.body["you"], Json::array({"blue", "red"}));
  EXPECT_TRUE(r.body["seat_tokens"]["blue"].is_string());
  EXPECT_TRUE(r.body["seat_tokens"]["red"].is_string());
  EXPECT_EQ(get(*alice, path(id)).body["rematch"]["game"], r.body["id"]);
}

TEST_F(WebAfterGameTest, CorrespondenceAllowsTheUsualDaysAndNoOthers) {
  start();
  auto alice = player("alice-key-000000001");
  for (const int days : {1, 2, 3, 5, 7, 14}) {
    Reply g =
        post(*alice, "/api/games",
             {{"online", true}, {"time_control", {{"kind", "correspondence"}, {"days", days}}}});
    ASSERT_EQ(g.status, 201) << g.text;
    EXPECT_EQ(
        g.body["clock"]["control"],
        (Json{{"kind", "correspondence"},
              {"days", days},
              {"text", std::to_string(days) + (days == 1 ? " day" : " days") + " per move"}}));
    EXPECT_EQ(g.body["clock"]["blue_ms"], int64_t(days) * 86400000);
  }
  for (const Json& days : {Json(4), Json(0), Json(21), Json("3"), Json(2.5)}) {
    Reply r =
        post(*alice, "/api/games",
             {{"online", true}, {"time_control", {{"kind", "correspondence"}, {"days", days}}}});
    EXPECT_EQ(r.status, 400) << days;
    EXPECT_EQ(message_of(r),
              "'time_control.days' must be 1, 2, 3, 5, 7 or 14 (days a move), not " + days.dump());
  }
  Reply r = post(*alice, "/api/games",
                 {{"online", true}, {"time_control", {{"kind", "correspondence"}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'time_control.days' is required: 1, 2, 3, 5, 7 or 14 (days a move)");
}

TEST_F(WebAfterGameTest, ACorrespondenceClockRunsAcrossRestartsAndFallsWhileTheServerIsDown) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  const Json days3 = {{"kind", "correspondence"}, {"days", 3}};
  const int64_t first = online_game(*alice, *bob, {{"side", "blue"}, {"time_control", days3}});
  const int64_t second = online_game(*alice, *bob, {{"side", "blue"}, {"time_control", days3}});
  // The second game's first moves at once: a flag before them would abort
  // the game rather than lose it (GameService::first_move_deadline).
  ASSERT_EQ(post(*alice, path(second, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(post(*bob, path(second, "/moves"), {{"move", "g7g6"}}).status, 200);
  const int64_t started = now_.load();
  const int64_t day = 86400000;
  // The first game moves on: Red's three days run from Blue's move.
  now_ += day;
  ASSERT_EQ(post(*alice, path(first, "/moves"), {{"move", "a3a4"}}).status, 200);
  // The list shows each game's deadline, read from the store.
  Reply listed = get(*alice, "/api/games");
  ASSERT_EQ(listed.body["games"].size(), 2u);
  EXPECT_EQ(listed.body["now_ms"], now_.load());
  if (listed.body["games"][0]["id"] != first)
    std::swap(listed.body["games"][0], listed.body["games"][1]);
  EXPECT_EQ(listed.body["games"][0]["id"], first);
  EXPECT_EQ(listed.body["games"][0]["clock"]["running"], "red");
  EXPECT_EQ(listed.body["games"][0]["clock"]["deadline_ms"], now_.load() + 3 * day);
  EXPECT_EQ(listed.body["games"][1]["clock"]["running"], "blue");
  EXPECT_EQ(listed.body["games"][1]["clock"]["deadline_ms"], started + 3 * day);

  // Down for two and a half days: the second game's Blue runs out meanwhile.
  stop();
  now_ += 2 * day + day / 2;
  start();
  alice = player("alice-key-000000001");
  bob = player("bob-key-00000000001");
  // Nobody reads the games: the server's timer decides the fallen flag from
  // the stored deadline alone (the list reads the store and decides nothing).
  const auto result_of = [&](int64_t id) {
    const Reply list = get(*alice, "/api/games");
    for (const Json& line : list.body["games"]) {
      if (line["id"] == id) return line["result"].get<std::string>();
    }
    return std::string("missing");
  };
  for (int i = 0; i < 2000 && result_of(second) == "*"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(result_of(second), "0-1");
  EXPECT_EQ(result_of(first), "*");
  Reply lost = get(*alice, path(second));
  EXPECT_EQ(lost.body["termination"], "time");
  EXPECT_EQ(lost.body["winner"], "red");
  // The first game's clock still counts: Red has half a day left.
  Reply going = get(*bob, path(first));
  EXPECT_EQ(going.body["status"], "ongoing");
  EXPECT_EQ(going.body["clock"]["running"], "red");
  EXPECT_EQ(going.body["clock"]["red_ms"], day / 2);
  ASSERT_EQ(post(*bob, path(first, "/moves"), {{"move", "g7g6"}}).status, 200);
  EXPECT_EQ(get(*bob, path(first)).body["clock"]["blue_ms"], 3 * day);
}

TEST_F(WebAfterGameTest, YourTurnListsExactlyTheRequestersGamesToMove) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  auto dave = player("dave-key-0000000001");
  auto anonymous = player();
  // Alice to move (Blue, untimed).
  const int64_t mine = online_game(*alice, *bob, {{"side", "blue"}});
  // Alice plays Red: Bob to move.
  const int64_t theirs = online_game(*alice, *bob, {{"side", "red"}});
  // Alice moved: Bob's turn.
  const int64_t moved = online_game(*alice, *bob, {{"side", "blue"}});
  ASSERT_EQ(post(*alice, path(moved, "/moves"), {{"move", "a3a4"}}).status, 200);
  // Over.
  const int64_t over = online_game(*alice, *bob, {{"side", "blue"}});
  ASSERT_EQ(post(*bob, path(over, "/resign"), Json::object()).status, 200);
  // Alice's, a day a move, to move: its deadline puts it first.
  const int64_t daily =
      online_game(*alice, *bob,
                  {{"side", "blue"}, {"time_control", {{"kind", "correspondence"}, {"days", 1}}}});
  // Nobody sat down yet.
  Reply waiting = post(*alice, "/api/games", {{"online", true}});
  const int64_t alone = waiting.body["id"];
  // Not hers: Carol's against Dave, and a local game of her own.
  const int64_t others = online_game(*carol, *dave, {{"side", "blue"}});
  const int64_t local = post(*alice, "/api/games", Json::object()).body["id"];

  Json names = Json::array();
  for (const int64_t id : {mine, theirs, moved, over, daily, alone, others, local, int64_t(999)}) {
    names.push_back({{"id", id}});
  }
  Reply r = post(*alice, "/api/your-turn", {{"games", names}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["count"], 2);
  EXPECT_EQ(r.body["games"][0]["id"], daily);
  EXPECT_EQ(r.body["games"][0]["seat"], "blue");
  EXPECT_EQ(r.body["games"][0]["deadline_ms"], now_.load() + 86400000);
  EXPECT_EQ(r.body["games"][1]["id"], mine);
  EXPECT_TRUE(r.body["games"][1]["deadline_ms"].is_null());
  EXPECT_EQ(r.body["games"][1]["players"]["red"]["name"], "Bob");
  // Bob's turn in two; Carol's own list holds only hers.
  r = post(*bob, "/api/your-turn", {{"games", names}});
  ASSERT_EQ(r.body["count"], 2);
  EXPECT_EQ(r.body["games"][0]["id"], theirs);
  EXPECT_EQ(r.body["games"][1]["id"], moved);
  r = post(*carol, "/api/your-turn", {{"games", names}});
  ASSERT_EQ(r.body["count"], 1);
  EXPECT_EQ(r.body["games"][0]["id"], others);
  // Without a key, the seat's token proves it; a made-up one proves nothing.
  Reply join = post(*alice, "/api/games", {{"online", true}, {"side", "blue"}});
  const std::string token = join.body["seat_tokens"]["blue"];
  const int64_t by_token = join.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", join.body["code"]}}).status, 200);
  r = post(
      *anonymous, "/api/your-turn",
      {{"games", {{{"id", by_token}, {"tokens", {token}}}, {{"id", mine}, {"tokens", {"x"}}}}}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["count"], 1);
  EXPECT_EQ(r.body["games"][0]["id"], by_token);
  // Bad input names the entry.
  r = post(*alice, "/api/your-turn", {{"games", {{{"id", 1}}, {{"id", "two"}}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'games[1]' must be an object with a game's \"id\" (a number from 1)");
  Json many = Json::array();
  for (int i = 1; i <= 201; ++i) many.push_back({{"id", i}});
  r = post(*alice, "/api/your-turn", {{"games", many}});
  EXPECT_EQ(message_of(r), "'games' may name at most 200 games");
}

}  // namespace
}  // namespace jungle::web
