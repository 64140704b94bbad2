// The web server against hostile clients, on loopback only: requests from
// other web pages (CSRF, DNS rebinding), clients that try to take every
// engine, slow clients that try to hold every connection, and deletes that
// race the reads of the same game.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "test_folder.h"
#include "web/engines/engine_pool.h"
#include "web/games/family_sessions.h"
#include "web/games/game_registry.h"
#include "web/games/variant_catalog.h"
#include "web/server/request_guard.h"
#include "web/store/game_store.h"
#include "web/store/sqlite_game_store.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Clock = std::chrono::steady_clock;

// The bounds below tell "answered" from "starved" (the defects took 25 s to
// 119 s); under the sanitizers (JUNGLE_SANITIZED) every step is several
// times slower, so the bounds widen by this factor.
int slowdown() {
  return std::getenv("JUNGLE_SANITIZED") ? 4 : 1;
}

std::string error_code(const Reply& r) {
  if (!r.body.is_object() || !r.body.contains("error")) return "(no JSON error: " + r.text + ")";
  EXPECT_FALSE(r.body["error"]["message"].get<std::string>().empty());
  return r.body["error"]["code"].get<std::string>();
}

class WebHardeningTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }

  WebServerOptions base_options() const { return small_test_server(dir_, 32); }

  void start(WebServerOptions options) {
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }

  std::unique_ptr<httplib::Client> client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    as_test_player(*c);
    c->set_read_timeout(30);
    return c;
  }

  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

  TestFolder dir_{"web-hardening"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
};

// ---------------------------------------------------------------------------
// 11. Other web pages may not drive the server.

// A game's plies are bounded in every family the same way (kMaxGamePlies,
// GameSessionBase::play_text): the ply past the limit is refused
// ("game_too_long") and the game goes on, for a declaration to end it.
// Flip Jungle had no limit (issue 31). The games here are given 4 plies.
TEST(GameLengthLimit, EveryFamilyRefusesThePlyPastTheLimitAndGoesOn) {
  const VariantCatalog catalog;
  for (const std::string variant : {"standard", "flip", "hidden"}) {
    SCOPED_TRACE(variant);
    NewGame created;
    created.variant = variant;
    const std::unique_ptr<GameSessionBase> game =
        new_session(family_of_new_game(created, catalog), created, catalog).game;
    game->settle(kBlue);
    game->settle(kRed);
    EXPECT_EQ(game->max_plies(), 4000);
    game->limit_plies(4);
    for (int ply = 0; ply < 4; ++ply) game->play_text(game->state().legal_actions().front());
    ASSERT_EQ(game->ply(), 4);
    try {
      game->play_text(game->state().legal_actions().front());
      ADD_FAILURE() << "a fifth ply was played";
    } catch (const GameError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kRefused);
      EXPECT_EQ(e.code(), "game_too_long");
      EXPECT_STREQ(e.what(), "a game may have at most 4 moves");
    }
    EXPECT_EQ(game->ply(), 4);
    EXPECT_EQ(game->result(), GameResult::kOngoing);
    EXPECT_EQ(game->termination(), "");
  }
}

TEST_F(WebHardeningTest, RefusesRequestsFromOtherPages) {
  start(base_options());
  auto c = client();
  const std::string json = Json{{"variant", "standard"}}.dump();

  // A page elsewhere posting a form or text: refused before anything is made.
  httplib::Headers evil = {{"Origin", "http://evil.example"}};
  Reply r = reply(c->Post("/api/games", evil, json, "text/plain"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  // The same page sending JSON is still another page.
  r = reply(c->Post("/api/games", evil, json, "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  r = reply(c->Post("/api/games", {{"Origin", "null"}}, json, "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
  // A body that is not JSON is refused whoever sends it.
  r = reply(c->Post("/api/games", json, "text/plain"));
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(error_code(r), "unsupported_media_type");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("application/json"),
            std::string::npos);
  EXPECT_EQ(reply(c->Get("/api/games")).body["total"], 0);

  // The page itself (same origin) and tools without an Origin are served.
  r = reply(c->Post("/api/games", {{"Origin", "http://" + host()}}, json, "application/json"));
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  r = reply(c->Post("/api/games", json, "application/json; charset=utf-8"));
  EXPECT_EQ(r.status, 201) << r.text;

  // An empty form body, as a cross-site <form> sends it, changes nothing.
  r = reply(c->Post(game + "/resign", evil, "", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Post(game + "/resign", "", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(error_code(r), "unsupported_media_type");
  r = reply(c->Post(game + "/moves", "move=a3a4", "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 415);
  // A body-less no-cors fetch from another page carries its Origin.
  httplib::Request bare;
  bare.method = "POST";
  bare.path = game + "/resign";
  bare.headers = evil;
  r = reply(c->send(bare));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Delete(game, evil));
  EXPECT_EQ(r.status, 403);
  r = reply(c->Get(game));
  EXPECT_EQ(r.body["status"], "ongoing");
  EXPECT_EQ(r.body["ply"], 0);
  // Reading from another page is refused too (no CORS headers either way).
  r = reply(c->Get(game, evil));
  EXPECT_EQ(r.status, 403);

  // The page's own calls: JSON bodies, and a DELETE without a body.
  r = reply(c->Post(game + "/moves", {{"Origin", "http://" + host()}},
                    Json{{"move", "a3a4"}}.dump(), "application/json"));
  EXPECT_EQ(r.status, 200) << r.text;
  r = reply(c->Delete(game, {{"Origin", "http://" + host()}}));
  EXPECT_EQ(r.status, 200) << r.text;
}

TEST_F(WebHardeningTest, ServesOnlyItsOwnHostNames) {
  WebServerOptions options = base_options();
  options.allowed_hosts = {"jungle.test"};
  start(options);
  auto c = client();
  const std::string port = std::to_string(port_);

  // DNS rebinding: another name that resolves to this machine.
  for (const std::string path : {"/api/info", "/api/games", "/"}) {
    Reply r = reply(c->Get(path, {{"Host", "evil.example:" + port}}));
    EXPECT_EQ(r.status, 403) << path;
    if (path != "/") {
      EXPECT_EQ(error_code(r), "forbidden_host");
    }
  }
  Reply r =
      reply(c->Post("/api/games", {{"Host", "evil.example:" + port}}, "{}", "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_host");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("--allowed-host"),
            std::string::npos);
  // A name that merely ends like an allowed one is another name.
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "evil-jungle.test:" + port}})).status, 403);
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "127.0.0.1.evil.example"}})).status, 403);
  EXPECT_EQ(reply(c->Get("/api/info", {{"Host", "10.1.2.3:" + port}})).status, 403);

  // The address it listens on, localhost on loopback, and the allowed names.
  for (const std::string& name :
       std::vector<std::string>{"127.0.0.1:" + port, "localhost:" + port, "LocalHost",
                                "jungle.test:" + port, "JUNGLE.test"}) {
    EXPECT_EQ(reply(c->Get("/api/info", {{"Host", name}})).status, 200) << name;
  }
  // A page served under an allowed name may post to it.
  r = reply(c->Post("/api/games",
                    {{"Host", "jungle.test:" + port}, {"Origin", "http://jungle.test:" + port}},
                    "{}", "application/json"));
  EXPECT_EQ(r.status, 201) << r.text;
  // ...but not to the same server under another of its names.
  r = reply(c->Post("/api/games",
                    {{"Host", "127.0.0.1:" + port}, {"Origin", "http://jungle.test:" + port}}, "{}",
                    "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(error_code(r), "forbidden_origin");
}

TEST(RequestGuardTest, HostRulesWhenListeningEverywhere) {
  char name[256] = {};
  ASSERT_EQ(gethostname(name, sizeof name - 1), 0);
  std::string me = name;
  for (char& ch : me) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  RequestGuard any("0.0.0.0", {"Jungle.Example."});
  // The address the connection arrived at, whichever it is.
  EXPECT_TRUE(any.host_allowed("192.168.1.5:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("192.168.1.5:8080", "::ffff:192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("192.168.1.6:8080", "192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("0.0.0.0:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("localhost:8080", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("localhost:8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed(me + ":8080", "192.168.1.5"));
  EXPECT_TRUE(any.host_allowed("jungle.example", "192.168.1.5"));
  EXPECT_FALSE(any.host_allowed("evil.example:8080", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("", "127.0.0.1"));
  EXPECT_FALSE(any.host_allowed("a b:80", "127.0.0.1"));
  RequestGuard v6("::", {});
  EXPECT_TRUE(v6.host_allowed("[::1]:8080", "::1"));
  EXPECT_FALSE(v6.host_allowed("[::2]:8080", "::1"));
  EXPECT_FALSE(v6.host_allowed("[::1:8080", "::1"));
  // On loopback the machine's name is not needed, and not accepted.
  RequestGuard loopback("127.0.0.1", {});
  EXPECT_TRUE(loopback.host_allowed("127.0.0.1", "127.0.0.1"));
  if (me != "localhost") {
    EXPECT_FALSE(loopback.host_allowed(me, "127.0.0.1"));
  }
}

// ---------------------------------------------------------------------------
// 12. One client cannot take every engine.

TEST_F(WebHardeningTest, ClientIdsDoNotBuyMoreEngines) {
  WebServerOptions options = base_options();
  options.engines.per_client = 4;
  options.engines.per_address = 6;
  // The 30 attackers and the player share 127.0.0.1: under the test
  // server's cap of 24 connections an address, a slow (sanitized) server
  // answered some attackers 503 too_many_connections instead of the 429
  // this test is about (22 refused of 30, once in a fresh-clone CI run).
  // The real server's cap, 48, below the threads as there.
  options.http_threads = 64;
  options.max_connections_per_address = 48;
  start(options);
  auto c = client();
  Reply r = reply(c->Post("/api/games", "{}", "application/json"));
  ASSERT_EQ(r.status, 201);
  const std::string target = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());

  // The attacker: long hints, each under a new X-Client-Id, then more under
  // sessions it asked the server for.
  std::vector<std::string> cookies;
  for (int i = 0; i < 6; ++i) {
    auto fresh = client();
    Reply info = reply(fresh->Get("/api/info"));
    const auto it = info.headers.find("Set-Cookie");
    const std::string set_cookie = it == info.headers.end() ? "" : it->second;
    ASSERT_FALSE(set_cookie.empty());
    cookies.push_back(set_cookie.substr(0, set_cookie.find(';')));
  }
  std::atomic<int> refused{0}, answered{0};
  std::vector<std::thread> attackers;
  for (int i = 0; i < 30; ++i) {
    attackers.emplace_back([&, i] {
      auto a = client();
      httplib::Headers h = {{"X-Client-Id", "attacker-" + std::to_string(i)}};
      if (i >= 18) h.emplace("Cookie", cookies[size_t(i) % cookies.size()]);
      Reply hint = reply(a->Get(target + "/hint?movetime_ms=1000", h));
      if (hint.status == 429) ++refused;
      if (hint.status == 200) ++answered;
    });
  }
  // Let the hints queue up, then play against a quick engine, without a
  // session: the hints' own share, so hints must not use up its moves.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  Json engine = {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 100}};
  r = reply(c->Post("/api/games", Json{{"red", engine}}.dump(), "application/json"));
  ASSERT_EQ(r.status, 201);
  const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  ASSERT_EQ(
      reply(c->Post(game + "/moves", Json{{"move", "a3a4"}}.dump(), "application/json")).status,
      200);
  const auto t0 = Clock::now();
  r = reply(c->Post(game + "/engine-move", "{}", "application/json"));
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_LT(seconds, 5.0 * slowdown()) << "the engine move waited behind the hints";
  for (auto& t : attackers) t.join();
  // One address has at most per_address hints in at once, whatever it calls itself.
  EXPECT_GE(refused.load(), 30 - 6);
  EXPECT_LE(answered.load(), 6);
}

TEST(EnginePoolFairnessTest, GameMovesGoFirstAndAddressesAreCapped) {
  EnginePoolLimits limits;
  limits.workers = 2;
  limits.queue_capacity = 32;
  limits.per_client = 3;
  limits.per_address = 4;
  limits.hash_mb = 1;
  EnginePool pool(limits);
  std::atomic<int> done{0};
  auto job = [&](EngineJob::Kind kind, const std::string& address, const std::string& session,
                 int64_t ms) {
    EngineJob j;
    j.kind = kind;
    j.limits.movetime_ms = ms;
    j.address = address;
    j.client = address + "|" + session;
    j.on_done = [&](const SearchResult&, bool) { ++done; };
    return j;
  };
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  std::vector<std::shared_ptr<EngineTicket>> tickets;
  // Hints from one address under many sessions: capped by the address.
  for (int i = 0; i < 4; ++i) {
    tickets.push_back(
        pool.submit(job(EngineJob::Kind::kHint, "10.0.0.1", std::to_string(i), 10000), &why));
    ASSERT_TRUE(tickets.back()) << i;
  }
  EXPECT_FALSE(pool.submit(job(EngineJob::Kind::kHint, "10.0.0.1", "9", 10000), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kAddressBusy);
  EXPECT_FALSE(pool.submit(job(EngineJob::Kind::kAnalysis, "10.0.0.1", "9", 10000), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kAddressBusy);
  // Hints and analyses leave one engine free: a game move starts at once.
  std::atomic<bool> moved{false};
  EngineJob move = job(EngineJob::Kind::kMove, "10.0.0.2", "a", 100);
  move.on_done = [&](const SearchResult&, bool completed) { moved = completed; };
  const auto t0 = Clock::now();
  auto m = pool.submit(std::move(move), &why);
  ASSERT_TRUE(m);
  while (!moved && Clock::now() - t0 < std::chrono::seconds(5)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(moved.load());
  EXPECT_EQ(pool.stats().busy, 1);  // one hint runs; the rest wait
  for (auto& t : tickets) t->cancel();
  pool.shutdown();
}

// ---------------------------------------------------------------------------
// 13. Slow clients cannot starve the others.

// A raw loopback connection, from `source` (any 127.x address) to the server.
class RawConnection {
 public:
  RawConnection(const std::string& source, int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    ::inet_pton(AF_INET, source.c_str(), &from.sin_addr);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      ADD_FAILURE() << "cannot bind to " << source;
    }
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(uint16_t(port));
    ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0;
  }
  ~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool connected() const { return connected_; }
  bool send(const std::string& s) { return ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) > 0; }
  // Everything the server sends until it closes or `timeout` passes.
  // `closed` says whether it closed.
  std::string read_all(std::chrono::milliseconds timeout, bool* closed = nullptr) {
    std::string out;
    const auto deadline = Clock::now() + timeout;
    for (;;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, int(left.count())) <= 0) break;
      char buf[4096];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        if (closed) *closed = true;
        return out;
      }
      out.append(buf, size_t(n));
    }
    if (closed) *closed = false;
    return out;
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
};

// Slow clients each sending a header line now and then, never finishing.
class SlowClients {
 public:
  SlowClients(const std::string& source, int port, int count, const std::string& host) {
    for (int i = 0; i < count; ++i) {
      conns_.push_back(std::make_unique<RawConnection>(source, port));
      conns_.back()->send("GET /api/info HTTP/1.1\r\nHost: " + host + "\r\n");
    }
    thread_ = std::thread([this] {
      for (int tick = 0; !stop_ && tick < 100; ++tick) {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        for (auto& c : conns_) c->send("X-Slow: " + std::to_string(tick) + "\r\n");
      }
    });
  }
  ~SlowClients() {
    stop_ = true;
    thread_.join();
  }

 private:
  std::vector<std::unique_ptr<RawConnection>> conns_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

std::string probe(const std::string& source, int port, std::chrono::milliseconds timeout) {
  RawConnection c(source, port);
  if (!c.connected()) return "(not connected)";
  c.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nConnection: close\r\n\r\n");
  return c.read_all(timeout);
}

TEST_F(WebHardeningTest, SlowClientsFromOneAddressLeaveRoomForOthers) {
  WebServerOptions options = base_options();
  options.http_threads = 8;
  options.max_connections_per_address = 4;
  options.request_timeout_ms = 3000;
  start(options);
  SlowClients slow("127.0.0.1", port_, 12, host());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  // Another address is served at once.
  const auto t0 = Clock::now();
  const std::string answer =
      probe("127.0.0.2", port_, std::chrono::milliseconds(2500 * slowdown()));
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << answer;
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(2500 * slowdown()));
  // The slow address itself is told at once that it has too many connections.
  const std::string refused =
      probe("127.0.0.1", port_, std::chrono::milliseconds(2500 * slowdown()));
  EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0u) << refused;
  EXPECT_NE(refused.find("too_many_connections"), std::string::npos) << refused;
}

TEST_F(WebHardeningTest, AWholeRequestHasADeadline) {
  WebServerOptions options = base_options();
  options.http_threads = 8;
  options.request_timeout_ms = 1500;
  start(options);
  // Headers that trickle in forever: the server hangs up after the deadline,
  // though every single read is quick.
  RawConnection slow("127.0.0.1", port_);
  ASSERT_TRUE(slow.connected());
  const auto t0 = Clock::now();
  slow.send("GET /api/info HTTP/1.1\r\nHost: " + host() + "\r\n");
  bool closed = false;
  for (int tick = 0; tick < 30 && !closed; ++tick) {
    slow.send("X-Slow: " + std::to_string(tick) + "\r\n");
    slow.read_all(std::chrono::milliseconds(250), &closed);
  }
  EXPECT_TRUE(closed) << "the server still reads a request after 7 s";
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(4000 * slowdown()));
  // A body that trickles in likewise.
  RawConnection body("127.0.0.1", port_);
  const auto t1 = Clock::now();
  body.send("POST /api/positions/validate HTTP/1.1\r\nHost: " + host() +
            "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{");
  closed = false;
  for (int tick = 0; tick < 30 && !closed; ++tick) {
    body.send(" ");
    body.read_all(std::chrono::milliseconds(250), &closed);
  }
  EXPECT_TRUE(closed);
  EXPECT_LT(Clock::now() - t1, std::chrono::milliseconds(4000 * slowdown()));
  // Requests at a normal pace are unaffected, kept-alive connections too.
  auto c = client();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(reply(c->Get("/api/info")).status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
  }
}

// ---------------------------------------------------------------------------
// 14. A deleted game stays deleted.

class GameLifecycleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = std::make_unique<SqliteGameStore>(dir_ / "games.db");
    registry_ = std::make_unique<GameRegistry>(*store_, events_, catalog_, 64, 10000);
  }
  void TearDown() override {
    registry_.reset();
    store_.reset();
  }
  std::shared_ptr<GameSessionBase> add_game() {
    RuleSetPtr rules = catalog_.get("standard");
    return registry_->add(std::make_unique<GameSession>(
        0, "standard", rules, rules->rules().start_fen, std::array<PlayerConfig, kSides>{}));
  }

  TestFolder dir_{"game-lifecycle"};
  VariantCatalog catalog_;
  std::unique_ptr<SqliteGameStore> store_;
  InProcessGameEvents events_;
  std::unique_ptr<GameRegistry> registry_;
};

TEST_F(GameLifecycleTest, AnUpdateThatTouchesNoRowFails) {
  StoredGame g;
  g.variant = "standard";
  g.start_fen = "x";
  g.blue = g.red = "{}";
  store_->insert(g);
  g.moves = "a3a4";
  EXPECT_EQ(store_->update(g), 2);
  ASSERT_TRUE(store_->remove(g.id));
  EXPECT_THROW(store_->update(g), MissingGameError);
  g.id = 999999;
  EXPECT_THROW(store_->update(g), MissingGameError);
  EXPECT_FALSE(store_->load(g.id));
}

TEST_F(GameLifecycleTest, AMoveOnADeletedGameIsNotSavedSilently) {
  std::shared_ptr<GameSessionBase> held = add_game();
  const int64_t id = held->id();
  ASSERT_TRUE(registry_->remove(id));
  // A request that found the game before the delete finishes after it.
  std::lock_guard lock(held->mutex());
  held->play_text("a3a4");
  try {
    registry_->save(*held);
    FAIL() << "a move on a deleted game was accepted";
  } catch (const GameError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
    EXPECT_EQ(e.code(), "no_such_game");
  }
  EXPECT_TRUE(held->detached);
  EXPECT_THROW(registry_->get(id), GameError);
  EXPECT_EQ(registry_->cached(), 0u);
}

TEST_F(GameLifecycleTest, RemoveRacingGetLeavesNoGhost) {
  // Delete and read one game at once, many times over: afterwards the game
  // is gone from memory as well as from the file, every time.
  const auto until = Clock::now() + std::chrono::seconds(4);
  int rounds = 0, ghosts = 0;
  while (Clock::now() < until && rounds < 3000) {
    const int64_t id = add_game()->id();
    std::atomic<int> ready{0};
    std::thread reader([&] {
      ++ready;
      while (ready < 2) {
      }
      for (int i = 0; i < 3; ++i) {
        try {
          registry_->get(id);
        } catch (const GameError&) {
        }
      }
    });
    ++ready;
    while (ready < 2) {
    }
    registry_->remove(id);
    reader.join();
    bool found = true;
    try {
      registry_->get(id);
    } catch (const GameError&) {
      found = false;
    }
    if (found) ++ghosts;
    ++rounds;
  }
  EXPECT_EQ(ghosts, 0) << "in " << rounds << " rounds";
  EXPECT_EQ(registry_->cached(), 0u);
}

TEST_F(WebHardeningTest, AMoveAfterADeleteAnswers404AndTheGameStaysDeleted) {
  start(base_options());
  auto c = client();
  // Deletes racing reads over HTTP; after each a move must find no game.
  const auto until = Clock::now() + std::chrono::seconds(4);
  int rounds = 0;
  while (Clock::now() < until && rounds < 150) {
    Reply r = reply(c->Post("/api/games", "{}", "application/json"));
    ASSERT_EQ(r.status, 201);
    const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
    std::thread reader([&] {
      auto rc = client();
      for (int i = 0; i < 3; ++i) rc->Get(game);
    });
    EXPECT_EQ(reply(c->Delete(game)).status, 200);
    reader.join();
    r = reply(c->Post(game + "/moves", Json{{"move", "a3a4"}}.dump(), "application/json"));
    ASSERT_EQ(r.status, 404) << "round " << rounds << ": " << r.text;
    EXPECT_EQ(error_code(r), "no_such_game");
    ++rounds;
  }
}

// ---------------------------------------------------------------------------
// 15. Every body within the limit, however it is framed; a body's framing
// never in doubt; no body where none is sent.

// One request written as given, its body `chunks` sent as they are, while
// what the server answers is read: sending stops once an answer begins or
// the server stops taking the body. The answer, and how many bytes of the
// body went out.
struct Upload {
  std::string answer;
  size_t sent = 0;
};

Upload upload(int port, const std::string& head, const std::function<std::string()>& next_chunk) {
  Upload up;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(uint16_t(port));
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    ADD_FAILURE() << "cannot connect";
    return up;
  }
  ::send(fd, head.data(), head.size(), MSG_NOSIGNAL);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  std::string pending = next_chunk();
  const auto deadline = Clock::now() + std::chrono::seconds(20 * slowdown());
  while (Clock::now() < deadline) {
    const bool sending = up.answer.empty() && !pending.empty();
    pollfd p{fd, short(POLLIN | (sending ? POLLOUT : 0)), 0};
    if (::poll(&p, 1, 100) < 0) break;
    if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
      char buf[4096];
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;  // closed, or reset after the answer
      up.answer.append(buf, size_t(n));
      continue;
    }
    if (sending && (p.revents & POLLOUT)) {
      const ssize_t n = ::send(fd, pending.data(), pending.size(), MSG_NOSIGNAL);
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) break;
      if (n > 0) {
        up.sent += size_t(n);
        pending.erase(0, size_t(n));
        if (pending.empty()) pending = next_chunk();
      }
    }
  }
  ::close(fd);
  return up;
}

std::string post_head(const std::string& host, const std::string& path,
                      const std::string& framing) {
  return "POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n" +
         framing + "\r\n";
}

std::string chunk(const std::string& data) {
  char size[32];
  snprintf(size, sizeof size, "%zx\r\n", data.size());
  return size + data + "\r\n";
}

std::string status_line(const std::string& answer) {
  return answer.substr(0, answer.find("\r\n"));
}

TEST_F(WebHardeningTest, AChunkedBodyOverTheLimitIsRefusedBeforeItIsRead) {
  start(base_options());
  // 64 MiB chunked: the server once read such a body whole (256 MiB took it
  // from 55 MB to 1,120 MB). Now it stops at the limit (1 MiB) and answers
  // while most of the body is still to come.
  const size_t total = size_t(64) << 20;
  size_t made = 0;
  const Upload up =
      upload(port_, post_head(host(), "/api/positions/validate", "Transfer-Encoding: chunked\r\n"),
             [&]() -> std::string {
               if (made >= total) return made++ == total ? "0\r\n\r\n" : "";
               made += 65536;
               return chunk(std::string(65536, ' '));
             });
  EXPECT_EQ(status_line(up.answer), "HTTP/1.1 413 Payload Too Large") << up.answer;
  EXPECT_NE(up.answer.find("larger than 1048576 bytes"), std::string::npos) << up.answer;
  EXPECT_LT(up.sent, total / 2) << "the server read on past the limit";
  // A chunked body within the limit is read as any other.
  const std::string body = R"({"variant": "standard", "fen": "2L4/7/7/7/r6/7/7/7/7 w"})";
  int part = 0;
  const Upload small = upload(port_,
                              post_head(host(), "/api/positions/validate",
                                        "Transfer-Encoding: chunked\r\nConnection: close\r\n"),
                              [&]() -> std::string {
                                switch (part++) {
                                  case 0:
                                    return chunk(body.substr(0, 20));
                                  case 1:
                                    return chunk(body.substr(20));
                                  case 2:
                                    return "0\r\n\r\n";
                                  default:
                                    return "";
                                }
                              });
  EXPECT_EQ(status_line(small.answer), "HTTP/1.1 200 OK") << small.answer;
  EXPECT_NE(small.answer.find(R"("c9b9")"), std::string::npos) << small.answer;
}

TEST_F(WebHardeningTest, ABodysLengthIsNeverInDoubt) {
  start(base_options());
  const std::string body = R"({"variant": "standard", "fen": "2L4/7/7/7/r6/7/7/7/7 w"})";
  const std::string length = std::to_string(body.size());
  const auto answer = [&](const std::string& framing, const std::string& method = "POST") {
    RawConnection c("127.0.0.1", port_);
    c.send(method + " /api/positions/validate HTTP/1.1\r\nHost: " + host() +
           "\r\nContent-Type: application/json\r\nConnection: close\r\n" + framing + "\r\n" + body);
    return c.read_all(std::chrono::milliseconds(3000 * slowdown()));
  };
  // Two lengths that differ: a proxy in front may go by the other one, and
  // see the rest of this body as a request of its own (smuggling).
  std::string a = answer("Content-Length: " + length + "\r\nContent-Length: 5\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  EXPECT_NE(a.find("two different Content-Length values (" + length + " and 5)"), std::string::npos)
      << a;
  a = answer("Content-Length: " + length + ", 7\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  // The same length twice is one length (RFC 9110, 8.6).
  a = answer("Content-Length: " + length + "\r\nContent-Length: " + length + "\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  a = answer("Content-Length: " + length + ", " + length + "\r\n");
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  // A length that is no number, both framings at once, another coding.
  for (const std::string& framing :
       std::vector<std::string>{"Content-Length: 12abc\r\n", "Content-Length: -1\r\n",
                                "Content-Length: " + length + "\r\nTransfer-Encoding: chunked\r\n",
                                "Transfer-Encoding: gzip, chunked\r\n",
                                "Transfer-Encoding: chunked\r\n"
                                "Transfer-Encoding: chunked\r\n"}) {
    a = answer(framing);
    EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << framing << a;
    EXPECT_NE(a.find("bad_request"), std::string::npos) << framing << a;
  }
  // A GET's body would be read as the next request on the connection.
  a = answer("Content-Length: " + length + "\r\n", "GET");
  EXPECT_EQ(status_line(a), "HTTP/1.1 400 Bad Request") << a;
  // A length over the limit is refused at once, before its body comes.
  RawConnection big("127.0.0.1", port_);
  const auto t0 = Clock::now();
  big.send(post_head(host(), "/api/positions/validate", "Content-Length: 2097152\r\n"));
  bool closed = false;
  a = big.read_all(std::chrono::milliseconds(3000 * slowdown()), &closed);
  EXPECT_EQ(status_line(a), "HTTP/1.1 413 Payload Too Large") << a;
  EXPECT_NE(a.find("2097152 bytes, larger than the 1048576"), std::string::npos) << a;
  EXPECT_TRUE(closed);
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(3000 * slowdown()));
}

TEST_F(WebHardeningTest, APostWithNoBodyIsAnsweredAtOnce) {
  start(base_options());
  auto c = client();
  Reply g = reply(c->Post(
      "/api/games", Json{{"blue", {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 50}}}}.dump(),
      "application/json"));
  ASSERT_EQ(g.status, 201) << g.text;
  // As `curl -X POST -H 'X-Player-Key: ...' URL` sends it: no Content-Length,
  // no Transfer-Encoding, no Content-Type. The request has no body
  // (RFC 9112, 6.3); the server once waited 10 s for one, then said 400.
  RawConnection raw("127.0.0.1", port_);
  const auto t0 = Clock::now();
  raw.send("POST /api/games/" + std::to_string(g.body["id"].get<int64_t>()) +
           "/engine-move HTTP/1.1\r\nHost: " + host() +
           "\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nX-Player-Key: test-player-key-00001"
           "\r\n\r\n");
  std::string a;
  while (a.find("\r\n\r\n") == std::string::npos || a.find("\"ply\"") == std::string::npos) {
    bool closed = false;
    const std::string more = raw.read_all(std::chrono::milliseconds(250), &closed);
    a += more;
    if (closed || Clock::now() - t0 > std::chrono::milliseconds(3000 * slowdown())) break;
  }
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(3000 * slowdown())) << a;
  EXPECT_EQ(status_line(a), "HTTP/1.1 200 OK") << a;
  EXPECT_NE(a.find("\"ply\":1"), std::string::npos) << a;
}

}  // namespace
}  // namespace jungle::web
