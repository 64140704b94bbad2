// Hidden-piece games over the API: the engine that plays a seat and the
// help a player asks for think from that seat's view, and what would see
// the truth is refused.
#include "web_hidden_fixture.h"

namespace jungle::web {
namespace {

TEST_F(WebHiddenTest, TheEnginePlaysFromItsOwnViewAndItsSeatShowsNothing) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g = post(*alice, "/api/games", {{"variant", "hidden"}, {"blue", kHuman}, {"red", kEngine}},
                 kBlueEyes);
  ASSERT_EQ(g.status, 201);
  const int64_t id = g.body["id"];
  // The creator holds the engine's seat too, but a seat the engine plays
  // shows nothing: as Red it gets a spectator's view.
  EXPECT_EQ(g.body["viewer"], "blue");
  Reply as_engine = get(*alice, path(id, "", "red"), kNobody);
  EXPECT_TRUE(as_engine.body["viewer"].is_null());
  EXPECT_EQ(as_engine.body["fen"],
            "x5x/1x3x1/x1x1x1x/7/7/7/X1X1X1X/1X3X1/X5X w 0 1 RCDWPTLErcdwptle");
  Reply r;
  EXPECT_EQ(record_tag(get(*alice, path(id, "/record", "red"), kNobody).text, "View"), "spectator");
  // Nor can a person take the engine's side over while the game goes on.
  EXPECT_EQ(
      code_of(reply(alice->Put(path(id, "/players"), Json{{"blue", kHuman}, {"red", kHuman}}.dump(),
                               "application/json"))),
      "hidden_pieces");
  for (int i = 0; i < 6; ++i) {
    Reply state = get(*alice, path(id), kBlueEyes);
    if (state.body["status"] == "over") break;
    if (state.body["side_to_move"] == "blue") {
      r = post(*alice, path(id, "/moves"), {{"move", state.body["legal_moves"][0]}}, kBlueEyes);
    } else {
      r = post(*alice, path(id, "/engine-move"), Json::object(), kBlueEyes);
      ASSERT_EQ(r.status, 200) << r.text;
      EXPECT_TRUE(r.body["engine"]["move"].is_string());
      // Its move, depth and nodes, and nothing of what it weighed: its
      // other moves, its line and their values would tell of its animals.
      std::set<std::string> fields;
      for (const auto& [key, value] : r.body["engine"].items()) fields.insert(key);
      EXPECT_EQ(fields, (std::set<std::string>{"move", "depth", "nodes"})) << r.text;
    }
    ASSERT_EQ(r.status, 200) << r.text;
    last_ply_ = r.body["ply"];
    // Blue's view after the engine's move: Red's animals still hidden.
    EXPECT_EQ(r.body["viewer"], "blue");
  }
  ASSERT_EQ(post(*alice, path(id, "/resign"), Json::object(), kBlueEyes).status, 200);
  const std::string record = get(*alice, path(id, "/record"), kBlueEyes).text;
  const std::vector<std::string> found = leaks(seen_, record_announcements(record));
  EXPECT_TRUE(found.empty()) << found.front();
}

TEST_F(WebHiddenTest, HelpThinksFromTheViewAndWhatWouldSeeTheTruthIsRefused) {
  start();
  auto alice = player("alice-key-000000001");
  const int64_t id = new_hot_seat_game(*alice);
  Reply hint = get(*alice, path(id, "/hint", "blue") + "&movetime_ms=200&multipv=3", kBlueEyes);
  ASSERT_EQ(hint.status, 200) << hint.text;
  const Json tries = get(*alice, path(id, "", "blue"), kBlueEyes).body["legal_moves"];
  EXPECT_NE(std::find(tries.begin(), tries.end(), hint.body["move"]), tries.end());
  // The hidden-pieces engine behind the game interface, given the asker's
  // Observation, reports as every family's engine does: the asker's own
  // expected score, a line from the move, and the tries it valued (the
  // asker's own: they tell the asker nothing it was not shown).
  EXPECT_GE(hint.body["expected"].get<double>(), 0.0) << hint.text;
  EXPECT_LE(hint.body["expected"].get<double>(), 1.0) << hint.text;
  EXPECT_EQ(hint.body["pv"][0], hint.body["move"]) << hint.text;
  ASSERT_EQ(hint.body["lines"].size(), 3u) << hint.text;
  EXPECT_EQ(hint.body["lines"][0]["move"], hint.body["move"]) << hint.text;
  for (const Json& line : hint.body["lines"]) {
    EXPECT_NE(std::find(tries.begin(), tries.end(), line["move"]), tries.end()) << hint.text;
  }
  // Not for the player not to move, nor for a spectator.
  EXPECT_EQ(code_of(get(*alice, path(id, "/hint", "red"), kRedEyes)), "not_your_turn");
  EXPECT_EQ(code_of(get(*player(), path(id, "/hint"), kNobody)), "not_your_turn");
  // The open engine's analysis and reviews would see every animal.
  EXPECT_EQ(code_of(get(*alice, path(id, "/analysis"), kNobody)), "hidden_pieces");
  EXPECT_EQ(code_of(post(*alice, path(id, "/review"), Json::object(), kNobody)), "hidden_pieces");
  // Nothing is taken back.
  ASSERT_EQ(post(*alice, path(id, "/moves", "blue"), {{"move", "a3a4"}}, kBlueEyes).status, 200);
  EXPECT_EQ(code_of(post(*alice, path(id, "/undo"), Json::object(), kNobody)), "no_takeback");
  EXPECT_EQ(get(*alice, path(id), kNobody).body["ply"], 1);
  // A refused try is explained from the mover's own view: a Rat in the
  // water cannot attack a piece on land, whatever it is.
  Reply fen = post(*alice, "/api/games",
                   {{"variant", "hidden"},
                    {"fen", "l6/7/7/7/dR5/7/7/7/6L w 0 1"},
                    {"blue", kHuman},
                    {"red", kHuman}},
                   kNobody);
  Reply refused =
      post(*alice, path(fen.body["id"], "/moves", "blue"), {{"move", "b5a5"}}, kBlueEyes);
  EXPECT_EQ(code_of(refused), "illegal_move");
  EXPECT_EQ(refused.body["error"]["message"],
            "b5a5: Rat in the water cannot attack a piece on land at a5");
  // A text that is no move is a malformed request, worded as the open game's.
  Reply unwritten =
      post(*alice, path(fen.body["id"], "/moves", "blue"), {{"move", "b5"}}, kBlueEyes);
  EXPECT_EQ(unwritten.status, 400) << unwritten.text;
  EXPECT_EQ(code_of(unwritten), "bad_move");
  EXPECT_EQ(unwritten.body["error"]["message"],
            "\"b5\" is not a move: write the from-square then the to-square, like a3a4");
  EXPECT_TRUE(leaks(seen_, {"a3a4"}).empty());
}

}  // namespace
}  // namespace jungle::web
