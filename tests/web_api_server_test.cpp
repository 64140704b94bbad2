// The web server itself over its JSON API (web_api_fixture.h): what it says
// of itself and its rule sets, the page served from the binary, a port
// already taken, requests too big or of no route, and a stop that ends the
// open streams and keeps the database.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

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

// Each shipped set is described by its family (Family::describe_variant),
// as the catalog described them before the families did: the sets in the
// order the page lists them, every field of each kind, a hidden set's
// rulings and a flip set's whole description.
TEST_F(WebApiTest, EachSetIsDescribedByItsFamily) {
  Reply v = get("/api/variants");
  ASSERT_EQ(v.status, 200);
  std::vector<std::string> names;
  std::map<std::string, Json> by_name;
  for (const Json& set : v.body["variants"]) {
    names.push_back(set["name"]);
    by_name[set["name"]] = set;
  }
  EXPECT_EQ(names, (std::vector<std::string>{
                       "standard", "bush", "wikipedia", "mistboard", "dog-swims", "universal-traps",
                       "elephant-takes-rat", "leopard-jumps", "lion-tiger-equal", "tiger-over-lion",
                       "anti-draw", "animal-checkers", "animal-checkers-7x9", "academic", "hidden",
                       "hidden-stratego", "flip", "flip-fixed", "flip-jungle"}));
  const std::vector<std::string> board_keys = {
      "board", "capabilities", "dens",      "description", "family", "hidden_pieces", "kind",
      "name",  "ranks",        "start_fen", "summary",     "traps",  "traps_weaken",  "water"};
  for (const auto& [name, set] : by_name) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : set.items()) keys.push_back(key);
    std::vector<std::string> expected = board_keys;
    if (set["family"] == "hidden") expected.push_back("hidden");
    if (set["family"] == "flip") {
      expected.push_back("colours");
      expected.push_back("quiet_limit");
    }
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(keys, expected) << name;
    EXPECT_EQ(set["kind"], set["family"] == "flip" ? "flip" : "jungle") << name;
  }
  const Json& standard = by_name["standard"];
  EXPECT_EQ(standard["family"], "open");
  EXPECT_EQ(standard["start_fen"], "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1");
  EXPECT_EQ(standard["board"], Json({{"files", 7}, {"ranks", 9}}));
  EXPECT_EQ(standard["summary"][0], "The board has 7 files and 9 ranks, with 12 squares of water.");
  EXPECT_EQ(standard["hidden_pieces"], false);
  EXPECT_EQ(by_name["universal-traps"]["traps_weaken"], "all");
  EXPECT_EQ(by_name["hidden"]["family"], "hidden");
  EXPECT_EQ(by_name["hidden"]["hidden_pieces"], true);
  EXPECT_EQ(by_name["hidden"]["hidden"],
            Json({{"failed_attack", "attacker_dies"}, {"reveal", "both"}, {"setup", "shuffled"}}));
  EXPECT_EQ(by_name["hidden-stratego"]["hidden"]["setup"], "chosen");
  Json flip = by_name["flip"];
  flip.erase("capabilities");
  EXPECT_EQ(flip, Json::parse(R"({"board": {"files": 4, "ranks": 4}, "colours": "first flip",
      "dens": {"blue": null, "red": null},
      "description": "Flip Jungle 4x4: first flip decides colours, equal ranks both die",
      "family": "flip", "hidden_pieces": false, "kind": "flip", "name": "flip", "quiet_limit": 40,
      "ranks": {"C": 2, "D": 3, "E": 8, "L": 7, "P": 5, "R": 1, "T": 6, "W": 4},
      "start_fen": "????/????/????/???? - RCDWPTLErcdwptle 0 1",
      "summary": ["Flip Jungle 4x4: first flip decides colours, equal ranks both die"],
      "traps": {"blue": [], "red": []}, "traps_weaken": "opponent", "water": []})"));
  EXPECT_EQ(by_name["flip-fixed"]["colours"], "fixed");
  EXPECT_EQ(by_name["flip-fixed"]["start_fen"], R"(????/????/????/???? w RCDWPTLErcdwptle 0 1)");
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
