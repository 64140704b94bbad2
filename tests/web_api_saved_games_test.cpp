// The games a server keeps, over the JSON API (web_api_fixture.h): the
// list, its move counts and its pages, deleting, a game's record going out
// and coming back in as a new game, and the games surviving a restart.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "web_api_fixture.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST_F(WebApiTest, RecordsGoOutAndComeBack) {
  Json g = create({{"variant", "wikipedia"}});
  for (const char* m : {"a3a4", "a7a6", "g3g4"}) {
    ASSERT_EQ(post(game_path(g, "/moves"), {{"move", m}}).status, 200);
  }
  auto raw = client_->Get(game_path(g, "/record?download=1"));
  ASSERT_TRUE(raw);
  EXPECT_EQ(raw->status, 200);
  EXPECT_NE(raw->get_header_value("Content-Disposition").find("attachment"), std::string::npos);
  const std::string text = raw->body;
  EXPECT_NE(text.find("[Variant \"wikipedia\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("1. a3a4 a7a6 2. g3g4"), std::string::npos) << text;

  Json loaded = create({{"record", text}});
  EXPECT_EQ(loaded["variant"], "wikipedia");
  EXPECT_EQ(loaded["ply"], 3);
  EXPECT_EQ(loaded["fen"], get(game_path(g)).body["fen"]);

  Reply r = post("/api/games", {{"record", "1. a3a5 *"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "bad_record");
  // The load dialog shows where the record went wrong: line and column.
  EXPECT_EQ(r.body["error"]["message"],
            "game 1, line 1, column 4: move 1 a3a5 is illegal: an Elephant moves one square along "
            "a file or rank; a3a5 is neither");
  r = post("/api/games", {{"record", "[Variant \"../../etc/x\"]\n\n*"}});
  EXPECT_EQ(r.status, 422);
  r = post("/api/games", {{"record", ""}});
  EXPECT_EQ(r.status, 422);
  // Not UTF-8, not a record: refused, and the server goes on.
  r = post("/api/games", std::string("{\"record\": \"\xff\xfe garbage\"}"));
  EXPECT_GE(r.status, 400);
  EXPECT_LT(r.status, 500);
  EXPECT_EQ(get(game_path(g, "/record")).status, 200);  // still serving
}

// The list counts moves as the move list numbers them: 1. a3a4 g7g6 2. a4a5
// is two moves, and a game opening with Red's turn, 1… a7a6 2. a3a4, is two.
TEST_F(WebApiTest, ListCountsNumberedMovesNotPlies) {
  const Json blue_first = create(Json::object());
  for (const char* m : {"a3a4", "g7g6", "a4a5"}) {
    ASSERT_EQ(post(game_path(blue_first, "/moves"), {{"move", m}}).status, 200);
  }
  const Json red_first = create({{"fen", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1"}});
  for (const char* m : {"a7a6", "a3a4"}) {
    ASSERT_EQ(post(game_path(red_first, "/moves"), {{"move", m}}).status, 200);
  }
  std::map<int64_t, int> moves_by_id;
  const Reply list = get("/api/games");
  for (const Json& row : list.body["games"]) {
    moves_by_id[row["id"].get<int64_t>()] = row["moves"].get<int>();
  }
  EXPECT_EQ(moves_by_id[blue_first["id"].get<int64_t>()], 2);
  EXPECT_EQ(moves_by_id[red_first["id"].get<int64_t>()], 2);
}

TEST_F(WebApiTest, ListsAndDeletesGames) {
  std::vector<Json> games;
  for (int i = 0; i < 5; ++i) games.push_back(create(Json::object()));
  ASSERT_EQ(post(game_path(games[1], "/moves"), {{"move", "a3a4"}}).status, 200);
  Reply list = get("/api/games?limit=3");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body["total"], 5);
  ASSERT_EQ(list.body["games"].size(), 3u);
  Json all = get("/api/games").body["games"];
  ASSERT_EQ(all.size(), 5u);
  for (size_t i = 1; i < all.size(); ++i) {  // most recently changed first
    EXPECT_GE(all[i - 1]["updated_ms"], all[i]["updated_ms"]);
  }
  for (const Json& row : all) {
    EXPECT_EQ(row["ply"], row["id"] == games[1]["id"] ? 1 : 0);
    EXPECT_EQ(row["status"], "ongoing");
    EXPECT_EQ(row["variant"], "standard");
  }
  EXPECT_EQ(get("/api/games?limit=3&offset=3").body["games"].size(), 2u);

  EXPECT_EQ(get("/api/games?limit=0").status, 400);
  EXPECT_EQ(get("/api/games?offset=-1").status, 400);

  Reply d = del(game_path(games[0]));
  EXPECT_EQ(d.status, 200);
  EXPECT_EQ(get(game_path(games[0])).status, 404);
  EXPECT_EQ(del(game_path(games[0])).status, 404);
  EXPECT_EQ(get("/api/games").body["total"], 4);
}

TEST_F(WebApiTest, GamesSurviveARestart) {
  Json g = create({{"variant", "bush"}, {"red", kQuickEngine}});
  ASSERT_EQ(post(game_path(g, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(post(game_path(g, "/engine-move"), Json::object()).status, 200);
  Json before = get(game_path(g)).body;
  Json resigned = create(Json::object());
  ASSERT_EQ(post(game_path(resigned, "/resign"), {{"side", "red"}}).status, 200);

  restart();
  Json after = get(game_path(g)).body;
  EXPECT_EQ(after["fen"], before["fen"]);
  EXPECT_EQ(after["moves"], before["moves"]);
  EXPECT_EQ(after["players"], before["players"]);
  EXPECT_EQ(after["variant"], "bush");
  Json r = get(game_path(resigned)).body;
  EXPECT_EQ(r["result"], "1-0");
  EXPECT_EQ(r["termination"], "resignation");
  // Play goes on where it stopped.
  EXPECT_EQ(post(game_path(g, "/moves"), {{"move", "g3g4"}}).status, 200);
}

}  // namespace
}  // namespace jungle::web
