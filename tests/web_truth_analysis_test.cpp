// The live analysis of a game of hidden animals (docs/web-capabilities.md,
// "Live analysis"): refused while it goes on, since an analysis of the
// board would see the animals its players may not; once it is over the
// truth is public, and the analysis route searches the whole board.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "sse_events.h"
#include "web_server_fixture.h"

namespace jungle::web {
namespace {

using nlohmann::json;

// Blue's Lion on d7, Red's on a9: two plies on (d7d8, a9a8) the Lion steps
// into Red's den at d9 and wins.
constexpr const char* kTruth = "l6/7/3L3/7/7/7/7/7/7 w 0 1";
constexpr const char* kSpectatorKey = "test-player-key-00002";

class WebTruthAnalysisTest : public WebServerTest {
 protected:
  WebTruthAnalysisTest() : WebServerTest("web-truth-analysis") {}
  // The stream's events to its end; its status in `status`.
  std::vector<Sse> stream(const std::string& path, int* status,
                          const std::string& key = kFirstTestPlayer) const {
    return parse_events(stream_text(path, status, key));
  }
};

TEST_F(WebTruthAnalysisTest, AHiddenGameIsAnalysedOnlyOnceItIsOverAndThenOnTheWholeBoard) {
  const Reply created = post(
      "/api/games", {{"variant", "hidden"}, {"fen", kTruth}, {"blue", kHuman}, {"red", kHuman}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string game = "/api/games/" + std::to_string(created.body["id"].get<int64_t>());
  ASSERT_EQ(post(game + "/moves?as=blue", {{"move", "d7d8"}}).status, 200);
  ASSERT_EQ(post(game + "/moves?as=red", {{"move", "a9a8"}}).status, 200);

  // While it goes on: the analysis would see the hidden animals.
  const Reply during = get(game + "/analysis?depth=3");
  EXPECT_EQ(during.status, 422) << during.text;
  EXPECT_EQ(during.body["error"]["code"], "hidden_pieces") << during.text;

  // Red resigns; the truth is public now, to everyone.
  ASSERT_EQ(post(game + "/resign?as=red", json::object()).status, 200);
  for (const char* key : {"test-player-key-00001", kSpectatorKey}) {
    int status = 0;
    const std::vector<Sse> events = stream(game + "/analysis?depth=3", &status, key);
    EXPECT_EQ(status, 200);
    ASSERT_GE(events.size(), 3u);
    EXPECT_EQ(events.front().type, "start");
    // The whole board where the game ended, every animal shown.
    EXPECT_EQ(events.front().data["position"], "fen 7/l2L3/7/7/7/7/7/7/7 w 2 2");
    EXPECT_EQ(events.front().data["ply"], 2);
    EXPECT_EQ(events[1].type, "info");
    EXPECT_EQ(events[1].data["mate"], 1);
    EXPECT_EQ(events[1].data["pv"], json::array({"d8d9"}));
    EXPECT_EQ(events.back().type, "done");
    EXPECT_EQ(events.back().data["best"], "d8d9");
  }
  // And any position of it: the start, as it was set up.
  int status = 0;
  const std::vector<Sse> start = stream(game + "/analysis?depth=1&ply=0", &status);
  EXPECT_EQ(status, 200);
  ASSERT_FALSE(start.empty());
  EXPECT_EQ(start.front().data["position"], std::string("fen ") + kTruth);
  // A review too, once it is over; it judges each move from its mover's
  // own view (web_hidden_review_test.cpp).
  EXPECT_EQ(post(game + "/review", {{"movetime_ms", 50}}).status, 202);
}

}  // namespace
}  // namespace jungle::web
