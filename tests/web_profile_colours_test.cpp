// A profile's game list and tally count each player by the colour it
// played (docs/accounts.md, "The profile"): the result names a colour, and
// in Flip Jungle the first flip gives the colours, so the first seat may
// play Red. On SQLite and on PostgreSQL (a server the test starts).
#include <gtest/gtest.h>
#include <httplib.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "pg_test_server.h"
#include "test_folder.h"
#include "web/web_server.h"
#include "web_clocked_server_fixture.h"
#include "web_rated_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

// A Flip Jungle record whose first flip, by the first seat, turned over the
// Red Lion: a game from it gives the first seat Red. (A flip played over
// the API reveals what chance draws, which no test can choose.)
constexpr const char* kFirstFlipGaveRed = "[Variant \"flip\"]\n\n1. c3?=l *\n";

// Ann takes the first seat of an online flip game whose first flip gave it
// Red; Bob, Blue, moves and resigns: Red, Ann, wins.
void first_seat_wins_as_red(int port) {
  auto ann = account(port, "Ann");
  auto bob = account(port, "bob");
  const Reply g = ann->post(
      "/api/games",
      {{"record", kFirstFlipGaveRed}, {"online", true}, {"side", "blue"}, {"blue", kHuman}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
  const Reply view = bob->get(path(id));
  ASSERT_EQ(view.body["first_player_colour"], "red") << view.text;
  ASSERT_FALSE(view.body["legal_moves"].empty()) << view.text;
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", view.body["legal_moves"][0]}}).status, 200);
  const Reply resigned = bob->post(path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  ASSERT_EQ(resigned.body["result"], "0-1");
}

// Ann's profile counts her a winner with Red, Bob's a loser with Blue, and
// the list's filter by outcome agrees. Before the games' rows knew the
// first seat's colour, Ann's said "blue", "loss" and counted a loss.
void expect_each_counted_by_the_colour_played(int port) {
  Browser anyone(port, "");
  const Reply ann = anyone.get("/api/players/Ann");
  ASSERT_EQ(ann.status, 200) << ann.text;
  EXPECT_EQ(ann.body["played"], 1);
  EXPECT_EQ(ann.body["wins"], 1);
  EXPECT_EQ(ann.body["losses"], 0);
  EXPECT_EQ(ann.body["draws"], 0);
  ASSERT_EQ(ann.body["games"].size(), 1u) << ann.text;
  const Json& game = ann.body["games"][0];
  EXPECT_EQ(game["result"], "0-1");
  EXPECT_EQ(game["side"], "red");
  EXPECT_EQ(game["outcome"], "win");
  EXPECT_EQ(game["blue"], "bob");
  EXPECT_EQ(game["red"], "Ann");
  EXPECT_EQ(anyone.get("/api/players/Ann?result=win").body["games"].size(), 1u);
  EXPECT_EQ(anyone.get("/api/players/Ann?result=loss").body["games"].size(), 0u);

  const Reply bob = anyone.get("/api/players/bob");
  EXPECT_EQ(bob.body["wins"], 0);
  EXPECT_EQ(bob.body["losses"], 1);
  ASSERT_EQ(bob.body["games"].size(), 1u) << bob.text;
  EXPECT_EQ(bob.body["games"][0]["side"], "blue");
  EXPECT_EQ(bob.body["games"][0]["outcome"], "loss");
  EXPECT_EQ(anyone.get("/api/players/bob?result=loss").body["games"].size(), 1u);

  // The games list's players are seats; the line says which colour the
  // first seat played, as the game's own state does.
  const Reply listed = anyone.get("/api/games");
  ASSERT_EQ(listed.status, 200) << listed.text;
  ASSERT_EQ(listed.body["games"].size(), 1u) << listed.text;
  EXPECT_EQ(listed.body["games"][0]["first_player_colour"], "red");
  EXPECT_EQ(listed.body["games"][0]["players"]["blue"]["account"], "Ann");
  EXPECT_EQ(listed.body["games"][0]["result"], "0-1");
}

class WebProfileColoursTest : public ClockedServerTest {
 protected:
  WebProfileColoursTest() : ClockedServerTest("web-profile-colours") {}
};

TEST_F(WebProfileColoursTest, AFirstSeatThatWonWithRedIsCountedAWinner) {
  start();
  first_seat_wins_as_red(port_);
  expect_each_counted_by_the_colour_played(port_);
}

#ifdef JUNGLE_HAS_POSTGRES
TEST(WebProfileColoursPgTest, AFirstSeatThatWonWithRedIsCountedAWinner) {
  JUNGLE_NEED_POSTGRES(pg);
  TestFolder dir("web-profile-colours-pg");
  WebServerOptions options = small_test_server(dir, 16);
  options.db = pg->new_database("colours");
  options.password_cost = PasswordCost::minimum();
  WebServer server(options);
  const int port = server.start();
  first_seat_wins_as_red(port);
  expect_each_counted_by_the_colour_played(port);
}
#endif

}  // namespace
}  // namespace jungle::web
