// Playing a game over the JSON API (web_api_fixture.h): what a game's state
// says it allows, creating games and the refusal of bad settings, moves and
// the reasons an illegal one is refused, the engine's turn, take-backs,
// resigning, changing players, and an end on the board.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "web_api_fixture.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// The page offers what a game allows by its capabilities, which the state
// names with its family, the same for every family.
TEST_F(WebApiTest, TheStateSaysWhatTheGameAllows) {
  const Json open = create({{"variant", "standard"}});
  EXPECT_EQ(open["family"], "open");
  EXPECT_EQ(open["capabilities"], Json({{"undo", true},
                                        {"chance", false},
                                        {"hidden_information", false},
                                        {"setup", false},
                                        {"analysis", true},
                                        {"review", true},
                                        {"premoves", true},
                                        {"tablebases", true},
                                        {"editor", true}}));
  const Json flip = create({{"variant", "flip"}});
  EXPECT_EQ(flip["family"], "flip");
  EXPECT_EQ(flip["capabilities"], Json({{"undo", true},
                                        {"chance", true},
                                        {"hidden_information", false},
                                        {"setup", false},
                                        {"analysis", true},
                                        {"review", true},
                                        {"premoves", true},
                                        {"tablebases", true},
                                        {"editor", true}}));
  const Json hidden = create({{"variant", "hidden"}});
  EXPECT_EQ(hidden["family"], "hidden");
  // A hidden game's moves are not taken back: that would show what a player
  // was not to see. Its analysis and review wait for the end.
  EXPECT_EQ(hidden["capabilities"], Json({{"undo", false},
                                          {"chance", false},
                                          {"hidden_information", true},
                                          {"setup", true},
                                          {"analysis", true},
                                          {"review", true},
                                          {"premoves", true},
                                          {"tablebases", false},
                                          {"editor", false}}));

  // The list of rule sets says the same of each set, so the page offers the
  // editor for the sets whose games allow it.
  const Reply r = get("/api/variants");
  ASSERT_EQ(r.status, 200) << r.text;
  std::map<std::string, std::pair<std::string, bool>> family_and_editor;
  for (const Json& v : r.body["variants"]) {
    family_and_editor[v["name"].get<std::string>()] = {v["family"].get<std::string>(),
                                                       v["capabilities"]["editor"].get<bool>()};
  }
  EXPECT_EQ(family_and_editor["standard"], std::make_pair(std::string("open"), true));
  EXPECT_EQ(family_and_editor["flip"], std::make_pair(std::string("flip"), true));
  EXPECT_EQ(family_and_editor["hidden"], std::make_pair(std::string("hidden"), false));
}

TEST_F(WebApiTest, CreatesGamesAndRefusesBadSettings) {
  Json g = create({{"variant", "standard"}, {"red", kQuickEngine}});
  EXPECT_EQ(g["ply"], 0);
  EXPECT_EQ(g["status"], "ongoing");
  EXPECT_EQ(g["side_to_move"], "blue");
  EXPECT_EQ(g["legal_moves"].size(), 24u);
  EXPECT_EQ(g["players"]["red"]["type"], "engine");
  EXPECT_EQ(g["players"]["blue"]["type"], "human");

  Json defaults = create(Json::object());
  EXPECT_EQ(defaults["variant"], "standard");

  Reply r = post("/api/games", {{"variant", "chess"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_code(r), "unknown_variant");
  // A path is never read as a rule-set file.
  r = post("/api/games", {{"variant", "/etc/passwd"}});
  EXPECT_EQ(r.status, 400);

  r = post("/api/games", {{"fen", "7/7/7 w"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "bad_fen");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("ranks"), std::string::npos);

  r = post("/api/games", {{"fen", "7/7/7/7/7/7/7/7/3l3 w"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "position_over");

  r = post("/api/games", std::string("{\"variant\": "));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_code(r), "bad_json");
  r = post("/api/games", std::string("[1, 2]"));
  EXPECT_EQ(r.status, 400);
  r = post("/api/games", {{"variant", 7}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_code(r), "bad_field");
  r = post("/api/games", {{"red", {{"type", "robot"}}}});
  EXPECT_EQ(r.status, 400);
  r = post("/api/games", {{"red", {{"type", "engine"}, {"skill", 21}}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("'red.skill'"), std::string::npos);
  r = post("/api/games", {{"blue", {{"type", "engine"}, {"movetime_ms", 999999}}}});
  EXPECT_EQ(r.status, 400);
  r = post("/api/games", {{"blue", "engine"}});
  EXPECT_EQ(r.status, 400);
}

TEST_F(WebApiTest, PlaysMovesAndExplainsIllegalOnes) {
  Json g = create(Json::object());
  const std::string moves = game_path(g, "/moves");
  Reply r = post(moves, {{"move", "a3a4"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 1);
  EXPECT_EQ(r.body["side_to_move"], "red");
  EXPECT_EQ(r.body["moves"][0]["move"], "a3a4");
  EXPECT_EQ(r.body["moves"][0]["piece"], "E");
  EXPECT_EQ(r.body["moves"][0]["side"], "blue");
  EXPECT_EQ(r.body["fen"], "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1");

  r = post(moves, {{"move", "c7d7"}});
  ASSERT_EQ(r.status, 200);
  r = post(moves, {{"move", "c3c4"}});  // the Wolf may not swim
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "illegal_move");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("water"), std::string::npos);
  r = post(moves, {{"move", "a9a8"}});  // a Red piece, Blue to move
  EXPECT_EQ(r.status, 422);
  r = post(moves, {{"move", "a3"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_code(r), "bad_move");
  r = post(moves, {{"move", "z9z9"}});
  EXPECT_EQ(r.status, 400);
  r = post(moves, Json::object());
  EXPECT_EQ(r.status, 400);
  r = post(moves, {{"move", 42}});
  EXPECT_EQ(r.status, 400);
  r = post(moves, {{"move", "g3g4"}, {"ply", 1}});  // the game has 2 moves
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(error_code(r), "stale");
  r = post(moves, {{"move", "g3g4"}, {"ply", -1}});  // a ply count is never negative
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_code(r), "bad_field");

  // None of the refusals changed the game.
  Reply state = get(game_path(g));
  EXPECT_EQ(state.body["ply"], 2);
  EXPECT_EQ(state.body["fen"], "l5t/1d3c1/r2pw1e/7/7/E6/2W1P1R/1C3D1/T5L w 2 2");

  EXPECT_EQ(get("/api/games/999999").status, 404);
  EXPECT_EQ(error_code(get("/api/games/999999")), "no_such_game");
  EXPECT_EQ(get("/api/games/99999999999999999999999").status, 404);
  Reply missing = get("/api/games/abc");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(error_code(missing), "not_found");
  EXPECT_EQ(post("/api/games/999999/moves", {{"move", "a3a4"}}).status, 404);
}

TEST_F(WebApiTest, EngineMovesOnlyOnItsTurn) {
  Json g = create({{"red", kQuickEngine}});
  Reply r = post(game_path(g, "/engine-move"), Json::object());
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(error_code(r), "not_engine_turn");
  ASSERT_EQ(post(game_path(g, "/moves"), {{"move", "g3g4"}}).status, 200);
  // A person may not move for the engine.
  r = post(game_path(g, "/moves"), {{"move", "a7a6"}});
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(error_code(r), "not_your_turn");

  r = post(game_path(g, "/engine-move"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_EQ(r.body["moves"][1]["side"], "red");
  EXPECT_EQ(r.body["engine"]["move"], r.body["moves"][1]["move"]);
  EXPECT_TRUE(r.body["engine"].contains("blue_score"));
  EXPECT_EQ(r.body["side_to_move"], "blue");

  // Engine against engine: each call plays one move.
  Json e = create({{"blue", kQuickEngine}, {"red", kQuickEngine}});
  for (int i = 1; i <= 4; ++i) {
    Reply m = post(game_path(e, "/engine-move"), Json::object());
    ASSERT_EQ(m.status, 200) << m.text;
    EXPECT_EQ(m.body["ply"], i);
    // A weakened engine's line still begins with the move it played.
    ASSERT_FALSE(m.body["engine"]["pv"].empty());
    EXPECT_EQ(m.body["engine"]["pv"][0], m.body["engine"]["move"]) << m.text;
  }
}

TEST_F(WebApiTest, UndoResignAndPlayers) {
  Json g = create({{"red", kQuickEngine}});
  EXPECT_EQ(post(game_path(g, "/undo"), Json::object()).status, 422);
  ASSERT_EQ(post(game_path(g, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(post(game_path(g, "/engine-move"), Json::object()).status, 200);
  Reply r = post(game_path(g, "/undo"), {{"plies", 2}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["ply"], 0);
  EXPECT_EQ(r.body["fen"], g["fen"]);
  EXPECT_EQ(post(game_path(g, "/undo"), {{"plies", 0}}).status, 400);
  EXPECT_EQ(post(game_path(g, "/undo"), {{"plies", "two"}}).status, 400);

  r = post(game_path(g, "/resign"), {{"side", "green"}});
  EXPECT_EQ(r.status, 400);
  r = post(game_path(g, "/resign"), {{"side", "blue"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["result"], "0-1");
  EXPECT_EQ(r.body["winner"], "red");
  EXPECT_EQ(r.body["termination"], "resignation");
  EXPECT_EQ(r.body["message"], "Red wins: Blue resigned");
  EXPECT_TRUE(r.body["legal_moves"].empty());
  r = post(game_path(g, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "game_over");
  EXPECT_EQ(post(game_path(g, "/resign"), Json::object()).status, 422);
  // A resigned game stays over: a take-back does not reopen it.
  r = post(game_path(g, "/undo"), Json::object());
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(error_code(r), "game_over");
  EXPECT_EQ(get(game_path(g)).body["status"], "over");

  g = create(Json::object());
  r = put(game_path(g, "/players"), {{"blue", kQuickEngine}, {"red", {{"type", "human"}}}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["players"]["blue"]["type"], "engine");
  EXPECT_EQ(post(game_path(g, "/engine-move"), Json::object()).status, 200);
  EXPECT_EQ(put(game_path(g, "/players"), {{"red", {{"type", 3}}}}).status, 400);
}

TEST_F(WebApiTest, DenEntryEndsTheGame) {
  Json g = create({{"fen", "2L4/7/7/7/r6/7/7/7/7 w"}});
  std::vector<std::string> legal = g["legal_moves"];
  std::sort(legal.begin(), legal.end());
  EXPECT_EQ(legal, (std::vector<std::string>{"c9b9", "c9c8", "c9d9"}));
  Reply r = post(game_path(g, "/moves"), {{"move", "c9d9"}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["winner"], "blue");
  EXPECT_EQ(r.body["result"], "1-0");
  EXPECT_EQ(r.body["termination"], "den");
  EXPECT_EQ(r.body["message"], "Blue wins: the Lion entered Red's den");
  EXPECT_EQ(post(game_path(g, "/engine-move"), Json::object()).status, 422);
  EXPECT_EQ(get(game_path(g, "/hint")).status, 422);
  EXPECT_EQ(get(game_path(g, "/analysis")).status, 422);
  Reply record = get(game_path(g, "/record"));
  EXPECT_NE(record.text.find("[Termination \"den\"]"), std::string::npos) << record.text;
  EXPECT_NE(record.text.find("[FEN \"2L4/7/7/7/r6/7/7/7/7 w 0 1\"]"), std::string::npos);
}

}  // namespace
}  // namespace jungle::web
