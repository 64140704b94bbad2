// An open game's engine help over the JSON API (web_api_fixture.h): hints
// and their limits, checking a position, and the analysis stream of a
// game's position or of any position.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "web_api_fixture.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST_F(WebApiTest, HintAndPositionChecks) {
  Json g = create(Json::object());
  Reply h = get(game_path(g, "/hint?movetime_ms=100"));
  ASSERT_EQ(h.status, 200) << h.text;
  const std::string move = h.body["move"];
  bool legal = false;
  for (const Json& m : g["legal_moves"]) legal |= m == move;
  EXPECT_TRUE(legal) << move;
  EXPECT_EQ(get(game_path(g, "/hint?movetime_ms=99999999")).status, 400);
  EXPECT_EQ(get(game_path(g, "/hint?ply=5")).status, 400);
  EXPECT_EQ(get(game_path(g, "/hint?movetime_ms=fast")).status, 400);
  // One hint route for every family: a depth, as a Flip Jungle hint takes
  // one, stops the search there.
  Reply shallow = get(game_path(g, "/hint?movetime_ms=2000&depth=2"));
  ASSERT_EQ(shallow.status, 200) << shallow.text;
  EXPECT_EQ(shallow.body["depth"], 2);
  // The open engine behind the game interface reports as every family's:
  // the mover's expected score and the moves it valued.
  Reply two = get(game_path(g, "/hint?movetime_ms=2000&depth=3&multipv=2"));
  ASSERT_EQ(two.status, 200) << two.text;
  EXPECT_GE(two.body["expected"].get<double>(), 0.0) << two.text;
  EXPECT_LE(two.body["expected"].get<double>(), 1.0) << two.text;
  ASSERT_EQ(two.body["lines"].size(), 2u) << two.text;
  EXPECT_EQ(two.body["lines"][0]["move"], two.body["move"]) << two.text;
  EXPECT_NE(two.body["lines"][1]["move"], two.body["move"]) << two.text;

  Reply v = post("/api/positions/validate", {{"fen", "2L4/7/7/7/r6/7/7/7/7 b"}});
  ASSERT_EQ(v.status, 200);
  EXPECT_EQ(v.body["fen"], "2L4/7/7/7/r6/7/7/7/7 b 0 1");
  EXPECT_EQ(v.body["side_to_move"], "red");
  EXPECT_EQ(v.body["status"], "ongoing");
  v = post("/api/positions/validate", {{"fen", "LL5/7/7/7/r6/7/7/7/7 w"}});
  EXPECT_EQ(v.status, 422);
  EXPECT_EQ(error_code(v), "bad_fen");
  v = post("/api/positions/validate", {{"fen", "3L3/7/7/7/r6/7/7/7/7 b"}});
  ASSERT_EQ(v.status, 200);
  EXPECT_EQ(v.body["status"], "over");
  EXPECT_EQ(post("/api/positions/validate", Json::object()).status, 400);
}

// Reads a server-sent-event stream to its end.
std::string read_stream(httplib::Client& client, const std::string& path, int* status) {
  std::string body;
  auto r = client.Get(path, [&](const char* data, size_t n) {
    body.append(data, n);
    return true;
  });
  *status = r ? r->status : 0;
  return body;
}

TEST_F(WebApiTest, AnalysisStreamsEvents) {
  Json g = create(Json::object());
  ASSERT_EQ(post(game_path(g, "/moves"), {{"move", "a3a4"}}).status, 200);
  int status = 0;
  std::string events =
      read_stream(*client_, game_path(g, "/analysis?ply=1&movetime_ms=300"), &status);
  EXPECT_EQ(status, 200);
  EXPECT_EQ(events.rfind("event: start\n", 0), 0u) << events;
  // The engine is given the position with the move that led to it.
  EXPECT_NE(events.find(" moves a3a4\"}"), std::string::npos) << events;
  EXPECT_NE(events.find("event: info\ndata: {"), std::string::npos);
  const size_t done = events.find("event: done\ndata: ");
  ASSERT_NE(done, std::string::npos) << events;
  Json last = Json::parse(events.substr(done + 18, events.find('\n', done + 18) - done - 18));
  EXPECT_TRUE(last["best"].is_string());
  EXPECT_TRUE(last["completed"].get<bool>());

  // Any position of the game, and any position at all.
  events = read_stream(*client_, game_path(g, "/analysis?ply=0&depth=3"), &status);
  EXPECT_EQ(status, 200);
  EXPECT_NE(events.find("event: done"), std::string::npos);
  events = read_stream(
      *client_,
      "/api/analysis?variant=standard&fen=2L4%2F7%2F7%2F7%2Fr6%2F7%2F7%2F7%2F7%20w&depth=4",
      &status);
  EXPECT_EQ(status, 200);
  EXPECT_NE(events.find("\"mate\":1"), std::string::npos) << events;  // c9d9 wins at once

  EXPECT_EQ(get(game_path(g, "/analysis?ply=9")).status, 400);
  EXPECT_EQ(get("/api/analysis?fen=7%2F7%20w").status, 422);
  EXPECT_EQ(get("/api/analysis").status, 400);
  EXPECT_EQ(get("/api/analysis?variant=nope&fen=x").status, 400);
}

}  // namespace
}  // namespace jungle::web
