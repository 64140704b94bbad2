// The web app's JSON API against an in-process server on an ephemeral
// loopback port: every route, the errors it gives for bad input, isolation of
// concurrent games, persistence across a restart and a clean shutdown.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>
#include <map>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "test_folder.h"
#include "web/engines/engine_pool.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// An engine side that answers fast: skill 0 caps the depth.
const Json kQuickEngine = {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 100}};

class WebApiTest : public ::testing::Test {
 protected:
  void SetUp() override { start(); }

  void TearDown() override {
    client_.reset();
    server_.reset();
  }

  void start() {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    port_ = server_->start();
    client_ = make_client();
  }

  void restart() {
    client_.reset();
    server_->stop();
    server_.reset();
    start();
  }

  std::unique_ptr<httplib::Client> make_client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(60);
    as_test_player(*c);
    return c;
  }

  Reply get(const std::string& path) { return reply(client_->Get(path)); }
  Reply post(const std::string& path, const std::string& body) {
    return reply(client_->Post(path, body, "application/json"));
  }
  Reply post(const std::string& path, const Json& body) { return post(path, body.dump()); }
  Reply put(const std::string& path, const Json& body) {
    return reply(client_->Put(path, body.dump(), "application/json"));
  }
  Reply del(const std::string& path) { return reply(client_->Delete(path)); }

  Json create(const Json& body) {
    Reply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.text;
    return r.body;
  }
  static std::string game_path(const Json& game, const std::string& rest = "") {
    return "/api/games/" + std::to_string(game["id"].get<int64_t>()) + rest;
  }
  // The refusal's code, after checking it is a JSON error with a message.
  static std::string error_code(const Reply& r) {
    EXPECT_TRUE(r.body.contains("error")) << r.text;
    if (!r.body.contains("error")) return "";
    EXPECT_FALSE(r.body["error"]["message"].get<std::string>().empty());
    return r.body["error"]["code"].get<std::string>();
  }

  TestFolder dir_{"web-api"};
  std::unique_ptr<WebServer> server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

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
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("a3a5"), std::string::npos);
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

TEST_F(WebApiTest, ManyGamesAtOnceStayIsolated) {
  constexpr int kThreads = 6;
  constexpr int kMoves = 12;
  std::vector<Json> games;
  for (int i = 0; i < kThreads; ++i) games.push_back(create(Json::object()));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto client = make_client();
      const std::string path = game_path(games[size_t(t)]);
      for (int i = 0; i < kMoves; ++i) {
        auto state = client->Get(path);
        if (!state || state->status != 200) {
          ++failures;
          return;
        }
        Json s = Json::parse(state->body);
        // Each game takes its own line: the t-th legal move, wrapping.
        const Json& legal = s["legal_moves"];
        const std::string move = legal[size_t(t) % legal.size()];
        auto r = client->Post(path + "/moves", Json{{"move", move}, {"ply", i}}.dump(),
                              "application/json");
        if (!r || r->status != 200) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (const Json& g : games) EXPECT_EQ(get(game_path(g)).body["ply"], kMoves);
}

TEST_F(WebApiTest, RacingMovesOnOneGameKeepItConsistent) {
  Json g = create(Json::object());
  const std::string path = game_path(g, "/moves");
  std::atomic<int> accepted{0}, refused{0};
  std::vector<std::thread> threads;
  // Four clients all try the same first move at once: one wins, the others
  // are told the game moved on.
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      auto client = make_client();
      auto r = client->Post(path, Json{{"move", "a3a4"}, {"ply", 0}}.dump(), "application/json");
      if (r && r->status == 200) ++accepted;
      if (r && (r->status == 409 || r->status == 422)) ++refused;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(accepted.load(), 1);
  EXPECT_EQ(refused.load(), 3);
  EXPECT_EQ(get(game_path(g)).body["ply"], 1);
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

TEST(EnginePoolTest, BoundsTheQueueAndEachClientsShare) {
  EnginePoolLimits limits;
  limits.workers = 1;
  limits.queue_capacity = 3;
  limits.per_client = 2;
  limits.hash_mb = 1;
  std::atomic<int> done{0}, completed{0};
  // Searches that would run for a long time; the test cancels them.
  auto job = [&](const std::string& client) {
    EngineJob j;
    j.limits.movetime_ms = limits.max_movetime_ms;
    j.client = client;
    j.on_done = [&](const SearchResult&, bool c) {
      ++done;
      if (c) ++completed;
    };
    return j;
  };
  EnginePool pool(limits);
  EnginePool::Refusal why = EnginePool::Refusal::kNone;
  auto a1 = pool.submit(job("a"), &why);
  ASSERT_TRUE(a1);
  while (pool.stats().busy == 0) std::this_thread::yield();  // a1 is running
  auto a2 = pool.submit(job("a"), &why);
  ASSERT_TRUE(a2);
  EXPECT_FALSE(pool.submit(job("a"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kClientBusy);
  auto b1 = pool.submit(job("b"));
  auto c1 = pool.submit(job("c"));
  ASSERT_TRUE(b1 && c1);
  EXPECT_EQ(pool.stats().queued, 3);
  EXPECT_FALSE(pool.submit(job("d"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kQueueFull);
  EXPECT_EQ(pool.stats().refused, 2u);
  a1->cancel();  // the running search stops; the next one starts
  b1->cancel();  // a queued one is dropped when its turn comes
  pool.shutdown();
  EXPECT_EQ(done.load(), 4);
  EXPECT_EQ(completed.load(), 0);
  EXPECT_FALSE(pool.submit(job("a"), &why));
  EXPECT_EQ(why, EnginePool::Refusal::kStopping);
}

}  // namespace
}  // namespace jungle::web
