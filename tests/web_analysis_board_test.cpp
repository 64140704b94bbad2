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
