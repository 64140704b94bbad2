#pragma once

// What the rated-game tests share (web_rated_test.cpp, web_rated_lists_test.cpp,
// web_aborted_test.cpp): accounts signed up on an in-process server whose
// clock the test sets, rated 3+2 games between them, and the ratings that
// Glicko-2 gives after a game.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <utility>

#include "rating/glicko2.h"
#include "web_clocked_server_fixture.h"
#include "web_test_util.h"

namespace jungle::web {

using Json = nlohmann::json;

// 3+2: 180 s and forty increments of 2 s, 4 min 20 s: blitz.
inline const Json kBlitz = {{"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
inline Json rated_game(const std::string& side = "blue") {
  return Json{{"online", true}, {"rated", true}, {"side", side}, {"time_control", kBlitz}};
}

// Signs a new browser up as `name`.
inline std::unique_ptr<Browser> account(int port, const std::string& name) {
  auto b = std::make_unique<Browser>(port, name + "-browser-key-0001");
  const Reply up =
      b->post("/api/account/signup", {{"name", name}, {"password", name + "-secret-1"}});
  EXPECT_EQ(up.status, 201) << up.text;
  return b;
}

// A rated game `blue` created and `red` joined by code: its id.
inline int64_t start_rated(Browser& blue, Browser& red) {
  const Reply g = blue.post("/api/games", rated_game());
  EXPECT_EQ(g.status, 201) << g.text;
  const Reply j = red.post("/api/join", {{"code", g.body["code"]}});
  EXPECT_EQ(j.status, 200) << j.text;
  return g.body["id"];
}

// A casual game (rated_game() with "rated": false) that `blue` creates,
// waiting for an opponent: the answer to its creation.
inline Reply create_casual(Browser& blue) {
  Json casual = rated_game();
  casual["rated"] = false;
  const Reply g = blue.post("/api/games", casual);
  EXPECT_EQ(g.status, 201) << g.text;
  return g;
}

// Game `id`'s first two moves, blue's a3a4 and red's g7g6, and then
// `loser` resigns: the shortest game that is counted.
inline void play_and_resign(Browser& blue, Browser& red, int64_t id, Browser& loser) {
  ASSERT_EQ(blue.post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(red.post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  const Reply resigned = loser.post(path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;
}

// Ann's rated lobby challenge for players within 200 of her rating, after
// she has beaten Bob once (Ann 1662, Bob 1338): the request's body, and the
// answer.
inline std::pair<Json, Reply> ranged_challenge(Browser& ann, Browser& bob) {
  play_and_resign(ann, bob, start_rated(ann, bob), bob);
  Json listed = rated_game();
  listed["lobby"] = true;
  listed["rating_range"] = 200;  // ±200 of Ann's 1662
  Reply g = ann.post("/api/games", listed);
  EXPECT_EQ(g.status, 201) << g.text;
  return {listed, g};
}

// The player's standard blitz rating as its profile shows it.
inline Json blitz_rating(Browser& anyone, const std::string& name) {
  return anyone.get("/api/players/" + name).body["ratings"]["standard blitz"];
}

// After one game between two new players, the winner's and the loser's
// ratings as the library computes them.
inline rating::Rating after_first(double score) {
  const rating::Outcome o{rating::kDefaultRating, rating::kDefaultDeviation, score};
  return rating::update(rating::Rating{}, std::span(&o, 1));
}

// Both ratings after a game that the player rated `winner` before it won
// against the one rated `loser`: each one rating period against the other's
// rating from before the game. {winner's, loser's}.
inline std::pair<rating::Rating, rating::Rating> after_win(const rating::Rating& winner,
                                                           const rating::Rating& loser) {
  const rating::Outcome won{loser.rating, loser.deviation, 1.0};
  const rating::Outcome lost{winner.rating, winner.deviation, 0.0};
  return {rating::update(winner, std::span(&won, 1)), rating::update(loser, std::span(&lost, 1))};
}

// Expects the standard blitz rating the profile shows of `name` to be `r`,
// rounded; answers what the profile shows.
inline Json expect_blitz(Browser& anyone, const std::string& name, const rating::Rating& r) {
  const Json shown = blitz_rating(anyone, name);
  EXPECT_EQ(shown["rating"], std::lround(r.rating)) << name;
  EXPECT_EQ(shown["deviation"], std::lround(r.deviation)) << name;
  return shown;
}

class WebRatedTest : public ClockedServerTest {
 protected:
  WebRatedTest() : ClockedServerTest("web-rated") {}
};

}  // namespace jungle::web
