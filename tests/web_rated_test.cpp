// Rated games between accounts (docs/ratings.md) against in-process
// servers: who may create and join one, both ratings moved by Glicko-2 when
// it ends and counted once, an aborted game not counted, no take-back, the
// ratings in the game's state, the profile and the leaderboard, the
// categories of the time controls, the store counting a game once, and two
// servers on one PostgreSQL ending two games of one account at once.
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
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

std::string code_of(const Reply& r) {
  return r.body.contains("error") ? r.body["error"]["code"].get<std::string>() : "";
}
std::string message_of(const Reply& r) {
  return r.body.contains("error") ? r.body["error"]["message"].get<std::string>() : "";
}
std::string path(int64_t id, const std::string& rest = "") {
  return "/api/games/" + std::to_string(id) + rest;
}

// 3+2: 180 s and forty increments of 2 s, 4 min 20 s: blitz.
const Json kBlitz = {{"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
Json rated_game(const std::string& side = "blue") {
  return Json{{"online", true}, {"rated", true}, {"side", side}, {"time_control", kBlitz}};
}

// Signs a new browser up as `name`.
std::unique_ptr<Browser> account(int port, const std::string& name) {
  auto b = std::make_unique<Browser>(port, name + "-browser-key-0001");
  const Reply up =
      b->post("/api/account/signup", {{"name", name}, {"password", name + "-secret-1"}});
  EXPECT_EQ(up.status, 201) << up.text;
  return b;
}

// A rated game `blue` created and `red` joined by code: its id.
int64_t start_rated(Browser& blue, Browser& red) {
  const Reply g = blue.post("/api/games", rated_game());
  EXPECT_EQ(g.status, 201) << g.text;
  const Reply j = red.post("/api/join", {{"code", g.body["code"]}});
  EXPECT_EQ(j.status, 200) << j.text;
  return g.body["id"];
}

// A casual game (rated_game() with "rated": false) that `blue` creates,
// waiting for an opponent: the answer to its creation.
Reply create_casual(Browser& blue) {
  Json casual = rated_game();
  casual["rated"] = false;
  const Reply g = blue.post("/api/games", casual);
  EXPECT_EQ(g.status, 201) << g.text;
  return g;
}

// Game `id`'s first two moves, blue's a3a4 and red's g7g6, and then
// `loser` resigns: the shortest game that is counted.
void play_and_resign(Browser& blue, Browser& red, int64_t id, Browser& loser) {
  ASSERT_EQ(blue.post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(red.post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  const Reply resigned = loser.post(path(id, "/resign"), Json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.text;
}

// Ann's rated lobby challenge for players within 200 of her rating, after
// she has beaten Bob once (Ann 1662, Bob 1338): the request's body, and the
// answer.
std::pair<Json, Reply> ranged_challenge(Browser& ann, Browser& bob) {
  play_and_resign(ann, bob, start_rated(ann, bob), bob);
  Json listed = rated_game();
  listed["lobby"] = true;
  listed["rating_range"] = 200;  // ±200 of Ann's 1662
  Reply g = ann.post("/api/games", listed);
  EXPECT_EQ(g.status, 201) << g.text;
  return {listed, g};
}

// The player's standard blitz rating as its profile shows it.
Json blitz_rating(Browser& anyone, const std::string& name) {
  return anyone.get("/api/players/" + name).body["ratings"]["standard blitz"];
}

// After one game between two new players, the winner's and the loser's
// ratings as the library computes them.
rating::Rating after_first(double score) {
  const rating::Outcome o{rating::kDefaultRating, rating::kDefaultDeviation, score};
  return rating::update(rating::Rating{}, std::span(&o, 1));
}

// Both ratings after a game that the player rated `winner` before it won
// against the one rated `loser`: each one rating period against the other's
// rating from before the game. {winner's, loser's}.
std::pair<rating::Rating, rating::Rating> after_win(const rating::Rating& winner,
                                                    const rating::Rating& loser) {
  const rating::Outcome won{loser.rating, loser.deviation, 1.0};
  const rating::Outcome lost{winner.rating, winner.deviation, 0.0};
  return {rating::update(winner, std::span(&won, 1)), rating::update(loser, std::span(&lost, 1))};
}

// Expects the standard blitz rating the profile shows of `name` to be `r`,
// rounded; answers what the profile shows.
Json expect_blitz(Browser& anyone, const std::string& name, const rating::Rating& r) {
  const Json shown = blitz_rating(anyone, name);
  EXPECT_EQ(shown["rating"], std::lround(r.rating)) << name;
  EXPECT_EQ(shown["deviation"], std::lround(r.deviation)) << name;
  return shown;
}

class WebRatedTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }
  void start() {
    WebServerOptions options = small_test_server(dir_, 16);
    options.password_cost = PasswordCost::minimum();
    options.clock = [this] { return now_.load(); };
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }

  TestFolder dir_{"web-rated"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::atomic<int64_t> now_{1'700'000'000'000};
};

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

TEST_F(WebRatedTest, AnAbortedGameIsNotCounted) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  // Only blue moved: red resigns without a move of its own.
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/resign"), Json::object()).status, 200);
  Browser anyone(port_, "");
  EXPECT_EQ(anyone.get("/api/players/Ann").body["ratings"], Json::object());
  EXPECT_EQ(anyone.get("/api/players/bob").body["ratings"], Json::object());
}

// lichess's abort: while a side has not made its first move, either player
// may abort; the game has no winner, is "aborted" in the lists and counts
// in no tally, rating or history.
TEST_F(WebRatedTest, EitherPlayerAbortsBeforeEachSideHasMovedAndNothingCountsIt) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  Browser carol(port_, "carol-browser-key-001");
  const int64_t id = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  Reply r = carol.post(path(id, "/abort"), Json::object());
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(code_of(r), "not_your_seat");
  // Red has not moved yet: Ann, who has, may still abort, and so may Bob.
  r = bob->post(path(id, "/abort"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_EQ(r.body["result"], "aborted");
  EXPECT_EQ(r.body["winner"], nullptr);
  EXPECT_EQ(r.body["termination"], "aborted");
  EXPECT_EQ(r.body["message"], "Game aborted");
  r = ann->post(path(id, "/abort"), Json::object());
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "game_over");

  Browser anyone(port_, "");
  for (const char* name : {"Ann", "bob"}) {
    const Json profile = anyone.get(std::string("/api/players/") + name).body;
    EXPECT_EQ(profile["ratings"], Json::object()) << name;
    EXPECT_EQ(profile["played"], 0) << name;
    EXPECT_EQ(profile["draws"], 0) << name;
    ASSERT_EQ(profile["games"].size(), 1u) << profile;
    EXPECT_EQ(profile["games"][0]["result"], "aborted");
    EXPECT_EQ(profile["games"][0]["outcome"], "aborted");
    EXPECT_EQ(profile["games"][0]["termination"], "aborted");
    EXPECT_EQ(anyone.get(std::string("/api/players/") + name + "/history").body["history"],
              Json::array());
  }
  const Json list = anyone.get("/api/games").body["games"];
  ASSERT_EQ(list.size(), 1u) << list;
  EXPECT_EQ(list[0]["result"], "aborted");

  // Once each side has moved, the game is played out: no abort.
  const int64_t next = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(next, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(next, "/moves"), {{"move", "g7g6"}}).status, 200);
  r = ann->post(path(next, "/abort"), Json::object());
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(code_of(r), "not_abortable");
  EXPECT_EQ(message_of(r),
            "both sides have moved: the game can no longer be aborted (resign, or offer a draw)");
  // A game on one screen is no one's to abort: it is deleted.
  const Reply local = ann->post("/api/games", Json::object());
  r = ann->post(path(local.body["id"], "/abort"), Json::object());
  EXPECT_EQ(code_of(r), "not_online") << r.text;
}

// An aborted game is a result of its own through the layers, never the draw
// the rules hold it as: the store's row says "aborted", the game_over event
// too, and the record writes Result "*" with Termination "aborted". A row
// stored before ("1/2-1/2", termination "aborted") reads back the same.
TEST_F(WebRatedTest, AnAbortedGameIsStoredAndRecordedAsItsOwnResult) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  const int64_t id = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/abort"), Json::object()).status, 200);
  const std::string record = ann->get(path(id, "/record")).text;
  EXPECT_NE(record.find("[Result \"*\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Termination \"aborted\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("1. a3a4 *\n"), std::string::npos) << record;
  EXPECT_EQ(record.find("1/2-1/2"), std::string::npos) << record;
  server_.reset();
  {
    std::unique_ptr<GameStore> store = open_game_store(test_database(dir_.path()));
    StoredGame row = *store->load(id);
    EXPECT_EQ(row.result, "aborted");
    EXPECT_EQ(row.termination, "aborted");
    EXPECT_EQ(row.declared, "aborted");
    Json over;
    for (const StoredEvent& e : store->events_after(id, 0, 100)) {
      if (e.type == "game_over") over = Json::parse(e.data);
    }
    EXPECT_EQ(over["result"], "aborted");
    EXPECT_EQ(over["winner"], nullptr);
    EXPECT_EQ(over["termination"], "aborted");
    // The row as the server wrote it before aborting was a result of its own.
    row.result = "1/2-1/2";
    store->update(row);
  }
  start();
  Browser anyone(port_, "");
  const Reply s = anyone.get(path(id));
  EXPECT_EQ(s.body["status"], "over");
  EXPECT_EQ(s.body["result"], "aborted");
  EXPECT_EQ(s.body["winner"], nullptr);
  EXPECT_EQ(s.body["message"], "Game aborted");
  EXPECT_EQ(anyone.get(path(id, "/record")).text, record);
  const Json profile = anyone.get("/api/players/Ann").body;
  EXPECT_EQ(profile["played"], 0);
  EXPECT_EQ(profile["draws"], 0);
  ASSERT_EQ(profile["games"].size(), 1u) << profile;
  EXPECT_EQ(profile["games"][0]["outcome"], "aborted");
  EXPECT_EQ(anyone.get("/api/players/Ann?result=aborted").body["games"].size(), 1u);
  EXPECT_EQ(anyone.get("/api/players/Ann?result=draw").body["games"].size(), 0u);
}

// A player who does not make its first move within GameService::kFirstMoveMs
// (30 s) of its clock's start has the game aborted, not lost on time.
TEST_F(WebRatedTest, AGameWhoseFirstMoveDoesNotComeInTimeIsAborted) {
  start();
  auto ann = account(port_, "Ann");
  auto bob = account(port_, "bob");
  // Blue never moves.
  const int64_t id = start_rated(*ann, *bob);
  now_ += 29'999;
  EXPECT_EQ(bob->get(path(id)).body["status"], "ongoing");
  now_ += 1;
  Reply s = bob->get(path(id));
  EXPECT_EQ(s.body["result"], "aborted");
  EXPECT_EQ(s.body["termination"], "aborted");
  // Blue moves at once; Red never does, for 30 s from Blue's move.
  const int64_t second = start_rated(*ann, *bob);
  now_ += 10'000;
  ASSERT_EQ(ann->post(path(second, "/moves"), {{"move", "a3a4"}}).status, 200);
  now_ += 29'999;
  EXPECT_EQ(ann->get(path(second)).body["status"], "ongoing");
  now_ += 1;
  s = ann->get(path(second));
  EXPECT_EQ(s.body["result"], "aborted");
  // Once both have moved, time runs as the clock says: Red's 3 min.
  const int64_t third = start_rated(*ann, *bob);
  ASSERT_EQ(ann->post(path(third, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(third, "/moves"), {{"move", "g7g6"}}).status, 200);
  now_ += 60'000;
  EXPECT_EQ(ann->get(path(third)).body["status"], "ongoing");
  Browser anyone(port_, "");
  EXPECT_EQ(anyone.get("/api/players/Ann").body["ratings"], Json::object());
  EXPECT_EQ(anyone.get("/api/players/Ann").body["played"], 1) << "the third game, still on";
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
