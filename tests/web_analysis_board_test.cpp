// What the page's analysis board asks of the server: side lines played
// from any position (validate with moves), several engine lines (multipv),
// and a game continued from a position with the moves that led there.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "test_folder.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

class WebAnalysisBoardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_->start());
    as_test_player(*client_);
    client_->set_read_timeout(30);
  }
  void TearDown() override {
    client_.reset();
    server_.reset();
  }
  Reply post(const std::string& path, const Json& body) {
    return reply(client_->Post(path, body.dump(), "application/json"));
  }
  // The data of every event `name` of an analysis stream.
  std::vector<Json> events(const std::string& path, const std::string& name) {
    std::string body;
    auto r = client_->Get(path, [&](const char* data, size_t n) {
      body.append(data, n);
      return true;
    });
    EXPECT_TRUE(r && r->status == 200) << body;
    std::vector<Json> out;
    std::istringstream in(body);
    std::string line;
    bool wanted = false;
    while (std::getline(in, line)) {
      if (line.rfind("event: ", 0) == 0) wanted = line.substr(7) == name;
      if (wanted && line.rfind("data: ", 0) == 0) out.push_back(Json::parse(line.substr(6)));
    }
    return out;
  }

  TestFolder dir_{"web-board"};
  std::unique_ptr<WebServer> server_;
  std::unique_ptr<httplib::Client> client_;
};

const std::string kStart = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

TEST_F(WebAnalysisBoardTest, ValidatePlaysASideLine) {
  Reply r = post("/api/positions/validate", {{"fen", kStart}, {"moves", {"a3a4", "g7g6"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["played"].size(), 2u);
  EXPECT_EQ(r.body["played"][0]["move"], "a3a4");
  EXPECT_EQ(r.body["played"][0]["piece"], "E");
  EXPECT_EQ(r.body["played"][0]["captured"], nullptr);
  EXPECT_EQ(r.body["played"][1]["piece"], "e");
  EXPECT_EQ(r.body["fen"], r.body["played"][1]["fen"]);
  EXPECT_EQ(r.body["side_to_move"], "blue");
  EXPECT_EQ(r.body["status"], "ongoing");
  EXPECT_FALSE(r.body["legal_moves"].empty());

  r = post("/api/positions/validate", {{"fen", kStart}, {"moves", {"a3a4", "a4a5"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "illegal_move");
  r = post("/api/positions/validate", {{"fen", kStart}, {"moves", "a3a4"}});
  EXPECT_EQ(r.status, 400);
  // Past the end of the game: the Rat in the den ends it.
  r = post("/api/positions/validate", {{"fen", "7/7/7/7/7/7/7/3r3/E6 b 0 1"}, {"moves", {"d2d1"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["legal_moves"].size(), 0u);
  r = post("/api/positions/validate",
           {{"fen", "7/7/7/7/7/7/7/3r3/E6 b 0 1"}, {"moves", {"d2d1", "a1a2"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "position_over");
}

// A Flip Jungle side line: the route reads the flip FEN through the game
// interface, as it reads the open game's, and a flip names the animal its
// explorer chose it to reveal from the pool there ("what if it were the
// Rat?"), never one drawn.
TEST_F(WebAnalysisBoardTest, AFlipSideLineRevealsTheAnimalItsExplorerChose) {
  const std::string fen = "??2/4/2c1/L3 w Dr 0 1";
  Reply r = post("/api/positions/validate", {{"variant", "flip"}, {"fen", fen}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["fen"], fen);
  EXPECT_EQ(r.body["side_to_move"], "blue");
  EXPECT_EQ(r.body["legal_moves"], Json({"a4?", "b4?", "a1b1", "a1a2"}));
  EXPECT_EQ(r.body["played"], Json::array());

  r = post("/api/positions/validate",
           {{"variant", "flip"}, {"fen", fen}, {"moves", {"b4?=r", "c2c3"}}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["played"].size(), 2u) << r.text;
  EXPECT_EQ(r.body["played"][0]["move"], "b4?=r");
  EXPECT_EQ(r.body["played"][0]["action"], "b4?");
  EXPECT_EQ(r.body["played"][0]["revealed"], "r");
  // The first seat flipped it; a flip's colour is the one it revealed, as a
  // game's move list has it.
  EXPECT_EQ(r.body["played"][0]["seat"], "blue");
  EXPECT_EQ(r.body["played"][0]["side"], "red");
  EXPECT_EQ(r.body["played"][0]["fen"], "?r2/4/2c1/L3 b D 0 1");
  EXPECT_EQ(r.body["played"][1]["move"], "c2c3");
  EXPECT_EQ(r.body["played"][1]["piece"], "c");
  EXPECT_EQ(r.body["played"][1]["side"], "red");
  EXPECT_EQ(r.body["fen"], "?r2/2c1/4/L3 w D 1 2");
  EXPECT_EQ(r.body["fen"], r.body["played"][1]["fen"]);
  EXPECT_EQ(r.body["side_to_move"], "blue");
  EXPECT_EQ(r.body["legal_moves"], Json({"a4?", "a1b1", "a1a2"}));

  // A flip must name what it reveals, and only an animal still face down.
  r = post("/api/positions/validate", {{"variant", "flip"}, {"fen", fen}, {"moves", {"b4?"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "illegal_move");
  EXPECT_EQ(r.body["error"]["message"],
            "'b4?' leaves chance to act: a side line names its outcome, one of b4?=D, b4?=r");
  r = post("/api/positions/validate", {{"variant", "flip"}, {"fen", fen}, {"moves", {"b4?=L"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "illegal_move");
  EXPECT_EQ(r.body["error"]["message"],
            "'b4?=L' is none of what 'b4?' may give here: b4?=D, b4?=r");
  // Before a first-flip set's first flip, nobody has a colour to move.
  r = post("/api/positions/validate",
           {{"variant", "flip"}, {"fen", R"(????/????/????/???? - RCDWPTLErcdwptle 0 1)"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["side_to_move"], nullptr);
  EXPECT_EQ(r.body["legal_moves"].size(), 16u);
  // A pool that does not match the face-down tiles is no position.
  r = post("/api/positions/validate", {{"variant", "flip"}, {"fen", "??2/4/2c1/L3 w D 0 1"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "bad_fen");
  // Where each player sees only its own animals, no position stands outside a game.
  r = post("/api/positions/validate", {{"variant", "hidden"}, {"fen", kStart}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "hidden_pieces");

  // The side line's position is analysed as the flip engine sees it.
  const std::string query = "/api/analysis?variant=flip&fen=" +
                            httplib::detail::encode_query_param("?r2/4/2c1/L3 b D 0 1") +
                            "&depth=2";
  const std::vector<Json> starts = events(query, "start");
  ASSERT_EQ(starts.size(), 1u);
  EXPECT_EQ(starts[0]["position"], "fen ?r2/4/2c1/L3 b D 0 1");
  EXPECT_FALSE(events(query, "info").empty());
}

TEST_F(WebAnalysisBoardTest, AnalysisReportsSeveralLines) {
  const std::vector<Json> infos =
      events("/api/analysis?variant=standard&fen=" + httplib::detail::encode_query_param(kStart) +
                 "&depth=4&multipv=3",
             "info");
  std::set<int> lines;
  std::set<std::string> firsts;
  for (const Json& i : infos) {
    lines.insert(i["multipv"].get<int>());
    if (i["depth"] == 4) firsts.insert(i["pv"][0].get<std::string>());
  }
  EXPECT_EQ(lines, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(firsts.size(), 3u);  // three different moves at the last depth
  // One line unless asked; the cap is 5.
  for (const Json& i : events("/api/analysis?variant=standard&fen=" +
                                  httplib::detail::encode_query_param(kStart) + "&depth=3",
                              "info")) {
    EXPECT_EQ(i["multipv"], 1);
  }
  EXPECT_EQ(reply(client_->Get("/api/analysis?variant=standard&fen=" +
                               httplib::detail::encode_query_param(kStart) + "&multipv=6"))
                .status,
            400);
}

TEST_F(WebAnalysisBoardTest, AGameStartsFromAPositionAndTheMovesAfterIt) {
  Reply r = post(
      "/api/games",
      {{"fen", kStart}, {"moves", {"a3a4", "g7g6"}}, {"red", {{"type", "engine"}, {"skill", 0}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_EQ(r.body["start_fen"], kStart);
  EXPECT_EQ(r.body["moves"][1]["move"], "g7g6");
  EXPECT_EQ(r.body["side_to_move"], "blue");
  r = post("/api/games", {{"fen", kStart}, {"moves", {"a3a5"}}});
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["error"]["code"], "illegal_move");
}

}  // namespace
}  // namespace jungle::web
