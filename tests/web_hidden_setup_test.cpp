// Hidden-piece games over the API: the set-up a player chooses, arranged in
// secret, and the games that have none to arrange.
#include "web_hidden_fixture.h"

namespace jungle::web {
namespace {

TEST_F(WebHiddenTest, AChosenSetUpIsArrangedInSecretAndTheGameWaitsForBoth) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"variant", "hidden-stratego"}, {"blue", kHuman}, {"red", kHuman}}, kNobody);
  ASSERT_EQ(g.status, 201);
  const int64_t id = g.body["id"];
  EXPECT_EQ(g.body["setup"]["mode"], "chosen");
  EXPECT_EQ(g.body["setup"]["done"], false);
  // Blue puts its Lion on a1 and Tiger on g1.
  Reply r = post(*alice, path(id, "/setup", "blue"),
                 {{"arrangement", "a1=L g1=T b2=C f2=D a3=E c3=W e3=P g3=R"}}, kBlueEyes);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["fen"].get<std::string>().substr(0, 41),
            "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/L5T");
  EXPECT_EQ(r.body["setup"]["squares"].size(), 8u);
  EXPECT_TRUE(r.body["setup"]["may_arrange"].get<bool>());
  // Red sees squares only.
  Reply red = get(*alice, path(id, "", "red"), kRedEyes);
  EXPECT_EQ(red.body["fen"].get<std::string>().substr(0, 41),
            red.body["fen"].get<std::string>().substr(0, 18) + "7/7/7/X1X1X1X/1X3X1/X5X");
  // No move before both are ready.
  EXPECT_EQ(code_of(post(*alice, path(id, "/moves", "blue"), {{"move", "a3a4"}}, kBlueEyes)),
            "setting_up");
  // A bad arrangement says why.
  r = post(*alice, path(id, "/setup", "blue"), {{"arrangement", "a1=L g1=L"}}, kBlueEyes);
  EXPECT_EQ(code_of(r), "bad_arrangement");
  EXPECT_EQ(r.body["error"]["message"], "the Blue Lion is placed twice");
  ASSERT_EQ(post(*alice, path(id, "/setup", "blue"), {{"ready", true}}, kBlueEyes).status, 200);
  EXPECT_EQ(code_of(post(*alice, path(id, "/setup", "blue"), {{"random", true}}, kBlueEyes)),
            "setup_settled");
  // Red arranges at random and is ready; Blue's arrangement is as it chose.
  r = post(*alice, path(id, "/setup", "red"), {{"random", true}, {"ready", true}}, kRedEyes);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["setup"]["done"].get<bool>());
  ASSERT_EQ(post(*alice, path(id, "/moves", "blue"), {{"move", "a3a4"}}, kBlueEyes).status, 200);

  // A restart resumes the game with its secret set-up.
  const std::string blue_before = get(*alice, path(id, "", "blue"), kBlueEyes).body["fen"];
  const std::string red_before = get(*alice, path(id, "", "red"), kRedEyes).body["fen"];
  restart();
  alice = player("alice-key-000000001");
  EXPECT_EQ(get(*alice, path(id, "", "blue"), kBlueEyes).body["fen"], blue_before);
  EXPECT_EQ(get(*alice, path(id, "", "red"), kRedEyes).body["fen"], red_before);
  r = post(*alice, path(id, "/resign", "red"), Json::object(), kRedEyes);
  ASSERT_EQ(r.status, 200);
  EXPECT_TRUE(r.body["start_fen"].get<std::string>().ends_with("/L5T w 0 1"));
  // The truth's Red half is the one Red's view showed.
  EXPECT_EQ(r.body["start_fen"].get<std::string>().substr(0, 18), red_before.substr(0, 18));
  EXPECT_TRUE(leaks(seen_, {"a3a4"}).empty());
}

// Issue 29: an online game refused a `fen` but took the same set-up as an
// arbiter's record (201), and the joiner played against animals its creator
// had placed and knew; a hidden-stratego challenge from a record was listed
// with both arrangements settled, and the joiner's own was refused.
TEST_F(WebHiddenTest, AnOnlineGameTakesNoSetUpFromARecordEither) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto record_of = [](const std::string& variant) {
    return "[Result \"*\"]\n[Variant \"" + variant + "\"]\n[FEN \"" + kTruthA + "\"]\n\n*\n";
  };
  auto create = [&](const Json& body) {
    return reply(alice->Post("/api/games", body.dump(), "application/json"));
  };
  const std::string refusal =
      "an online hidden-pieces game starts from a secret set-up: a 'record' (an arbiter's record "
      "holds both sides' animals) would show whoever wrote it the opponent's animals";
  // Locally a record is played on: whoever loads it may know it.
  Reply r = create({{"record", record_of("hidden")}});
  EXPECT_EQ(r.status, 201) << r.text;
  // Any game of a file of several (the first alone was read).
  r = create({{"record", record_of("hidden") + "\n" + record_of("hidden")}, {"game", 2}});
  EXPECT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["record"], (Json{{"game", 2}, {"games", 2}}));
  r = create({{"record", record_of("hidden")}, {"game", 2}});
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["error"]["message"], "the record text holds 1 game, so there is no game 2");
  r = create({{"record", record_of("hidden")}, {"online", true}});
  EXPECT_EQ(r.status, 400) << r.text;
  EXPECT_EQ(code_of(r), "secret_setup");
  EXPECT_EQ(r.body["error"]["message"], refusal);
  r = create({{"record", record_of("hidden-stratego")}, {"online", true}, {"lobby", true}});
  EXPECT_EQ(r.status, 400) << r.text;
  EXPECT_EQ(code_of(r), "secret_setup");
  EXPECT_EQ(r.body["error"]["message"], refusal);
  r = create({{"variant", "hidden"}, {"online", true}, {"fen", kTruthA}});
  EXPECT_EQ(r.status, 400) << r.text;
  EXPECT_EQ(code_of(r), "secret_setup");
  // Nothing refused reached the lobby.
  r = reply(bob->Get("/api/lobby"));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["challenges"].size(), 0u) << r.text;

  // Online games whose set-up nobody gave are not refused: the server's draw,
  EXPECT_EQ(create({{"variant", "hidden"}, {"online", true}}).status, 201);
  // or each player's own arrangement, the joiner's included.
  r = create({{"variant", "hidden-stratego"}, {"online", true}, {"lobby", true}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["setup"]["ready"], Json({{"blue", false}, {"red", false}}));
  const int64_t id = r.body["id"];
  r = reply(bob->Get("/api/lobby"));
  ASSERT_EQ(r.body["challenges"].size(), 1u) << r.text;
  EXPECT_EQ(r.body["challenges"][0]["id"], id);
  r = reply(bob->Post(path(id, "/join"), Json::object().dump(), "application/json"));
  ASSERT_EQ(r.status, 200) << r.text;
  r = reply(bob->Post(path(id, "/setup"), Json{{"random", true}, {"ready", true}}.dump(),
                      "application/json"));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["setup"]["ready"], Json({{"blue", false}, {"red", true}}));
}

TEST_F(WebHiddenTest, AnEnginesArrangementIsSettledAndTheShuffledSetHasNoSetUp) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games",
                 {{"variant", "hidden-stratego"}, {"blue", kHuman}, {"red", kEngine}}, kBlueEyes);
  const int64_t id = g.body["id"];
  EXPECT_EQ(g.body["setup"]["ready"], Json({{"blue", false}, {"red", true}}));
  // The person's one seat is meant without ?as.
  ASSERT_EQ(post(*alice, path(id, "/setup"), {{"ready", true}}, kBlueEyes).status, 200);
  EXPECT_EQ(code_of(post(*alice, path(id, "/setup", "red"), {{"random", true}}, kNobody)),
            "engine_seat");
  Reply shuffled = post(*alice, "/api/games", {{"variant", "hidden"}}, kNobody);
  EXPECT_TRUE(shuffled.body["setup"]["done"].get<bool>());
  EXPECT_EQ(code_of(post(*alice, path(shuffled.body["id"], "/setup", "blue"), {{"random", true}},
                         kBlueEyes)),
            "no_setup");
  // A game whose family has no set-up (Capabilities::setup) has none to arrange.
  for (const char* variant : {"standard", "flip"}) {
    Reply open = post(*alice, "/api/games", {{"variant", variant}}, kNobody);
    ASSERT_EQ(open.status, 201) << open.text;
    EXPECT_EQ(
        code_of(post(*alice, path(open.body["id"], "/setup", "blue"), {{"random", true}}, kNobody)),
        "no_setup")
        << variant;
  }
}

}  // namespace
}  // namespace jungle::web
