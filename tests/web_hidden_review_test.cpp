// The review of a game of hidden animals (docs/web-capabilities.md,
// "Review", "Move judgement"): refused while the game goes on; once it is
// over each move is judged from its mover's own view at the time (its
// Observation: its own animals and the announcements, never the truth),
// on the engine pool as every family's review is.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "game/score.h"
#include "test_folder.h"
#include "web/games/game_session_base.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using nlohmann::json;

// Blue's Lion on d8 beside Red's den, Red's Lion on d2 beside Blue's:
// Blue wins at once by d8d9; any other move lets Red win by d2d1.
constexpr const char* kRace = "7/3L3/7/7/7/7/7/3l3/7 w 0 1";

class WebHiddenReviewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
    server_->start();
  }
  void TearDown() override { server_.reset(); }

  Reply post(const std::string& path, const json& body) const {
    httplib::Client c("127.0.0.1", server_->port());
    as_test_player(c, "test-player-key-00001");
    return reply(c.Post(path, body.dump(), "application/json"));
  }
  Reply get(const std::string& path) const {
    httplib::Client c("127.0.0.1", server_->port());
    as_test_player(c, "test-player-key-00001");
    return reply(c.Get(path));
  }
  Reply review_once_done(const std::string& game, Reply r) const {
    for (int i = 0; i < 600 && r.body["status"] == "running"; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      r = get(game + "/review");
    }
    return r;
  }

  TestFolder dir_{"web-hidden-review"};
  std::unique_ptr<WebServer> server_;
};

TEST_F(WebHiddenReviewTest, AFinishedGameIsReviewedFromEachMoversOwnViewAndRefusedBefore) {
  const Reply created = post(
      "/api/games", {{"variant", "hidden"}, {"fen", kRace}, {"blue", kHuman}, {"red", kHuman}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string game = "/api/games/" + std::to_string(created.body["id"].get<int64_t>());
  EXPECT_EQ(created.body["capabilities"]["review"], true);
  ASSERT_EQ(post(game + "/moves?as=blue", {{"move", "d8e8"}}).status, 200);

  // While it goes on: a review would search what each player knows.
  Reply r = post(game + "/review", {{"movetime_ms", 200}});
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "hidden_pieces") << r.text;
  EXPECT_EQ(get(game + "/review").body["error"]["code"], "hidden_pieces");

  ASSERT_EQ(post(game + "/moves?as=red", {{"move", "d2d1"}}).status, 200);
  r = post(game + "/review", {{"movetime_ms", 200}});
  ASSERT_EQ(r.status, 202) << r.text;
  r = review_once_done(game, r);
  ASSERT_EQ(r.body["status"], "done") << r.text;
  EXPECT_EQ(r.body["analysed"], 2);
  EXPECT_EQ(r.body["total"], 3);
  // Blue saw an enemy animal beside its den and the way into Red's: the
  // den was the move, and anything else let Red in.
  const json& blunder = r.body["moves"][0];
  EXPECT_EQ(blunder["ply"], 1);
  EXPECT_EQ(blunder["move"], "d8e8");
  EXPECT_EQ(blunder["side"], "blue");
  EXPECT_EQ(blunder["best"], "d8d9");
  EXPECT_EQ(blunder["better"], "d8d9");
  EXPECT_EQ(blunder["expected_best"], 1.0);
  EXPECT_EQ(blunder["expected_played"], 0.0);
  EXPECT_EQ(blunder["loss"], 1.0);
  EXPECT_EQ(blunder["judgement"], "blunder") << blunder;
  const json& win = r.body["moves"][1];
  EXPECT_EQ(win["move"], "d2d1");
  EXPECT_EQ(win["side"], "red");
  EXPECT_EQ(win["best"], "d2d1");
  EXPECT_EQ(win["loss"], 0.0);
  EXPECT_EQ(win["judgement"], nullptr);
  // The end: Red won.
  EXPECT_EQ(r.body["plies"][2]["final"], true);
  EXPECT_EQ(r.body["plies"][2]["blue_score"], -1);
  // Kept with the game: a second review finds it done without a search.
  r = post(game + "/review", {{"movetime_ms", 200}});
  EXPECT_EQ(r.body["status"], "done") << r.text;
}

// What the review's engine is given: the mover's Observation then, the
// enemy's animals it was not shown written as X (x for Red's), never the
// arbiter's truth.
TEST(HiddenReviewSteps, EachSearchIsOfTheMoversOwnViewThenAndOnlyOnceTheGameIsOver) {
  std::unique_ptr<GameSessionBase> game =
      GameSessionBase::create(0, "hidden", std::string(kRace), {});
  game->play_text("d8e8");
  EXPECT_FALSE(game->next_review_step()) << "nothing is searched while the game goes on";
  game->play_text("d2d1");
  ASSERT_TRUE(game->over());

  std::optional<ReviewStep> step = game->next_review_step();
  ASSERT_TRUE(step);
  EXPECT_EQ(step->position, 0);
  EXPECT_EQ(step->played, "d8e8");
  EXPECT_TRUE(step->every_action);
  EXPECT_EQ(step->observation.family, "hidden");
  EXPECT_EQ(step->observation.viewer, game::Viewer(kBlue));
  EXPECT_EQ(step->observation.to_move, kBlue);
  EXPECT_EQ(step->observation.position.rfind("hidden blue ", 0), 0u) << step->observation.position;
  // Red's Lion is an unknown Red animal to Blue; Blue's own is its Lion.
  EXPECT_NE(step->observation.diagram.find('x'), std::string::npos) << step->observation.diagram;
  EXPECT_EQ(step->observation.diagram.find('l'), std::string::npos) << step->observation.diagram;
  EXPECT_NE(step->observation.diagram.find('L'), std::string::npos) << step->observation.diagram;

  ReviewSearch found;
  found.best = "d8d9";
  found.score = game::Score::of_expected(1.0);
  game->keep_review_finding(*step, found);
  step = game->next_review_step();
  ASSERT_TRUE(step);
  EXPECT_EQ(step->position, 1);
  EXPECT_EQ(step->played, "d2d1");
  EXPECT_EQ(step->observation.viewer, game::Viewer(kRed));
  EXPECT_EQ(step->observation.position.rfind("hidden red ", 0), 0u) << step->observation.position;
  EXPECT_NE(step->observation.diagram.find('X'), std::string::npos) << step->observation.diagram;
  EXPECT_EQ(step->observation.diagram.find('L'), std::string::npos) << step->observation.diagram;
}

}  // namespace
}  // namespace jungle::web
