// The web server itself over its JSON API (web_api_fixture.h): what it says
// of itself and its rule sets, the page served from the binary, a port
// already taken, requests too big or of no route, and a stop that ends the
// open streams and keeps the database.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>

#include "web/web_server.h"
#include "web_api_fixture.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST_F(WebApiTest, InfoAndVariants) {
  Reply info = get("/api/info");
  ASSERT_EQ(info.status, 200);
  EXPECT_EQ(info.body["engines"]["workers"], 2);
  EXPECT_EQ(info.body["limits"]["max_movetime_ms"], 2000);

  Reply v = get("/api/variants");
  ASSERT_EQ(v.status, 200);
  bool standard = false, checkers = false;
  for (const Json& set : v.body["variants"]) {
    EXPECT_FALSE(set["description"].get<std::string>().empty());
    if (set["name"] == "standard") {
      standard = true;
      EXPECT_EQ(set["water"].size(), 12u);
      EXPECT_EQ(set["traps"]["blue"], Json({"c1", "e1", "d2"}));
      EXPECT_EQ(set["dens"]["red"], "d9");
      EXPECT_EQ(set["ranks"]["E"], 8);
    }
    if (set["name"] == "animal-checkers") {
      checkers = true;
      EXPECT_TRUE(set["water"].empty());
    }
  }
  EXPECT_TRUE(standard && checkers);
}

TEST_F(WebApiTest, ServesThePageFromTheBinary) {
  Reply index = get("/");
  ASSERT_EQ(index.status, 200);
  EXPECT_NE(index.content_type.find("text/html"), std::string::npos);
  EXPECT_NE(index.text.find("js/app.js"), std::string::npos);
  Reply js = get("/js/board/board.js");
  ASSERT_EQ(js.status, 200);
  EXPECT_NE(js.content_type.find("javascript"), std::string::npos);
  EXPECT_EQ(get("/js/nothing.js").status, 404);
  EXPECT_EQ(get("/../CMakeLists.txt").status, 404);
  // Unchanged files are revalidated, not sent again.
  auto r = client_->Get("/style.css");
  ASSERT_TRUE(r);
  httplib::Headers h = {{"If-None-Match", r->get_header_value("ETag")}};
  EXPECT_EQ(client_->Get("/style.css", h)->status, 304);
}

TEST_F(WebApiTest, ASecondServerCannotTakeThePort) {
  WebServerOptions options;
  options.port = port_;
  options.db = (dir_ / "other.db").string();
  options.engines.workers = 1;
  options.engines.hash_mb = 1;
  WebServer other(options);
  EXPECT_THROW(other.start(), std::runtime_error);
  EXPECT_EQ(get("/api/info").status, 200);
}

TEST_F(WebApiTest, RefusesOversizedAndUnknownRequests) {
  Reply r = post("/api/games", std::string(2 << 20, ' '));
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(error_code(r), "bad_request");
  // A body sent as a form (as `curl -d` does) says what to do instead.
  r = reply(
      client_->Post("/api/games", std::string(10000, ' '), "application/x-www-form-urlencoded"));
  EXPECT_EQ(r.status, 415);
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("application/json"),
            std::string::npos)
      << r.text;
  r = get("/api/nothing-here");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(error_code(r), "not_found");
  r = reply(client_->Patch("/api/games", "{}", "application/json"));
  EXPECT_GE(r.status, 400);
  EXPECT_LT(r.status, 500);
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("PATCH"), std::string::npos)
      << r.text;
  EXPECT_EQ(get("/api/info").status, 200);
}

TEST_F(WebApiTest, StopEndsOpenStreamsAndKeepsTheDatabase) {
  Json g = create(Json::object());
  ASSERT_EQ(post(game_path(g, "/moves"), {{"move", "a3a4"}}).status, 200);
  std::atomic<bool> ended{false};
  std::atomic<bool> started{false};
  std::string events;
  std::thread reader([&] {
    auto client = make_client();
    client->Get(game_path(g, "/analysis?movetime_ms=3000"), [&](const char* data, size_t n) {
      events.append(data, n);
      if (events.find("event: start") != std::string::npos) started = true;
      return true;
    });
    ended = true;
  });
  // Wait until the client has the stream's first event (the server counts
  // the stream open before it sends it), then stop the server under it.
  for (int i = 0; i < 2000 && !started; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  client_.reset();
  server_->stop();
  reader.join();
  EXPECT_TRUE(ended.load());
  EXPECT_NE(events.find("event: start"), std::string::npos);
  server_.reset();
  start();
  EXPECT_EQ(get(game_path(g)).body["ply"], 1);
}

}  // namespace
}  // namespace jungle::web
