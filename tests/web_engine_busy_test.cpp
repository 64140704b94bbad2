// Engine help refused while the engine pool is full (docs/api.md): every
// engine that help may use is searching and the queue holds all it may, so
// a hint is refused with 503 "engine_busy", the same for an open game and a
// Flip Jungle game (one help path through the pool for every family), and
// answered once the searches end. The pool is filled by an open game's
// analyses held open (a flip analysis may end by itself, its search done),
// each one waited for by its state, never by time.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "web/web_server.h"
#include "web_server_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// Analyses long enough to outlast any test, however slow the machine: the
// readers hang up, which ends them.
constexpr int64_t kHeldAnalysisMs = 120000;

class WebEngineBusyTest : public WebServerTest {
 protected:
  WebEngineBusyTest() : WebServerTest("web-engine-busy") {}
  // Two engines, of which help may use one (one is kept for game moves),
  // and a queue of one.
  void SetUp() override {
    WebServerOptions options = small_test_server(dir_, 1);
    options.engines.max_analysis_ms = kHeldAnalysisMs;
    server_ = std::make_unique<WebServer>(options);
    server_->start();
  }
  std::string create(const Json& body) const {
    const Reply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.text;
    return "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  }
  Json engines() const { return get("/api/info").body["engines"]; }
  // Waits (for at most a minute) until the pool's count `field` is `count`.
  bool engines_reach(const std::string& field, int count) const {
    for (int i = 0; i < 1200; ++i) {
      if (engines()[field] == count) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }
  // Holds the game's analysis open on a thread of its own, as the player
  // `key`, until `stop_`; counts `started_` once its search is in the pool.
  void hold_analysis(const std::string& game, const std::string& key) {
    readers_.emplace_back([this, game, key] {
      httplib::Client c = client(key);
      bool counted = false;
      c.Get(game + "/analysis?movetime_ms=" + std::to_string(kHeldAnalysisMs),
            [&](const char* data, size_t n) {
              if (!counted && std::string(data, n).find("event: start") != std::string::npos) {
                counted = true;
                ++started_;
              }
              return !stop_;
            });
    });
  }
  bool started_reach(int count) const {
    for (int i = 0; i < 1200 && started_ < count; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return started_ == count;
  }
  void TearDown() override {
    stop_ = true;  // each reader hangs up at its next keep-alive (a second)
    for (std::thread& t : readers_) t.join();
    WebServerTest::TearDown();
  }

  // Two open games are analysed, by two players: the one search help may
  // run, and one waiting, which fills the queue. Then
  // `hint` (a game's route) is refused as busy until they end.
  void expect_refused_while_the_pool_is_full(const std::string& hint);

  std::atomic<bool> stop_{false};
  std::atomic<int> started_{0};
  std::vector<std::thread> readers_;
};

void WebEngineBusyTest::expect_refused_while_the_pool_is_full(const std::string& hint) {
  // Two games: a game's new analysis may take the place of its last one.
  const std::string first = create({{"variant", "standard"}});
  const std::string second = create({{"variant", "standard"}});
  // The first analysis runs before the second is asked for, so that the
  // second waits in the queue rather than finding the first still there.
  hold_analysis(first, "busy-player-key-00001");
  ASSERT_TRUE(started_reach(1));
  ASSERT_TRUE(engines_reach("busy", 1)) << engines();
  hold_analysis(second, "busy-player-key-00002");
  ASSERT_TRUE(started_reach(2));
  ASSERT_EQ(engines()["queued"], 1) << engines();

  Reply r = get(hint);
  EXPECT_EQ(r.status, 503) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "engine_busy") << r.text;
  EXPECT_EQ(r.body["error"]["message"],
            "every engine is busy and the queue is full; try again in a moment");
  // Refused, it took no place: the pool holds the same two searches.
  EXPECT_EQ(engines()["busy"], 1);
  EXPECT_EQ(engines()["queued"], 1);

  stop_ = true;  // the readers hang up, which cancels their searches
  for (std::thread& t : readers_) t.join();
  readers_.clear();
  ASSERT_TRUE(engines_reach("queued", 0)) << engines();
  ASSERT_TRUE(engines_reach("busy", 0)) << engines();
  r = get(hint);
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_FALSE(r.body["move"].get<std::string>().empty()) << r.text;
}

TEST_F(WebEngineBusyTest, AnOpenGamesHintIsRefusedWhileThePoolIsFull) {
  const std::string game = create({{"variant", "standard"}});
  ASSERT_EQ(post(game + "/moves", {{"move", "a3a4"}}).status, 200);
  expect_refused_while_the_pool_is_full(game + "/hint?movetime_ms=100");
}

TEST_F(WebEngineBusyTest, AFlipGamesHintIsRefusedWhileThePoolIsFull) {
  const std::string game = create({{"variant", "flip"}});
  ASSERT_EQ(post(game + "/moves", {{"move", "c3?"}}).status, 200);
  expect_refused_while_the_pool_is_full(game + "/hint?depth=1");
}

}  // namespace
}  // namespace jungle::web
