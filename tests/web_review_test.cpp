// Game reviews over the JSON API: every position searched in the background,
// moves judged by what they lose, the findings stored with the game (in a
// column an older database gains when opened) and written into records.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "test_folder.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// Blue to move: the Dog on c2 must take Red's Rat on c1, which otherwise
// walks into Blue's den d1. g1g2 lets it, and loses at once.
constexpr const char* kBlunderFen = "e6/7/7/7/7/7/7/2D4/2r3L w 0 1";

class WebReviewTest : public ::testing::Test {
 protected:
  void TearDown() override { stop(); }

  void start() {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    const int port = server_->start();
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    as_test_player(*client_);
    client_->set_read_timeout(30);
  }

  void stop() {
    client_.reset();
    if (server_) server_->stop();
    server_.reset();
  }

  Reply get(const std::string& path) { return reply(client_->Get(path)); }
  Reply post(const std::string& path, const Json& body) {
    return reply(client_->Post(path, body.dump(), "application/json"));
  }

  // The blunder game, played to its end by two people: 1. g1g2 c1d1.
  int64_t blunder_game() {
    Reply r = post("/api/games", {{"fen", kBlunderFen}});
    EXPECT_EQ(r.status, 201) << r.text;
    const int64_t id = r.body["id"];
    for (const char* m : {"g1g2", "c1d1"}) {
      EXPECT_EQ(post(path(id, "/moves"), {{"move", m}}).status, 200) << m;
    }
    return id;
  }

  static std::string path(int64_t id, const std::string& rest = "") {
    return "/api/games/" + std::to_string(id) + rest;
  }

  // Polls the review until it is no longer running (at most 15 s).
  Json wait_for_review(int64_t id) {
    Json body;
    for (int i = 0; i < 150; ++i) {
      body = get(path(id, "/review")).body;
      if (body["status"] != "running") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return body;
  }

  TestFolder dir_{"web-review"};
  std::unique_ptr<WebServer> server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(WebReviewTest, MarksTheBlunderWithTheBetterMove) {
  start();
  const int64_t id = blunder_game();
  Reply before = get(path(id, "/review"));
  EXPECT_EQ(before.status, 200);
  EXPECT_EQ(before.body["status"], "none");
  EXPECT_EQ(before.body["analysed"], 0);
  EXPECT_EQ(before.body["total"], 3);

  Reply started = post(path(id, "/review"), {{"movetime_ms", 200}});
  EXPECT_EQ(started.status, 202) << started.text;
  const Json review = wait_for_review(id);
  ASSERT_EQ(review["status"], "done") << review.dump();
  EXPECT_EQ(review["analysed"], 3);
  const Json& plies = review["plies"];
  EXPECT_EQ(plies[0]["best"], "c2c1");
  EXPECT_GT(plies[0]["expected"].get<double>(), 0.5);
  EXPECT_EQ(plies[1]["best"], "c1d1");
  EXPECT_EQ(plies[1]["mate"], -1);  // Red wins in one
  EXPECT_EQ(plies[1]["expected"], 0.0);
  EXPECT_EQ(plies[2]["final"], true);
  EXPECT_EQ(plies[2]["best"], nullptr);

  const Json& moves = review["moves"];
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0]["judgement"], "blunder");
  EXPECT_EQ(moves[0]["better"], "c2c1");
  EXPECT_GT(moves[0]["loss"].get<double>(), 0.5);
  EXPECT_EQ(moves[1]["judgement"], nullptr);  // the engine's own move
  EXPECT_EQ(moves[1]["loss"], 0.0);
  EXPECT_EQ(review["thresholds"]["blunder"], 0.2);

  // The record keeps the evaluations, as the terminal's do, and the
  // judgement with the better move.
  auto record = client_->Get(path(id, "/record"));
  ASSERT_TRUE(record);
  EXPECT_NE(record->body.find("1. g1g2 {[%eval #-1/"), std::string::npos) << record->body;
  EXPECT_NE(record->body.find("] Blunder. c2c1 was best.} 1... c1d1 "), std::string::npos)
      << record->body;

  // Kept with the game: after a restart, the review is there without a search.
  stop();
  start();
  const Json again = get(path(id, "/review")).body;
  EXPECT_EQ(again["status"], "done");
  EXPECT_EQ(again["moves"][0]["judgement"], "blunder");
  EXPECT_EQ(again["plies"][1]["mate"], -1);
}

TEST_F(WebReviewTest, ATakeBackForgetsWhatWasSaidOfThePliesTakenBack) {
  start();
  Reply r = post("/api/games", {{"fen", kBlunderFen}});
  const int64_t id = r.body["id"];
  ASSERT_EQ(post(path(id, "/moves"), {{"move", "g1g2"}}).status, 200);
  ASSERT_EQ(post(path(id, "/review"), {{"movetime_ms", 100}}).status, 202);
  ASSERT_EQ(wait_for_review(id)["status"], "done");
  ASSERT_EQ(post(path(id, "/undo"), Json::object()).status, 200);
  const Json review = get(path(id, "/review")).body;
  EXPECT_EQ(review["total"], 1);
  EXPECT_EQ(review["analysed"], 1);
  EXPECT_EQ(review["plies"].size(), 1u);
  EXPECT_EQ(review["moves"].size(), 0u);
}

TEST_F(WebReviewTest, DeletingTheGameCancelsItsReview) {
  start();
  Reply r = post("/api/games", Json::object());
  const int64_t id = r.body["id"];
  for (const char* m : {"a3a4", "g7g6", "g3g4", "a7a6"}) {
    ASSERT_EQ(post(path(id, "/moves"), {{"move", m}}).status, 200);
  }
  ASSERT_EQ(post(path(id, "/review"), {{"movetime_ms", 3000}}).status, 202);
  EXPECT_EQ(get(path(id, "/review")).body["status"], "running");
  EXPECT_EQ(reply(client_->Delete(path(id))).status, 200);
  EXPECT_EQ(get(path(id, "/review")).status, 404);
  // The search stops at once rather than after its 3 s, and no other follows.
  int busy = -1;
  for (int i = 0; i < 20 && busy != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    busy = get("/api/info").body["engines"]["busy"];
  }
  EXPECT_EQ(busy, 0);
}

TEST_F(WebReviewTest, RefusesBadSettingsAndUnknownGames) {
  start();
  const int64_t id = blunder_game();
  Reply r = post(path(id, "/review"), {{"movetime_ms", 999999}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"]["code"], "bad_field");
  EXPECT_EQ(post(path(9999, "/review"), Json::object()).status, 404);
  EXPECT_EQ(get(path(9999, "/review")).status, 404);
}

// Bug 8: a record's player names come in with it, show in the game's state
// and go out again in its record; a file of two games says so and loads the
// one asked for.
constexpr const char* kTwoGames = R"([Event "Club night"]
[Blue "Alice"]
[Red "Bob"]
[Result "*"]

1. a3a4 a7a6 *

[Event "Club night"]
[Blue "Carol"]
[Red "?"]
[Result "*"]

1. g3g4 g7g6 2. g4g5 *
)";

TEST_F(WebReviewTest, ARecordKeepsItsPlayersNames) {
  start();
  Reply r = post("/api/games", {{"record", kTwoGames}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["players"]["blue"]["name"], "Alice");
  EXPECT_EQ(r.body["players"]["red"]["name"], "Bob");
  EXPECT_EQ(r.body["record"], (Json{{"game", 1}, {"games", 2}}));
  const int64_t id = r.body["id"];
  auto record = client_->Get(path(id, "/record"));
  ASSERT_TRUE(record);
  EXPECT_NE(record->body.find("[Blue \"Alice\"]"), std::string::npos) << record->body;
  EXPECT_NE(record->body.find("[Red \"Bob\"]"), std::string::npos) << record->body;
  // Letting the engine take over Red keeps the names unless new ones are given.
  Reply p = reply(client_->Put(
      path(id, "/players"),
      Json{{"blue", {{"type", "human"}}}, {"red", {{"type", "engine"}, {"skill", 3}}}}.dump(),
      "application/json"));
  ASSERT_EQ(p.status, 200) << p.text;
  EXPECT_EQ(p.body["players"]["blue"]["name"], "Alice");
  EXPECT_EQ(p.body["players"]["red"]["name"], "Bob");
  // Kept in the database.
  stop();
  start();
  EXPECT_EQ(get(path(id)).body["players"]["red"]["name"], "Bob");
  // A name no one gave stays out.
  Reply second = post("/api/games", {{"record", kTwoGames}, {"game", 2}});
  ASSERT_EQ(second.status, 201) << second.text;
  EXPECT_EQ(second.body["players"]["blue"]["name"], "Carol");
  EXPECT_FALSE(second.body["players"]["red"].contains("name"));
}

TEST_F(WebReviewTest, ARecordOfTwoGamesLoadsTheOneAskedFor) {
  start();
  Reply list = post("/api/records/games", {{"record", kTwoGames}});
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["games"].size(), 2u);
  EXPECT_EQ(list.body["games"][0]["blue"], "Alice");
  EXPECT_EQ(list.body["games"][0]["ply"], 2);
  EXPECT_EQ(list.body["games"][1]["index"], 2);
  EXPECT_EQ(list.body["games"][1]["ply"], 3);
  // Moves as the move list numbers them (bug 7): 2 plies are 1 move, 3 are 2.
  EXPECT_EQ(list.body["games"][0]["moves"], 1);
  EXPECT_EQ(list.body["games"][1]["moves"], 2);

  Reply second = post("/api/games", {{"record", kTwoGames}, {"game", 2}});
  ASSERT_EQ(second.status, 201) << second.text;
  EXPECT_EQ(second.body["ply"], 3);
  EXPECT_EQ(second.body["moves"][0]["move"], "g3g4");
  EXPECT_EQ(second.body["record"], (Json{{"game", 2}, {"games", 2}}));

  Reply third = post("/api/games", {{"record", kTwoGames}, {"game", 3}});
  EXPECT_EQ(third.status, 422);
  EXPECT_EQ(third.body["error"]["code"], "no_such_record_game");
  EXPECT_EQ(third.body["error"]["message"], "the record text holds 2 games, so there is no game 3");
  EXPECT_EQ(post("/api/records/games", {{"record", "1. a3a5 *"}}).status, 422);
}

// A record's side lines come back with its game in the list, move by move
// and nested as written, so that the page rebuilds its analysis board's
// lines from a record it loads (issue 29, item 11); a game without any has
// an empty list.
TEST_F(WebReviewTest, TheRecordListGivesEachGamesSideLines) {
  start();
  const std::string record =
      "1. a3a4 (1. g3g4 g7g6 (1... a7a6) 2. g4g5) (1. c3d3) 1... a7a6 2. a4a5 "
      "(2. g3g4 {a comment} g7g6) *\n\n1. a3a4 *\n";
  Reply list = post("/api/records/games", {{"record", record}});
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["games"].size(), 2u);
  const auto move = [](const char* text, Json variations = Json::array()) {
    return Json{{"move", text}, {"variations", variations}};
  };
  const Json expected = Json::array(
      {{{"ply", 0},
        {"lines",
         Json::array(
             {Json::array({move("g3g4"), move("g7g6", Json::array({Json::array({move("a7a6")})})),
                           move("g4g5")}),
              Json::array({move("c3d3")})})}},
       {{"ply", 2}, {"lines", Json::array({Json::array({move("g3g4"), move("g7g6")})})}}});
  EXPECT_EQ(list.body["games"][0]["variations"], expected) << list.body["games"][0].dump();
  EXPECT_EQ(list.body["games"][1]["variations"], Json::array());
}

// A database written before evaluations were kept: opening it adds the
// column, and its games load and can be reviewed.
TEST_F(WebReviewTest, AnOlderDatabaseGainsTheEvaluationsColumn) {
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "games.db").string().c_str(), &db), SQLITE_OK);
    const char* old_schema = R"sql(
CREATE TABLE games (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  created_ms  INTEGER NOT NULL,
  updated_ms  INTEGER NOT NULL,
  variant     TEXT    NOT NULL,
  start_fen   TEXT    NOT NULL,
  moves       TEXT    NOT NULL DEFAULT '',
  ply_count   INTEGER NOT NULL DEFAULT 0,
  blue        TEXT    NOT NULL,
  red         TEXT    NOT NULL,
  result      TEXT    NOT NULL DEFAULT '*',
  termination TEXT    NOT NULL DEFAULT '',
  declared    TEXT    NOT NULL DEFAULT ''
);
INSERT INTO games (created_ms, updated_ms, variant, start_fen, moves, ply_count, blue, red)
VALUES (1, 1, 'standard', 'e6/7/7/7/7/7/7/2D4/2r3L w 0 1', 'g1g2', 1, '{"type":"human"}',
        '{"type":"human"}');
)sql";
    ASSERT_EQ(sqlite3_exec(db, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  start();
  Reply game = get(path(1));
  ASSERT_EQ(game.status, 200) << game.text;
  EXPECT_EQ(game.body["ply"], 1);
  EXPECT_EQ(get(path(1, "/review")).body["status"], "none");
  ASSERT_EQ(post(path(1, "/review"), {{"movetime_ms", 100}}).status, 202);
  EXPECT_EQ(wait_for_review(1)["status"], "done");
  EXPECT_EQ(get("/api/games").body["games"][0]["id"], 1);
}

}  // namespace
}  // namespace jungle::web
