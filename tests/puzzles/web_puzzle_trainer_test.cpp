// The puzzle trainer over the API, against an in-process server with the
// shipped set and an injected clock: a puzzle as the page sees it (never its
// solution), attempts judged move by move with the replies made for the
// player, "show solution", the rating periods of a first attempt, the daily
// puzzle, the themes, refusals with their exact text, the request guard on
// the new routes, and a malformed database refused at start.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "rating/glicko2.h"
#include "test_folder.h"
#include "web/puzzles/puzzle_set.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// From the shipped set: Blue's Rat steps into the den (one move).
const std::string kDenPuzzle = "3bd2369f2239";
// Three plies: b9c9, Red's reply c7b7, then c9d9 into the den.
const std::string kThreePlyPuzzle = "3595d23ed250";

class WebPuzzleTrainerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WebServerOptions options = small_test_server(dir_, 16);
    options.clock = [this] { return now_.load(); };
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }
  void TearDown() override { server_.reset(); }

  std::unique_ptr<httplib::Client> player(const std::string& key) const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(30);
    c->set_default_headers({{"X-Player-Key", key}});
    return c;
  }
  static Reply attempt(httplib::Client& c, const std::string& id, const Json& body) {
    return reply(c.Post("/api/puzzles/" + id + "/attempt", body.dump(), "application/json"));
  }
  static std::string message_of(const Reply& r) {
    return r.body.contains("error") ? r.body["error"]["message"].get<std::string>() : "";
  }

  TestFolder dir_{"web-puzzle-trainer"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  // 2026-11-28 12:00 UTC.
  std::atomic<int64_t> now_{1'795'867'200'000};
};

TEST_F(WebPuzzleTrainerTest, APuzzleIsSentWithoutItsSolution) {
  auto alice = player("alice-key-000000001");
  Reply r = reply(alice->Get("/api/puzzles/" + kDenPuzzle));
  ASSERT_EQ(r.status, 200) << r.text;
  // Every legal move, the solution's among them: nothing to tell it apart.
  EXPECT_EQ(r.body["puzzle"]["legal_moves"], Json::parse(R"(["c1b1","c1c2","f2f1","f2e2","f2g2",
      "f2f3","d4d3","d4d5","b9b8","b9a9","b9c9","e9e8","e9d9","e9f9"])"));
  EXPECT_NE(std::find(r.body["puzzle"]["legal_moves"].begin(),
                      r.body["puzzle"]["legal_moves"].end(), "e9d9"),
            r.body["puzzle"]["legal_moves"].end());
  r.body["puzzle"].erase("legal_moves");
  EXPECT_EQ(r.body, Json::parse(R"({"puzzle":{"id":"3bd2369f2239","variant":"standard",
      "fen":"1W2R2/2r4/1l3c1/7/7/3P3/7/1p3L1/2E1w2 w 2 77","side":"blue","goal":"win",
      "themes":["den-attack"],"rating":1000},
      "player":{"rating":1500,"deviation":350,"provisional":true,"attempts":0}})"));
  EXPECT_EQ(r.text.find("solution"), std::string::npos);
}

TEST_F(WebPuzzleTrainerTest, ARightMoveSolvesAndRatesBothTheFirstTimeOnly) {
  auto alice = player("alice-key-000000001");
  Reply r = attempt(*alice, kDenPuzzle, {{"moves", {"e9d9"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  // Glicko-2, one period each: 1500/350/0.06 beats the puzzle's 1000/150.
  const rating::Outcome won{1000, 150, 1};
  const rating::Rating after = rating::update(rating::Rating{}, std::span(&won, 1));
  EXPECT_EQ(std::lround(after.rating), 1536);
  EXPECT_EQ(std::lround(after.deviation), 318);
  const rating::Outcome lost{1500, 350, 0};
  const rating::Rating puzzle =
      rating::update(rating::Rating{1000, 150, 0.06}, std::span(&lost, 1));
  EXPECT_EQ(std::lround(puzzle.rating), 989);
  EXPECT_EQ(r.body, Json::parse(R"({"id":"3bd2369f2239","moves":[{"move":"e9d9","correct":true}],
      "reply":null,"status":"solved","solution":["e9d9"],"rated":true,"change":36,
      "fen_after_move":"1W1R3/2r4/1l3c1/7/7/3P3/7/1p3L1/2E1w2 b 3 77","fen_after_reply":null,
      "solution_fens":["1W1R3/2r4/1l3c1/7/7/3P3/7/1p3L1/2E1w2 b 3 77"],"puzzle_rating":989,
      "player":{"rating":1536,"deviation":318,"provisional":true,"attempts":1}})"));
  // Again: right, but not rated a second time.
  r = attempt(*alice, kDenPuzzle, {{"moves", {"e9d9"}}});
  EXPECT_EQ(r.body["rated"], false);
  EXPECT_EQ(r.body["change"], 0);
  EXPECT_EQ(r.body["player"]["rating"], 1536);
  EXPECT_EQ(reply(alice->Get("/api/puzzles/player")).body["player"]["attempts"], 1);
}

TEST_F(WebPuzzleTrainerTest, TheRepliesAreMadeForThePlayerAndTheSolutionWithheldUntilTheEnd) {
  auto bob = player("bob-key-00000000001");
  Reply r = attempt(*bob, kThreePlyPuzzle, {{"moves", {"b9c9"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_FALSE(r.body["legal_moves"].empty());
  r.body.erase("legal_moves");
  EXPECT_EQ(r.body, Json::parse(R"({"id":"3595d23ed250","moves":[{"move":"b9c9","correct":true}],
      "reply":"c7b7","status":"playing",
      "fen_after_move":"2E2ct/r2e3/2p1w2/7/7/7/1TWPD1R/2C2L1/7 b 0 21",
      "fen_after_reply":"2E2ct/r2e3/1p2w2/7/7/7/1TWPD1R/2C2L1/7 w 1 22",
      "player":{"rating":1500,"deviation":350,"provisional":true,"attempts":0}})"));
  r = attempt(*bob, kThreePlyPuzzle, {{"moves", {"b9c9", "c9d9"}}});
  EXPECT_EQ(r.body["status"], "solved");
  EXPECT_EQ(r.body["solution"], Json::parse(R"(["b9c9","c7b7","c9d9"])"));
  EXPECT_EQ(r.body["rated"], true);
}

TEST_F(WebPuzzleTrainerTest, AWrongMoveFailsShowsTheSolutionAndLowersTheRating) {
  auto carol = player("carol-key-000000001");
  Reply r = attempt(*carol, kDenPuzzle, {{"moves", {"e9e8"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["moves"], Json::parse(R"([{"move":"e9e8","correct":false}])"));
  EXPECT_EQ(r.body["status"], "failed");
  EXPECT_EQ(r.body["solution"], Json::parse(R"(["e9d9"])"));
  const rating::Outcome lost{1000, 150, 0};
  const rating::Rating after = rating::update(rating::Rating{}, std::span(&lost, 1));
  EXPECT_EQ(r.body["player"]["rating"], std::lround(after.rating));
  EXPECT_EQ(r.body["change"], std::lround(after.rating) - 1500);
  EXPECT_LT(r.body["change"].get<int>(), 0);
}

TEST_F(WebPuzzleTrainerTest, ShowSolutionIsAFailure) {
  auto dave = player("dave-key-0000000001");
  Reply r = attempt(*dave, kThreePlyPuzzle, {{"moves", {"b9c9"}}, {"give_up", true}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "failed");
  EXPECT_EQ(r.body["reply"], nullptr);
  EXPECT_EQ(r.body["solution"], Json::parse(R"(["b9c9","c7b7","c9d9"])"));
  EXPECT_EQ(r.body["rated"], true);
  EXPECT_LT(r.body["change"].get<int>(), 0);
}

TEST_F(WebPuzzleTrainerTest, TheDailyPuzzleIsTheDaysForEveryone) {
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  const Reply a = reply(alice->Get("/api/puzzles/daily"));
  ASSERT_EQ(a.status, 200) << a.text;
  EXPECT_EQ(a.body["date"], "2026-11-28");
  EXPECT_EQ(a.body["puzzle"]["id"], "358c42d94648");
  EXPECT_EQ(reply(bob->Get("/api/puzzles/daily")).body["puzzle"], a.body["puzzle"]);
  EXPECT_EQ(reply(bob->Get("/api/puzzles/daily?date=2026-11-28")).body["puzzle"], a.body["puzzle"]);
  // The next day (UTC), another.
  now_ += 12 * 3600 * 1000;
  const Reply next = reply(alice->Get("/api/puzzles/daily"));
  EXPECT_EQ(next.body["date"], "2026-11-29");
  EXPECT_NE(next.body["puzzle"]["id"], a.body["puzzle"]["id"]);
}

TEST_F(WebPuzzleTrainerTest, NextIsTheNearestUnratedOfTheTheme) {
  auto alice = player("alice-key-000000001");
  Reply r = reply(alice->Get("/api/puzzles/next?theme=den-attack&rating=1000"));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["puzzle"]["rating"], 1000);
  EXPECT_NE(
      std::find(r.body["puzzle"]["themes"].begin(), r.body["puzzle"]["themes"].end(), "den-attack"),
      r.body["puzzle"]["themes"].end());
  EXPECT_FALSE(r.body["puzzle"].contains("solution"));
  const std::string first = r.body["puzzle"]["id"];
  // Once solved, it is not offered again; nor is the one named by `after`.
  const Reply solved = attempt(*alice, first, {{"give_up", true}});
  ASSERT_EQ(solved.status, 200) << solved.text;
  r = reply(alice->Get("/api/puzzles/next?theme=den-attack&rating=1000"));
  EXPECT_NE(r.body["puzzle"]["id"], first);
  const std::string second = r.body["puzzle"]["id"];
  r = reply(alice->Get("/api/puzzles/next?theme=den-attack&rating=1000&after=" + second));
  EXPECT_NE(r.body["puzzle"]["id"], second);

  const Reply themes = reply(alice->Get("/api/puzzles/themes"));
  EXPECT_EQ(themes.body, Json::parse(R"({"themes":[{"name":"den-attack","count":23},
      {"name":"trap","count":43},{"name":"river-jump","count":32},
      {"name":"rat-elephant","count":10},{"name":"defence","count":51},
      {"name":"endgame","count":3}],"total":268})"));
}

TEST_F(WebPuzzleTrainerTest, BadInputIsRefusedWithItsReason) {
  auto alice = player("alice-key-000000001");
  Reply r = reply(alice->Get("/api/puzzles/ffffffffffff"));
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(message_of(r), "there is no puzzle 'ffffffffffff'");
  r = attempt(*alice, kDenPuzzle, {{"moves", {"e9e7"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(message_of(r),
            "'moves[0]': illegal move e9e7: a Rat moves one square along a file or rank; e9e7 "
            "is neither");
  r = attempt(*alice, kDenPuzzle, {{"moves", {"e9d9", "d9d8"}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'moves[1]' comes after the puzzle was solved at move 1");
  r = attempt(*alice, kDenPuzzle, Json::object());
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'moves' must name at least one move, or 'give_up' be true");
  r = attempt(*alice, kDenPuzzle, {{"moves", "e9d9"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'moves' must be a list of moves like [\"a3a4\", \"a7a6\"]");
  r = reply(alice->Get("/api/puzzles/daily?date=2026-02-30"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'date' must be a day written YYYY-MM-DD, not '2026-02-30'");
  r = reply(alice->Get("/api/puzzles/next?theme=fork"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r),
            "'theme' must be one of den-attack, trap, river-jump, rat-elephant, defence, "
            "endgame, not 'fork'");
  r = reply(alice->Get("/api/puzzles/next?rating=lots"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "'rating' must be a number from 0 to 4000, not 'lots'");
  // Nothing refused was rated.
  EXPECT_EQ(reply(alice->Get("/api/puzzles/player")).body["player"]["attempts"], 0);
}

TEST_F(WebPuzzleTrainerTest, TheRequestGuardCoversTheRoutes) {
  auto alice = player("alice-key-000000001");
  const std::string body = Json{{"give_up", true}}.dump();
  const std::string path = "/api/puzzles/" + kDenPuzzle + "/attempt";
  Reply r = reply(alice->Post(path, {{"Origin", "http://evil.example"}}, body, "application/json"));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body["error"]["code"], "forbidden_origin");
  r = reply(alice->Post(path, body, "text/plain"));
  EXPECT_EQ(r.status, 415);
  r = reply(alice->Get("/api/puzzles/" + kDenPuzzle, {{"Host", "evil.example"}}));
  EXPECT_NE(r.status, 200);
  // None of them gave up for Alice.
  EXPECT_EQ(reply(alice->Get("/api/puzzles/player")).body["player"]["attempts"], 0);
}

TEST(PuzzleSetTest, AMalformedDatabaseNamesTheLineAndTheField) {
  TestFolder dir("puzzle-set");
  const std::filesystem::path file = dir.path() / "bad.jsonl";
  std::ofstream(file)
      << R"({"id":"7bd498f5fcb3","variant":"standard","fen":"4W2/7/7/7/7/7/7/3e3/7 w 0 1","goal":"win","solution":["e9d9"],"themes":["den-attack","endgame"],"rating":1000,"depth":1,"source":"x"})"
      << "\n"
      << R"({"id":"7bd498f5fcb4","variant":"standard","fen":"4W2/7/7/7/7/7/7/3e3/7 w 0 1","goal":"win","solution":["e9d9"],"themes":["fork"],"rating":1000,"depth":1,"source":"x"})"
      << "\n";
  WebServerOptions options = small_test_server(dir.path(), 4);
  options.puzzles_file = file;
  try {
    WebServer server(options);
    FAIL() << "the server started";
  } catch (const PuzzleSetError& e) {
    EXPECT_EQ(std::string(e.what()),
              file.string() + ": line 2: field 'themes' names an unknown theme 'fork'");
  }
  EXPECT_EQ(PuzzleSet::shipped().all().size(), 268u);
}

}  // namespace
}  // namespace jungle::web
