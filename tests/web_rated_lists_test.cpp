// Ratings where players see them (docs/ratings.md): the lobby's ratings and
// rating ranges, the game list's accounts and ratings, a player's rating
// history, the profile list filtered by rated, category and result, and a
// rated game stored before the category column.
#include <gtest/gtest.h>
#include <httplib.h>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include "game/families.h"
#include "pg_test_server.h"
#include "rating/glicko2.h"
#include "test_folder.h"
#include "web/games/rating_category.h"
#include "web/store/open_game_store.h"
#include "web/store/sqlite_account_store.h"
#include "web/web_server.h"
#include "web_rated_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

TEST_F(WebRatedTest, TheLobbyShowsEachPlayersRatingInTheGamesCategory) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  play_and_resign(*ann, *bob, start_rated(*ann, *bob), *bob);
  Browser anyone(port_, "");
  // Ann's challenge: her rating, and none yet for the seat that waits.
  Json listed = rated_game();
  listed["lobby"] = true;
  const Reply challenge = ann->post("/api/games", listed);
  ASSERT_EQ(challenge.status, 201) << challenge.text;
  Json lobby = anyone.get("/api/lobby").body;
  ASSERT_EQ(lobby["challenges"].size(), 1u) << lobby;
  EXPECT_EQ(lobby["challenges"][0]["category"], "standard blitz");
  EXPECT_EQ(lobby["challenges"][0]["players"]["blue"]["rating"], "1662?");
  EXPECT_EQ(lobby["challenges"][0]["players"]["red"]["rating"], nullptr);
  // Taken by Bob: both ratings in the games being played.
  ASSERT_EQ(bob->post("/api/join", {{"code", challenge.body["code"]}}).status, 200);
  lobby = anyone.get("/api/lobby").body;
  ASSERT_EQ(lobby["playing"].size(), 1u) << lobby;
  EXPECT_EQ(lobby["playing"][0]["players"]["blue"]["rating"], "1662?");
  EXPECT_EQ(lobby["playing"][0]["players"]["red"]["rating"], "1338?");
  // A casual game's players have no rating there.
  Json casual = listed;
  casual["rated"] = false;
  const Reply c = ann->post("/api/games", casual);
  ASSERT_EQ(c.status, 201) << c.text;
  lobby = anyone.get("/api/lobby").body;
  ASSERT_EQ(lobby["challenges"].size(), 1u) << lobby;
  EXPECT_FALSE(lobby["challenges"][0]["players"]["blue"].contains("rating"));
}

// The profile's history: the rating after each counted game, newest
// first, as the graph draws it; the figures are ARematchOfARatedGame's.

TEST_F(WebRatedTest, APlayersHistoryHasTheRatingAfterEachRatedGame) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  Browser anyone(port_, "");
  EXPECT_EQ(anyone.get("/api/players/Ann/history").body, (Json{{"name", "Ann"},
                                                               {"history", Json::array()},
                                                               {"limit", 200},
                                                               {"offset", 0},
                                                               {"more", false}}));
  const int64_t first = start_rated(*ann, *bob);
  play_and_resign(*ann, *bob, first, *bob);
  now_ += 60'000;
  const int64_t second = start_rated(*bob, *ann);
  play_and_resign(*bob, *ann, second, *ann);
  // A casual game is in no history.
  const Reply c = create_casual(*ann);
  ASSERT_EQ(bob->post("/api/join", {{"code", c.body["code"]}}).status, 200);
  play_and_resign(*ann, *bob, c.body["id"], *bob);

  const Json won = {{"game", first},
                    {"category", "standard blitz"},
                    {"at_ms", 1'700'000'000'000},
                    {"rating", 1662},
                    {"deviation", 290},
                    {"side", "blue"},
                    {"outcome", "win"},
                    {"opponent", "bob"}};
  const Json lost = {{"game", second},
                     {"category", "standard blitz"},
                     {"at_ms", 1'700'000'060'000},
                     {"rating", 1433},
                     {"deviation", 260},
                     {"side", "red"},
                     {"outcome", "loss"},
                     {"opponent", "bob"}};
  const Reply h = anyone.get("/api/players/ann/history");
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body, (Json{{"name", "Ann"},
                          {"history", {lost, won}},
                          {"limit", 200},
                          {"offset", 0},
                          {"more", false}}));
  EXPECT_EQ(
      anyone.get("/api/players/Ann/history?limit=1").body,
      (Json{{"name", "Ann"}, {"history", {lost}}, {"limit", 1}, {"offset", 0}, {"more", true}}));
  EXPECT_EQ(anyone.get("/api/players/Ann/history?limit=1&offset=1").body["history"],
            Json::array({won}));
  EXPECT_EQ(anyone.get("/api/players/bob/history").body["history"][0]["rating"], 1567);
  Reply r = anyone.get("/api/players/nobody/history");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(code_of(r), "no_such_player");
  r = anyone.get("/api/players/Ann/history?limit=1001");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(message_of(r), "query parameter 'limit' must be between 1 and 1000");
}

// The game list: each seat's account, and in a rated game its rating in
// the game's category, as the lobby shows them.

TEST_F(WebRatedTest, TheGameListShowsEachSeatsAccountAndRating) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t rated = start_rated(*ann, *bob);
  play_and_resign(*ann, *bob, rated, *bob);
  const Reply c = create_casual(*ann);
  Browser nobody(port_, "nobody-browser-key-01");
  const Reply local = nobody.post("/api/games", {{"blue", kHuman}, {"red", kHuman}});
  ASSERT_EQ(local.status, 201) << local.text;

  const Reply list = nobody.get("/api/games");
  ASSERT_EQ(list.status, 200) << list.text;
  const Json& games = list.body["games"];
  ASSERT_EQ(games.size(), 3u) << list.body;
  // Newest first: the anonymous local game, Ann's casual challenge, the rated game.
  EXPECT_EQ(games[0]["id"], local.body["id"]);
  EXPECT_EQ(games[0]["rated"], false);
  EXPECT_EQ(games[0]["players"]["blue"]["account"], nullptr);
  EXPECT_FALSE(games[0]["players"]["blue"].contains("rating"));
  EXPECT_EQ(games[1]["id"], c.body["id"]);
  EXPECT_EQ(games[1]["players"]["blue"]["account"], "Ann");
  EXPECT_EQ(games[1]["players"]["red"]["account"], nullptr);
  EXPECT_FALSE(games[1]["players"]["blue"].contains("rating"));
  EXPECT_EQ(games[2]["id"], rated);
  EXPECT_EQ(games[2]["rated"], true);
  EXPECT_EQ(games[2]["category"], "standard blitz");
  EXPECT_EQ(games[2]["players"]["blue"]["account"], "Ann");
  EXPECT_EQ(games[2]["players"]["blue"]["rating"], "1662?");
  EXPECT_EQ(games[2]["players"]["red"]["account"], "bob");
  EXPECT_EQ(games[2]["players"]["red"]["rating"], "1338?");
  // No seat's secrets in a line.
  EXPECT_EQ(list.text.find("token"), std::string::npos) << list.text;
}

// A rated challenge's rating range: the lobby shows it and a join from
// outside it is refused with both figures.

TEST_F(WebRatedTest, ARatingRangeKeepsOthersFromTakingAChallenge) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  auto cat = account(port_, "cat");
  auto [listed, g] = ranged_challenge(*ann, *bob);
  ASSERT_EQ(g.status, 201) << g.text;
  const Json range = {{"min", 1462}, {"max", 1862}};
  EXPECT_EQ(g.body["rating_range"], range);
  Browser anyone(port_, "");
  const Json lobby = anyone.get("/api/lobby").body;
  ASSERT_EQ(lobby["challenges"].size(), 1u) << lobby;
  EXPECT_EQ(lobby["challenges"][0]["rating_range"], range);
  Reply r = bob->post(path(g.body["id"], "/join"), Json::object());
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(code_of(r), "rating_out_of_range");
  EXPECT_EQ(message_of(r),
            "this challenge is for players rated 1462 to 1862; your standard blitz rating is 1338");
  r = bob->post("/api/join", {{"code", g.body["code"]}});
  EXPECT_EQ(code_of(r), "rating_out_of_range") << "by its code as well";
  // Cat, new at 1500, is within it.
  r = cat->post(path(g.body["id"], "/join"), Json::object());
  EXPECT_EQ(r.status, 200) << r.text;

  // Bounds, either alone.
  listed["rating_range"] = {{"max", 1400}};
  const Reply low = ann->post("/api/games", listed);
  ASSERT_EQ(low.status, 201) << low.text;
  EXPECT_EQ(low.body["rating_range"], (Json{{"min", 0}, {"max", 1400}}));
  EXPECT_EQ(bob->post("/api/join", {{"code", low.body["code"]}}).status, 200);

  // Refused as it is given.
  const auto refusal = [&](Json body) {
    const Reply bad = ann->post("/api/games", body);
    EXPECT_EQ(bad.status, 400) << bad.text;
    return message_of(bad);
  };
  listed["rating_range"] = Json{{"min", 1800}, {"max", 1600}};
  EXPECT_EQ(refusal(listed), "'rating_range' has its 'min' 1800 above its 'max' 1600");
  listed["rating_range"] = 0;
  EXPECT_EQ(refusal(listed), "'rating_range' as a spread must be from 1 to 1000, not 0");
  listed["rating_range"] = Json{{"min", -5}};
  EXPECT_EQ(refusal(listed), "'rating_range' 'min' must be an integer from 0 to 4000, not -5");
  listed["rating_range"] = "wide";
  EXPECT_EQ(refusal(listed),
            "'rating_range' must be a spread around your rating (200 for ±200) or bounds like "
            "{\"min\": 1400, \"max\": 1700}, not \"wide\"");
  Json casual = listed;
  casual["rated"] = false;
  casual["rating_range"] = 100;
  EXPECT_EQ(refusal(casual),
            "'rating_range' is for rated games: a casual game has no ratings to compare");
}

// The lobby says, for the viewer of each rated challenge, whether it may
// take it and why not (the refusal a join would get), before any click.

TEST_F(WebRatedTest, TheLobbyTellsEachViewerWhetherItMayTakeAChallenge) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  auto cat = account(port_, "cat");
  ASSERT_EQ(ranged_challenge(*ann, *bob).second.status, 201);
  Json casual = rated_game();
  casual["rated"] = false;
  casual["lobby"] = true;
  ASSERT_EQ(bob->post("/api/games", casual).status, 201);
  Browser nobody(port_, "nobody-browser-key-01");
  // The rated challenge and the casual one, as `viewer` sees them (the
  // newest first: the casual one).
  const auto seen = [](Browser& viewer) {
    const Json lobby = viewer.get("/api/lobby").body;
    EXPECT_EQ(lobby["challenges"].size(), 2u) << lobby;
    EXPECT_EQ(lobby["challenges"][0]["rated"], false);
    EXPECT_EQ(lobby["challenges"][0]["joinable"], true);
    EXPECT_FALSE(lobby["challenges"][0].contains("why"));
    return lobby["challenges"][1];
  };
  Json line = seen(*bob);
  EXPECT_EQ(line["joinable"], false);
  EXPECT_EQ(line["why"],
            (Json{{"code", "rating_out_of_range"},
                  {"message",
                   "this challenge is for players rated 1462 to 1862; your standard blitz rating "
                   "is 1338"}}));
  line = seen(nobody);
  EXPECT_EQ(line["joinable"], false);
  EXPECT_EQ(line["why"], (Json{{"code", "rated_needs_account"},
                               {"message",
                                "a rated game is played between two accounts: log in to join "
                                "one"}}));
  line = seen(*ann);
  EXPECT_EQ(line["joinable"], false);
  EXPECT_EQ(line["why"]["code"], "rated_same_account");
  line = seen(*cat);
  EXPECT_EQ(line["joinable"], true);
  EXPECT_FALSE(line.contains("why"));
  // The lobby's stream says the same to each viewer.
  std::string text;
  httplib::Client c("127.0.0.1", port_);
  c.set_default_headers({{"Cookie", bob->cookie_name() + "=" + bob->token()}});
  c.Get("/api/lobby/events", [&](const char* data, size_t n) {
    text.append(data, n);
    return text.find("\n\n") == std::string::npos;
  });
  EXPECT_NE(text.find("\"code\":\"rating_out_of_range\""), std::string::npos) << text;
}

// The store keeps a rated game's category in a column (schema 4), which the
// profile's filters read in the query. A rated game stored before the
// column (category "") gets its category when a server starts on the store.

TEST_F(WebRatedTest, ARatedGameStoredBeforeTheCategoryColumnGetsItAtStart) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t rated = start_rated(*ann, *bob);
  play_and_resign(*ann, *bob, rated, *bob);
  const Reply g = create_casual(*ann);
  const int64_t unrated = g.body["id"];
  server_.reset();
  {
    std::unique_ptr<GameStore> store = open_game_store(test_database(dir_.path()));
    EXPECT_EQ(store->load(rated)->category, "standard blitz");
    EXPECT_EQ(store->load(unrated)->category, "");
    EXPECT_TRUE(store->uncategorized_rated(0, 10).empty());
    // The row as it was before the column: "" (the column's default).
    store->set_category(rated, "");
    const std::vector<StoredGame> before = store->uncategorized_rated(0, 10);
    ASSERT_EQ(before.size(), 1u);
    EXPECT_EQ(before[0].id, rated);
  }
  start();
  Browser anyone(port_, "");
  const Json games = anyone.get("/api/players/Ann?category=standard%20blitz").body["games"];
  ASSERT_EQ(games.size(), 1u) << games;
  EXPECT_EQ(games[0]["id"], rated);
  EXPECT_EQ(games[0]["category"], "standard blitz");
  EXPECT_EQ(anyone.get("/api/players/Ann?rated=false").body["games"][0]["id"], unrated);
  server_.reset();
  std::unique_ptr<GameStore> store = open_game_store(test_database(dir_.path()));
  EXPECT_EQ(store->load(rated)->category, "standard blitz");
  EXPECT_TRUE(store->uncategorized_rated(0, 10).empty());
}

// The profile's game list filtered on the server: rated or casual, a
// rating category, the outcome for the player; each filter's bad value
// refused with a 400 that names it.

TEST_F(WebRatedTest, TheProfileListFiltersByRatedCategoryAndResult) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t won = start_rated(*ann, *bob);
  play_and_resign(*ann, *bob, won, *bob);
  Json rapid = rated_game();
  rapid["time_control"] = {{"kind", "sudden_death"}, {"initial_ms", 600000}};
  Reply g = ann->post("/api/games", rapid);
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t lost = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
  play_and_resign(*ann, *bob, lost, *ann);
  g = create_casual(*ann);
  const int64_t drawn = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
  ASSERT_EQ(ann->post(path(drawn, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(ann->post(path(drawn, "/offers"), {{"kind", "draw"}}).status, 200);
  ASSERT_EQ(bob->post(path(drawn, "/offers/accept"), {{"kind", "draw"}}).status, 200);
  const int64_t aborted = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(aborted, "/abort"), Json::object()).status, 200);

  Browser anyone(port_, "");
  const auto ids = [&](const std::string& query) {
    const Reply r = anyone.get("/api/players/Ann" + query);
    EXPECT_EQ(r.status, 200) << r.text;
    std::vector<int64_t> out;
    for (const Json& line : r.body["games"]) out.push_back(line["id"]);
    return out;
  };
  using Ids = std::vector<int64_t>;
  EXPECT_EQ(ids(""), (Ids{aborted, drawn, lost, won}));
  EXPECT_EQ(ids("?rated=true"), (Ids{aborted, lost, won}));
  EXPECT_EQ(ids("?rated=false"), (Ids{drawn}));
  EXPECT_EQ(ids("?category=standard%20blitz"), (Ids{aborted, won}));
  EXPECT_EQ(ids("?category=standard%20rapid&result=loss"), (Ids{lost}));
  EXPECT_EQ(ids("?category=flip"), Ids{});
  EXPECT_EQ(ids("?category=hidden"), Ids{});
  // A family rated as one has no per-class categories, and the open family's
  // name is no category: both are refused as unknown.
  for (const char* unknown : {"flip-jungle%20blitz", "open", "standard", "hidden%20rapid"}) {
    EXPECT_EQ(anyone.get(std::string("/api/players/Ann?category=") + unknown).status, 400)
        << unknown;
  }
  EXPECT_EQ(ids("?result=win"), (Ids{won}));
  EXPECT_EQ(ids("?result=draw"), (Ids{drawn}));
  EXPECT_EQ(ids("?result=aborted"), (Ids{aborted}));
  EXPECT_EQ(ids("?rated=true&limit=1&offset=1"), (Ids{lost}));
  EXPECT_EQ(ids("?rated=true&limit=2&offset=2"), (Ids{won}));
  // Each line says whether it was rated, and in which category.
  const Json lines = anyone.get("/api/players/Ann").body["games"];
  EXPECT_EQ(lines[1]["rated"], false);
  EXPECT_FALSE(lines[1].contains("category"));
  EXPECT_EQ(lines[2]["rated"], true);
  EXPECT_EQ(lines[2]["category"], "standard rapid");
  EXPECT_EQ(lines[2]["outcome"], "loss");

  const auto refusal = [&](const std::string& query) {
    const Reply r = anyone.get("/api/players/Ann" + query);
    EXPECT_EQ(r.status, 400) << r.text;
    EXPECT_EQ(code_of(r), "bad_param");
    return message_of(r);
  };
  EXPECT_EQ(refusal("?rated=yes"), "query parameter 'rated' must be true or false, not \"yes\"");
  const std::string categories =
      "a rating category: a rule set and blitz, rapid, classical or correspondence "
      "(\"standard blitz\"), \"flip\" or \"hidden\"";
  EXPECT_EQ(refusal("?category=standard%20bullet"),
            "query parameter 'category' must be " + categories + ", not \"standard bullet\"");
  EXPECT_EQ(refusal("?category=chess%20blitz"),
            "query parameter 'category' must be " + categories + ", not \"chess blitz\"");
  EXPECT_EQ(refusal("?category=standard%20blitz&rated=false"),
            "query parameter 'category' lists rated games: it cannot go with 'rated=false'");
  EXPECT_EQ(refusal("?result=won"),
            "query parameter 'result' must be win, loss, draw, aborted or ongoing, not \"won\"");
}

}  // namespace
}  // namespace jungle::web
