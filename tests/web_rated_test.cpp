// Rated games between accounts (docs/ratings.md) against in-process
// servers: who may create and join one, both ratings moved by Glicko-2 when
// it ends and counted once, no take-back, the idle deviation, the categories
// of the time controls, the store counting a game once, and two servers on
// one PostgreSQL ending two games of one account at once. The lobby, lists
// and profile are in web_rated_lists_test.cpp, aborted games in
// web_aborted_test.cpp.
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

TEST_F(WebRatedTest, ARatedGameMovesBothRatingsByGlicko2Once) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  Reply s = ann->get(path(id));
  EXPECT_EQ(s.body["rated"], true);
  EXPECT_EQ(s.body["category"], "standard blitz");
  EXPECT_EQ(s.body["players"]["blue"]["rating"], "1500?");
  EXPECT_EQ(s.body["players"]["red"]["rating"], "1500?");
  // Its strips name the accounts (a casual game's player stays anonymous).
  EXPECT_EQ(s.body["players"]["blue"]["account"], "Ann");
  EXPECT_EQ(s.body["players"]["red"]["account"], "bob");
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  const Reply resigned = bob->post(path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;

  const rating::Rating won = after_first(1.0);
  const rating::Rating lost = after_first(0.0);
  // By hand (docs/ratings.md): mu = 0, phi = 350 / 173.7178 = 2.0148,
  // g = 1 / sqrt(1 + 3 phi^2 / pi^2) = 0.6691, E = 0.5, v = 1 / (g^2 E (1-E))
  // = 8.935, and with sigma' = 0.06 (it barely moves), phi* = 2.0157,
  // phi' = 1 / sqrt(1/phi*^2 + 1/v) = 1.6712 (RD 290.3), mu' = phi'^2 g
  // (1 - E) = 0.9343 (rating 1500 + 173.7178 * 0.9343 = 1662.3).
  EXPECT_EQ(std::lround(won.rating), 1662);
  EXPECT_EQ(std::lround(won.deviation), 290);
  EXPECT_EQ(std::lround(lost.rating), 1338);
  EXPECT_EQ(std::lround(lost.deviation), 290);

  // Seen twice: the ended game saved again (a rematch offered) counts once.
  ASSERT_EQ(ann->post(path(id, "/rematch"), Json::object()).status, 200);
  Browser anyone(port_, "");
  const Json ratings = anyone.get("/api/players/Ann").body["ratings"];
  EXPECT_EQ(ratings, (Json{{"standard blitz",
                            {{"rating", std::lround(won.rating)},
                             {"deviation", std::lround(won.deviation)},
                             {"provisional", true},
                             {"games", 1}}}}));
  EXPECT_EQ(ratings["standard blitz"]["rating"], 1662);
  const Json bobs = anyone.get("/api/players/bob").body["ratings"]["standard blitz"];
  EXPECT_EQ(bobs["rating"], std::lround(lost.rating));
  EXPECT_EQ(bobs["deviation"], std::lround(lost.deviation));
  EXPECT_EQ(bobs["games"], 1);
  // The names in the game's state carry the ratings now.
  s = anyone.get(path(id));
  EXPECT_EQ(s.body["players"]["blue"]["rating"], "1662?");
  EXPECT_EQ(s.body["players"]["red"]["rating"], "1338?");
  // The record: the ratings before the game, and that it was rated.
  const std::string record = anyone.get(path(id, "/record")).text;
  EXPECT_NE(record.find("[BlueElo \"1500\"]\n[RedElo \"1500\"]\n[Rated \"Yes\"]"),
            std::string::npos)
      << record;
  // Provisional ratings are on no leaderboard yet.
  const Reply board = anyone.get("/api/leaderboard?category=standard%20blitz");
  ASSERT_EQ(board.status, 200) << board.text;
  EXPECT_EQ(board.body, (Json{{"category", "standard blitz"}, {"players", Json::array()}}));
  EXPECT_EQ(message_of(anyone.get("/api/leaderboard")),
            "the leaderboard needs a 'category', such as \"standard blitz\"");
}

// A rated Flip Jungle game goes by the same path: its own category, both
// ratings moved once by the same Glicko-2 step when it ends. The first
// flip gives the colours, so the first seat may play Red: the game kept is
// one where it does (a new game until chance says so), and its winner, the
// first seat's player, must gain as the open game's winner does.
TEST_F(WebRatedTest, ARatedFlipGameMovesBothRatingsInItsOwnCategory) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  Json flip = rated_game();
  flip["variant"] = "flip";
  int64_t id = 0;
  std::string category;
  for (int tries = 0; tries < 40 && id == 0; ++tries) {
    const Reply g = ann->post("/api/games", flip);
    ASSERT_EQ(g.status, 201) << g.text;
    const int64_t made = g.body["id"];
    ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
    const Reply s = ann->get(path(made));
    EXPECT_EQ(s.body["rated"], true);
    category = s.body["category"];
    ASSERT_FALSE(s.body["legal_moves"].empty()) << s.text;
    const Reply flipped = ann->post(path(made, "/moves"), {{"move", s.body["legal_moves"][0]}});
    ASSERT_EQ(flipped.status, 200) << flipped.text;
    if (flipped.body["first_player_colour"] == "red") {
      id = made;
    } else {
      // Aborted before the second side has acted: never rated.
      ASSERT_EQ(bob->post(path(made, "/abort"), Json::object()).status, 200);
    }
  }
  ASSERT_NE(id, 0) << "forty first flips all gave the first seat Blue";
  EXPECT_NE(category.find("flip"), std::string::npos) << category;
  EXPECT_NE(category, "standard blitz");
  const Reply view = bob->get(path(id));
  ASSERT_FALSE(view.body["legal_moves"].empty()) << view.text;
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", view.body["legal_moves"][0]}}).status, 200);
  const Reply resigned = bob->post(path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  EXPECT_EQ(resigned.body["result"], "0-1");  // Red, Ann, won
  Browser anyone(port_, "");
  const Json anns = anyone.get("/api/players/Ann").body["ratings"];
  EXPECT_EQ(anns,
            (Json{{category,
                   {{"rating", 1662}, {"deviation", 290}, {"provisional", true}, {"games", 1}}}}));
  const Json bobs = anyone.get("/api/players/bob").body["ratings"][category];
  EXPECT_EQ(bobs["rating"], 1338);
  EXPECT_EQ(bobs["games"], 1);
  // Her rating history names the colour she played and the outcome.
  const Json history = anyone.get("/api/players/Ann/history").body["history"];
  ASSERT_EQ(history.size(), 1u) << history;
  EXPECT_EQ(history[0]["side"], "red");
  EXPECT_EQ(history[0]["outcome"], "win");
  EXPECT_EQ(history[0]["rating"], 1662);
}
TEST_F(WebRatedTest, ARematchOfARatedGameIsRatedToo) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  play_and_resign(*ann, *bob, id, *bob);
  ASSERT_EQ(bob->post(path(id, "/rematch"), Json::object()).status, 200);
  const Reply made = ann->post(path(id, "/rematch/accept"), Json::object());
  ASSERT_EQ(made.status, 200) << made.text;
  const int64_t again = made.body["id"];
  EXPECT_NE(again, id);
  // Colours swapped, rated in the same category, the ratings by the names.
  EXPECT_EQ(made.body["rated"], true);
  EXPECT_EQ(made.body["category"], "standard blitz");
  EXPECT_EQ(made.body["you"], Json::array({"red"}));
  EXPECT_EQ(made.body["players"]["blue"]["rating"], "1338?");
  EXPECT_EQ(made.body["players"]["red"]["rating"], "1662?");
  play_and_resign(*bob, *ann, again, *ann);

  // The second game is one more rating period: each from its rating after
  // the first, against the other's.
  const auto [bob2, ann2] = after_win(after_first(0.0), after_first(1.0));
  Browser anyone(port_, "");
  const Json anns = expect_blitz(anyone, "Ann", ann2);
  const Json bobs = expect_blitz(anyone, "bob", bob2);
  EXPECT_EQ(anns["games"], 2);
  EXPECT_EQ(bobs["games"], 2);
  // By hand (Python, the paper's steps): 1662.3/290.3 loses to 1337.7/290.3
  // (g = 0.7354, E = 0.7981): Ann 1433.1/260.5, Bob 1566.9/260.5.
  EXPECT_EQ(anns["rating"], 1433);
  EXPECT_EQ(bobs["rating"], 1567);
  EXPECT_EQ(anns["deviation"], 260);
  const std::string record = anyone.get(path(again, "/record")).text;
  EXPECT_NE(record.find("[BlueElo \"1338\"]\n[RedElo \"1662\"]\n[Rated \"Yes\"]"),
            std::string::npos)
      << record;
}

// A player back after idle time: the deviation widens by Glicko-2's step 6
// for each idle rating period (kIdlePeriodsPerDay), when the rating is
// read and before the next game is counted.

TEST_F(WebRatedTest, AnIdlePlayersDeviationGrowsWithTheIdlePeriods) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  play_and_resign(*ann, *bob, start_rated(*ann, *bob), *bob);
  Browser anyone(port_, "");
  EXPECT_EQ(blitz_rating(anyone, "Ann")["deviation"], 290);

  // A year away: 365 days at 0.21436 periods a day, 78.24 periods.
  now_ += int64_t(365) * 24 * 3600 * 1000;
  const double periods = 365 * AccountService::kIdlePeriodsPerDay;
  const rating::Rating ann_idle = rating::after_idle_periods(after_first(1.0), periods);
  const rating::Rating bob_idle = rating::after_idle_periods(after_first(0.0), periods);
  // By hand: phi = 1.67121, phi^2 + 78.2414 * 0.06^2 = 2.79294 + 0.28166 =
  // 3.07461, phi' = 1.75345, RD 304.6.
  EXPECT_EQ(std::lround(ann_idle.deviation * 10), 3046);
  EXPECT_EQ(blitz_rating(anyone, "Ann"),
            (Json{{"rating", 1662}, {"deviation", 305}, {"provisional", true}, {"games", 1}}));
  EXPECT_EQ(blitz_rating(anyone, "bob")["deviation"], 305);

  // The next game starts from the widened deviations (after logging in
  // again: a login lasts 30 days).
  ASSERT_EQ(ann->post("/api/account/login", {{"name", "Ann"}, {"password", "Ann-secret-1"}}).status,
            200);
  ASSERT_EQ(bob->post("/api/account/login", {{"name", "bob"}, {"password", "bob-secret-1"}}).status,
            200);
  play_and_resign(*bob, *ann, start_rated(*bob, *ann), *ann);
  const auto [bob2, ann2] = after_win(bob_idle, ann_idle);
  const Json anns = expect_blitz(anyone, "Ann", ann2);
  const Json bobs = expect_blitz(anyone, "bob", bob2);
  // By hand (Python): 1420.5/271.4 and 1579.5/271.4; without the idle
  // widening they would be 1433.1/260.5 and 1566.9/260.5.
  EXPECT_EQ(anns["rating"], 1421);
  EXPECT_EQ(anns["deviation"], 271);
  EXPECT_EQ(bobs["rating"], 1579);
  EXPECT_EQ(bobs["games"], 2);
}

TEST_F(WebRatedTest, ARatedGameHasNoTakeBack) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  const Reply r = ann->post(path(id, "/offers"), {{"kind", "takeback"}});
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "no_takeback_rated");
  EXPECT_EQ(message_of(r), "a rated game allows no take-back: each move stands");
}

TEST_F(WebRatedTest, WhoMayCreateAndJoinARatedGame) {
  start();
  Browser nobody(port_, "nobody-browser-key-01");
  Reply r = nobody.post("/api/games", rated_game());
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(code_of(r), "rated_needs_account");
  EXPECT_EQ(message_of(r), "a rated game is played between two accounts: log in to create one");

  auto ann = account(port_, "Ann");
  r = ann->post(
      "/api/games",
      {{"rated", true}, {"time_control", kBlitz}, {"blue", kHuman}, {"red", {{"type", "engine"}}}});
  EXPECT_EQ(code_of(r), "rated_refused") << r.text;
  EXPECT_EQ(message_of(r), "a rated game is between two accounts, never against the engine");
  r = ann->post("/api/games", {{"rated", true}, {"time_control", kBlitz}});
  EXPECT_EQ(message_of(r),
            "a rated game is played online between two accounts: set \"online\": true");
  r = ann->post("/api/games", {{"online", true}, {"rated", true}});
  EXPECT_EQ(message_of(r), "a rated game needs a time control (an untimed game is never rated)");

  const Reply g = ann->post("/api/games", rated_game());
  ASSERT_EQ(g.status, 201) << g.text;
  r = nobody.post("/api/join", {{"code", g.body["code"]}});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(message_of(r), "a rated game is played between two accounts: log in to join one");
  // Ann on another device: the same account cannot take the other seat.
  Browser phone(port_, "ann-phone-key-000001");
  ASSERT_EQ(
      phone.post("/api/account/login", {{"name", "Ann"}, {"password", "Ann-secret-1"}}).status,
      200);
  r = phone.post(path(g.body["id"], "/join"), {{"code", g.body["code"]}});
  EXPECT_EQ(code_of(r), "rated_same_account");
  EXPECT_EQ(message_of(r),
            "a rated game is played between two accounts: your account already plays the "
            "other seat");
  // A rated lobby challenge says so.
  Json listed = rated_game();
  listed["lobby"] = true;
  const Reply challenge = ann->post("/api/games", listed);
  ASSERT_EQ(challenge.status, 201) << challenge.text;
  const Json lobby = nobody.get("/api/lobby").body;
  ASSERT_EQ(lobby["challenges"].size(), 1u) << lobby;
  EXPECT_EQ(lobby["challenges"][0]["id"], challenge.body["id"]);
  EXPECT_EQ(lobby["challenges"][0]["rated"], true);
  auto bob = account(port_, "bob");
  EXPECT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
}

TEST(RatingCategoryTest, TimeControlsFallIntoTheirClasses) {
  const auto control = [](Json j) { return TimeControl::from_json(j); };
  const auto sudden = [&](int64_t minutes) {
    return control({{"kind", "sudden_death"}, {"initial_ms", minutes * 60000}});
  };
  EXPECT_EQ(rating_category(game::open_family(), "standard", control(kBlitz)), "standard blitz");
  EXPECT_EQ(rating_category(game::open_family(), "standard", sudden(7)), "standard blitz");
  EXPECT_EQ(rating_category(game::open_family(), "standard", sudden(8)), "standard rapid");
  // 10+5: 10 min and forty increments of 5 s, 13 min 20 s.
  EXPECT_EQ(rating_category(
                game::open_family(), "standard",
                control({{"kind", "increment"}, {"initial_ms", 600000}, {"increment_ms", 5000}})),
            "standard rapid");
  EXPECT_EQ(rating_category(game::open_family(), "standard", sudden(24)), "standard rapid");
  EXPECT_EQ(rating_category(game::open_family(), "standard", sudden(25)), "standard classical");
  // 30 s a move: forty moves, 20 min.
  EXPECT_EQ(rating_category(game::open_family(), "academic",
                            control({{"kind", "per_move"}, {"per_move_ms", 30000}})),
            "academic rapid");
  EXPECT_EQ(rating_category(game::open_family(), "standard",
                            control({{"kind", "correspondence"}, {"days", 3}})),
            "standard correspondence");
  EXPECT_EQ(rating_category(game::open_family(), "standard", control(nullptr)), "");
  EXPECT_EQ(rating_category(game::flip_family(), "flip", sudden(5)), "flip");
  EXPECT_EQ(rating_category(game::hidden_family(), "hidden", sudden(30)), "hidden");
  EXPECT_EQ(rating_category(game::hidden_family(), "hidden", control(nullptr)), "");
}

// The store alone: a game counted once, the leaderboard only non-provisional.

TEST(RatingStoreTest, AGameIsCountedOnceAndTheLeaderboardSkipsProvisionalRatings) {
  TestFolder dir("rating-store");
  SqliteAccountStore store(dir.path() / "accounts.db");
  const int64_t ann = store.create_account("Ann", "ann", "h", 1)->id;
  const int64_t bob = store.create_account("bob", "bob", "h", 1)->id;
  int calls = 0;
  const RatingUpdate update = [&](const std::array<StoredRating, 2>& before) {
    ++calls;
    // Neither has a rating yet: a new player's, no game counted.
    EXPECT_EQ(before[0].value.rating, 1500);
    EXPECT_EQ(before[0].games, 0);
    return std::array<rating::Rating, 2>{rating::Rating{1700, 100, 0.06},
                                         rating::Rating{1300, 200, 0.06}};
  };
  const RatedGame game{7, "standard blitz", {ann, bob}, "1-0", 5};
  EXPECT_TRUE(store.count_rated_game(game, update));
  EXPECT_FALSE(store.count_rated_game(game, update));
  EXPECT_EQ(calls, 1);
  const std::vector<StoredRating> r = store.ratings(ann);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].category, "standard blitz");
  EXPECT_EQ(r[0].value.rating, 1700);
  EXPECT_EQ(r[0].games, 1);
  EXPECT_EQ(r[0].updated_ms, 5);
  const std::vector<RankedRating> board =
      store.leaderboard("standard blitz", rating::kProvisionalDeviation, 50);
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].name, "Ann");
  EXPECT_EQ(board[0].rating.value.deviation, 100);
}

#ifdef JUNGLE_HAS_POSTGRES
// Two servers on one database each end a rated game of Ann's at the same
// moment: both games are in her rating.

TEST(WebRatedPgTest, TwoGamesOfOneAccountEndingAtOnceOnTwoServersBothCount) {
  JUNGLE_NEED_POSTGRES(pg);
  TestFolder dir("web-rated-pg");
  WebServerOptions options = small_test_server(dir, 16);
  options.db = pg->new_database("ratedweb");
  options.password_cost = PasswordCost::minimum();
  WebServer one(options);
  WebServer two(options);
  const int port_one = one.start();
  const int port_two = two.start();
  auto ann_one = account(port_one, "Ann");
  Browser ann_two(port_two, "Ann-browser-key-0001");
  ASSERT_EQ(
      ann_two.post("/api/account/login", {{"name", "Ann"}, {"password", "Ann-secret-1"}}).status,
      200);
  auto bob = account(port_one, "bob");
  auto cat = account(port_two, "cat");
  const int64_t first = start_rated(*ann_one, *bob);
  const int64_t second = start_rated(ann_two, *cat);
  for (auto [ann, other, id] :
       {std::tuple{ann_one.get(), bob.get(), first}, std::tuple{&ann_two, cat.get(), second}}) {
    ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
    ASSERT_EQ(other->post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  }
  std::thread a([&] { EXPECT_EQ(bob->post(path(first, "/resign"), Json::object()).status, 200); });
  std::thread b([&] { EXPECT_EQ(cat->post(path(second, "/resign"), Json::object()).status, 200); });
  a.join();
  b.join();
  Browser anyone(port_two, "");
  const Json ann = anyone.get("/api/players/Ann").body["ratings"]["standard blitz"];
  EXPECT_EQ(ann["games"], 2);
  EXPECT_EQ(anyone.get("/api/players/bob").body["ratings"]["standard blitz"]["games"], 1);
  EXPECT_EQ(anyone.get("/api/players/cat").body["ratings"]["standard blitz"]["games"], 1);
  // Two wins over new players (each 1500/350 before its one game), in
  // either order the same: one lost update would leave her at one win's.
  const rating::Outcome win{rating::kDefaultRating, rating::kDefaultDeviation, 1.0};
  const rating::Rating twice =
      rating::update(rating::update(rating::Rating{}, std::span(&win, 1)), std::span(&win, 1));
  EXPECT_EQ(ann["rating"], std::lround(twice.rating));
  EXPECT_EQ(ann["deviation"], std::lround(twice.deviation));
}
#endif

}  // namespace
}  // namespace jungle::web
