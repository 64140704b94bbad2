// Accounts over the API against in-process servers (docs/accounts.md):
// signing up and the cookie's attributes, a fresh token at each login, the
// end of other sessions at a password change, the login limits with their
// 429, seats owned as they are taken and anonymous games claimed, the
// profile and its record file (a hidden game's as a spectator sees it),
// deleting, the request guard over the new routes, and two servers on one
// PostgreSQL sharing sessions.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "pg_test_server.h"
#include "test_folder.h"
#include "web/web_server.h"
#include "web_clocked_server_fixture.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

std::string header(const Reply& r, const std::string& name) {
  auto it = r.headers.find(name);
  return it == r.headers.end() ? "" : it->second;
}

const Json kAnn = {{"name", "Ann"}, {"password", "ann-secret-1"}};
const Json kBob = {{"name", "bob"}, {"password", "bob-secret-1"}};

class WebAccountTest : public ClockedServerTest {
 protected:
  WebAccountTest() : ClockedServerTest("web-account") {}
  std::unique_ptr<Browser> browser(const std::string& key) {
    return std::make_unique<Browser>(port_, key);
  }
};

TEST_F(WebAccountTest, SigningUpLogsInWithAnHttpOnlyStrictCookie) {
  start();
  auto a = browser("ann-browser-key-0001");
  EXPECT_EQ(a->get("/api/account").body, Json({{"account", nullptr}}));
  Reply r = a->post("/api/account/signup", kAnn);
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["account"]["name"], "Ann");
  EXPECT_EQ(r.body["account"]["created_ms"], 1'700'000'000'000);
  ASSERT_EQ(a->token().size(), 64u);
  EXPECT_EQ(a->last_set_cookie, a->cookie_name() + "=" + a->token() +
                                    "; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict");
  EXPECT_EQ(a->get("/api/account").body["account"]["name"], "Ann");

  auto b = browser("bob-browser-key-0001");
  Reply taken = b->post("/api/account/signup", {{"name", "ANN"}, {"password", "12345678"}});
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(message_of(taken), "the user name \"ANN\" is taken");
  Reply bad = b->post("/api/account/signup", {{"name", "b"}, {"password", "12345678"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(code_of(bad), "bad_name");
  EXPECT_EQ(message_of(bad), "a user name has 2 to 20 characters, not 1");
  Reply weak = b->post("/api/account/signup", {{"name", "bob"}, {"password", "1234"}});
  EXPECT_EQ(message_of(weak), "a password has at least 8 characters");
  // Behind an HTTPS proxy the cookie is Secure.
  Reply https = b->post("/api/account/signup", kBob, {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(https.status, 201) << https.text;
  EXPECT_EQ(b->last_set_cookie, b->cookie_name() + "=" + b->token() +
                                    "; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure");
}

TEST_F(WebAccountTest, EachLoginGivesAFreshTokenAndLoggingOutEndsIt) {
  start();
  auto phone = browser("ann-phone-key-000001");
  ASSERT_EQ(phone->post("/api/account/signup", kAnn).status, 201);
  const std::string first = phone->token();
  // A second device logs in: its own session; the first one's still lives.
  auto laptop = browser("ann-laptop-key-00001");
  Reply in = laptop->post("/api/account/login", {{"name", "ann"}, {"password", "ann-secret-1"}});
  ASSERT_EQ(in.status, 200) << in.text;
  EXPECT_EQ(in.body["account"]["name"], "Ann");
  const std::string second = laptop->token();
  EXPECT_NE(second, first);
  EXPECT_EQ(phone->get("/api/account").body["account"]["name"], "Ann");
  // Logging in again on the laptop: a new token, and the old one is dead.
  ASSERT_EQ(laptop->post("/api/account/login", kAnn).status, 200);
  const std::string third = laptop->token();
  EXPECT_NE(third, second);
  laptop->set_token(second);
  EXPECT_EQ(laptop->get("/api/account").body["account"], nullptr);
  laptop->set_token(third);
  EXPECT_EQ(laptop->get("/api/account").body["account"]["name"], "Ann");
  // Logging out: the cookie is cleared and the token honoured nowhere.
  Reply out = laptop->post("/api/account/logout", Json::object());
  EXPECT_EQ(out.status, 200);
  EXPECT_EQ(laptop->last_set_cookie,
            laptop->cookie_name() + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
  laptop->set_token(third);
  EXPECT_EQ(laptop->get("/api/account").body["account"], nullptr);
  EXPECT_EQ(phone->get("/api/account").body["account"]["name"], "Ann");
  // A month later the phone's session has run out.
  now_ += int64_t(30) * 24 * 3600 * 1000;
  EXPECT_EQ(phone->get("/api/account").body["account"], nullptr);
}

TEST_F(WebAccountTest, ChangingThePasswordEndsEveryOtherSession) {
  start();
  auto phone = browser("ann-phone-key-000001");
  auto laptop = browser("ann-laptop-key-00001");
  ASSERT_EQ(phone->post("/api/account/signup", kAnn).status, 201);
  ASSERT_EQ(laptop->post("/api/account/login", kAnn).status, 200);
  Reply wrong = phone->post("/api/account/password",
                            {{"old_password", "not-it-123"}, {"new_password", "ann-secret-2"}});
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(message_of(wrong), "the current password is wrong");
  Reply ok = phone->post("/api/account/password",
                         {{"old_password", "ann-secret-1"}, {"new_password", "ann-secret-2"}});
  ASSERT_EQ(ok.status, 200) << ok.text;
  EXPECT_EQ(phone->get("/api/account").body["account"]["name"], "Ann");
  EXPECT_EQ(laptop->get("/api/account").body["account"], nullptr);
  EXPECT_EQ(laptop->post("/api/account/login", kAnn).status, 401);
  EXPECT_EQ(
      laptop->post("/api/account/login", {{"name", "Ann"}, {"password", "ann-secret-2"}}).status,
      200);
  // Not logged in: 401.
  auto stranger = browser("stranger-key-0000001");
  Reply anon = stranger->post("/api/account/password",
                              {{"old_password", "x"}, {"new_password", "ann-secret-3"}});
  EXPECT_EQ(anon.status, 401);
  EXPECT_EQ(code_of(anon), "not_logged_in");
}

TEST_F(WebAccountTest, FailedLoginsAreLimitedPerNameAndPerAddress) {
  start();
  auto a = browser("ann-browser-key-0001");
  ASSERT_EQ(a->post("/api/account/signup", kAnn).status, 201);
  auto guesser = browser("guesser-key-00000001");
  const Json wrong = {{"name", "Ann"}, {"password", "guess-0000"}};
  for (int i = 0; i < LoginLimits::kPerName; ++i) {
    Reply r = guesser->post("/api/account/login", wrong);
    EXPECT_EQ(r.status, 401) << i;
    EXPECT_EQ(message_of(r), "the user name or the password is wrong");
  }
  Reply limited = guesser->post("/api/account/login", kAnn);
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(code_of(limited), "too_many_attempts");
  EXPECT_EQ(message_of(limited), "too many failed logins to this account; try again in 3 minutes");
  EXPECT_EQ(header(limited, "Retry-After"), "180");
  now_ += 180000;
  EXPECT_EQ(guesser->post("/api/account/login", kAnn).status, 200);

  // One address over many names: the 21st failure within the window is refused.
  now_ += LoginLimits::kWindowMs;
  int failures = 0;
  for (int i = 0; failures < LoginLimits::kPerAddress; ++i) {
    const Reply r = guesser->post("/api/account/login",
                                  {{"name", "name" + std::to_string(i)}, {"password", "12345678"}});
    ASSERT_EQ(r.status, 401) << i;
    ++failures;
  }
  Reply blocked =
      guesser->post("/api/account/login", {{"name", "fresh"}, {"password", "12345678"}});
  EXPECT_EQ(blocked.status, 429);
  EXPECT_EQ(message_of(blocked), "too many failed logins from this address; try again in 1 minute");
  EXPECT_EQ(header(blocked, "Retry-After"), "45");
}

TEST_F(WebAccountTest, SeatsBecomeTheAccountsAndAnonymousGamesAreClaimed) {
  start();
  auto ann = browser("ann-browser-key-0001");
  auto bob = browser("bob-browser-key-0001");
  // Before any account: an online game between two anonymous browsers.
  Reply g = ann->post("/api/games", {{"online", true}, {"side", "blue"}, {"blue", kHuman}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t first = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
  ASSERT_EQ(ann->post(path(first, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(bob->post(path(first, "/resign"), Json::object()).status, 200);
  // Signing up claims the browser's seat.
  Reply up = ann->post("/api/account/signup", kAnn);
  ASSERT_EQ(up.status, 201) << up.text;
  EXPECT_EQ(up.body["claimed"], 1);
  EXPECT_EQ(ann->post("/api/account/claim", Json::object()).body["claimed"], 0);
  Reply bob_up = bob->post("/api/account/signup", kBob);
  EXPECT_EQ(bob_up.body["claimed"], 1);

  // Logged in: the seats are the accounts' as they are taken.
  // A browser's answers come compressed: the seats are found all the same.
  Reply second = ann->post("/api/games", {{"online", true}, {"side", "red"}, {"red", kHuman}},
                           {{"Accept-Encoding", "gzip, deflate, br"}});
  ASSERT_EQ(second.status, 201) << second.text;
  const int64_t id = second.body["id"];
  ASSERT_EQ(
      bob->post(path(id, "/join"), {{"code", second.body["code"]}}, {{"Accept-Encoding", "gzip"}})
          .status,
      200);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  ASSERT_EQ(ann->post(path(id, "/offers"), {{"kind", "draw"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/offers/accept"), {{"kind", "draw"}}).status, 200);

  auto anyone = browser("");
  Reply p = anyone->get("/api/players/ann");
  ASSERT_EQ(p.status, 200) << p.text;
  EXPECT_EQ(p.body["name"], "Ann");
  EXPECT_EQ(p.body["played"], 2);
  EXPECT_EQ(p.body["wins"], 1);
  EXPECT_EQ(p.body["draws"], 1);
  EXPECT_EQ(p.body["losses"], 0);
  ASSERT_EQ(p.body["games"].size(), 2u);
  const Json& newest = p.body["games"][0];
  EXPECT_EQ(newest["id"], id);
  EXPECT_EQ(newest["side"], "red");
  EXPECT_EQ(newest["outcome"], "draw");
  EXPECT_EQ(newest["result"], "1/2-1/2");
  EXPECT_EQ(newest["blue"], "bob");
  EXPECT_EQ(newest["red"], "Ann");
  EXPECT_EQ(newest["variant"], "standard");
  EXPECT_EQ(p.body["games"][1]["outcome"], "win");
  Reply page = anyone->get("/api/players/ann?limit=1&offset=1");
  ASSERT_EQ(page.body["games"].size(), 1u);
  EXPECT_EQ(page.body["games"][0]["id"], first);
  EXPECT_EQ(anyone->get("/api/players/bob").body["losses"], 1);
  Reply none = anyone->get("/api/players/nobody");
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(message_of(none), "there is no player \"nobody\"");
}

TEST_F(WebAccountTest, YourTurnListsTheAccountsGamesOnEveryDevice) {
  start();
  auto laptop = browser("ann-laptop-key-0001");
  auto phone = browser("ann-phone-key-00001");
  auto bob = browser("bob-browser-key-0001");
  ASSERT_EQ(laptop->post("/api/account/signup", kAnn).status, 201);
  ASSERT_EQ(phone->post("/api/account/login", kAnn).status, 200);
  Reply g = laptop->post("/api/games", {{"online", true}, {"side", "red"}, {"red", kHuman}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);
  // Blue (Bob) to move: not Ann's turn on either device.
  EXPECT_EQ(phone->post("/api/your-turn", {{"games", Json::array()}}).body["count"], 0);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "a3a4"}}).status, 200);
  // The phone holds no seat token and another player key: the account's
  // seat is enough, and the game named by the laptop's token too is listed once.
  Reply on_phone = phone->post("/api/your-turn", {{"games", Json::array()}});
  ASSERT_EQ(on_phone.status, 200) << on_phone.text;
  ASSERT_EQ(on_phone.body["count"], 1);
  EXPECT_EQ(on_phone.body["games"][0]["id"], id);
  EXPECT_EQ(on_phone.body["games"][0]["seat"], "red");
  const std::string token = g.body["seat_tokens"]["red"];
  Reply both =
      laptop->post("/api/your-turn", {{"games", Json::array({{{"id", id}, {"tokens", {token}}}})}});
  EXPECT_EQ(both.body["count"], 1) << both.text;
  // Logged out, the phone is told of nothing.
  ASSERT_EQ(phone->post("/api/account/logout", Json::object()).status, 200);
  EXPECT_EQ(phone->post("/api/your-turn", {{"games", Json::array()}}).body["count"], 0);
}

TEST_F(WebAccountTest, AnAccountsSeatIsPlayedFromEveryDeviceLoggedIntoIt) {
  start();
  // Ann's phone makes the game (its player key and token hold the seat);
  // her laptop, a browser of its own with neither, logs into her account.
  auto phone = browser("ann-phone-key-00001");
  auto laptop = browser("");
  auto bob = browser("bob-browser-key-0001");
  auto cy = browser("cy-browser-key-00001");
  ASSERT_EQ(phone->post("/api/account/signup", kAnn).status, 201);
  ASSERT_EQ(cy->post("/api/account/signup", {{"name", "Cy"}, {"password", "cy-secret-12"}}).status,
            201);
  Reply g = phone->post("/api/games", {{"online", true}, {"side", "blue"}, {"blue", kHuman}});
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(bob->post("/api/join", {{"code", g.body["code"]}}).status, 200);

  // Before logging in the laptop is a spectator.
  Reply r = laptop->post(path(id, "/moves"), {{"move", "a3a4"}});
  EXPECT_EQ(r.status, 403) << r.text;
  EXPECT_EQ(code_of(r), "not_your_seat");
  EXPECT_EQ(laptop->get(path(id)).body["you"], Json::array());

  ASSERT_EQ(laptop->post("/api/account/login", kAnn).status, 200);
  EXPECT_EQ(laptop->get(path(id)).body["you"], Json::array({"blue"}));
  r = laptop->post(path(id, "/moves"), {{"move", "a3a4"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["ply"], 1);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "g7g6"}}).status, 200);
  // The phone plays on with its key, the laptop with the account: one seat.
  ASSERT_EQ(phone->post(path(id, "/moves"), {{"move", "a4a5"}}).status, 200);
  ASSERT_EQ(bob->post(path(id, "/moves"), {{"move", "g6g5"}}).status, 200);
  r = laptop->post(path(id, "/offers"), {{"kind", "draw"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["offers"]["draw"], "blue");
  ASSERT_EQ(bob->post(path(id, "/offers/decline"), {{"kind", "draw"}}).status, 200);
  // The seat's account is Ann's, not any account's: Cy is a spectator.
  r = cy->post(path(id, "/moves"), {{"move", "a5a6"}});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(code_of(r), "not_your_seat");
  // Logged out, the laptop proves nothing any more.
  ASSERT_EQ(laptop->post("/api/account/logout", Json::object()).status, 200);
  r = laptop->post(path(id, "/resign"), Json::object());
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(code_of(r), "not_your_seat");
  ASSERT_EQ(laptop->post("/api/account/login", kAnn).status, 200);
  r = laptop->post(path(id, "/resign"), Json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["result"], "0-1");
  EXPECT_EQ(phone->get(path(id)).body["result"], "0-1");
  // A route that asks who the request is from with the game locked (a
  // review's) finds the account's seat all the same, and answers.
  r = laptop->post(path(id, "/review"), {{"movetime_ms", 20}});
  EXPECT_EQ(r.status, 202) << r.text;
}

TEST_F(WebAccountTest, APuzzleRatingIsTheAccountsOnEveryDevice) {
  start();
  auto laptop = browser("ann-laptop-key-0001");
  auto phone = browser("ann-phone-key-00001");
  ASSERT_EQ(laptop->post("/api/account/signup", kAnn).status, 201);
  ASSERT_EQ(phone->post("/api/account/login", kAnn).status, 200);
  // A one-move den entry (docs/puzzles.md), solved on the laptop.
  Reply solved = laptop->post("/api/puzzles/3bd2369f2239/attempt", {{"moves", {"e9d9"}}});
  ASSERT_EQ(solved.status, 200) << solved.text;
  EXPECT_EQ(solved.body["status"], "solved");
  const Json expected = {
      {"rating", 1536}, {"deviation", 318}, {"provisional", true}, {"attempts", 1}};
  EXPECT_EQ(laptop->get("/api/puzzles/player").body["player"], expected);
  EXPECT_EQ(phone->get("/api/puzzles/player").body["player"], expected);
  // Logged out, the phone is a new anonymous player again.
  ASSERT_EQ(phone->post("/api/account/logout", Json::object()).status, 200);
  EXPECT_EQ(phone->get("/api/puzzles/player").body["player"]["attempts"], 0);
}

TEST_F(WebAccountTest, APuzzleRatingAndHistorySurviveARestart) {
  start();
  const std::string puzzle = "/api/puzzles/3bd2369f2239";
  auto laptop = browser("ann-laptop-key-0001");
  ASSERT_EQ(laptop->post("/api/account/signup", kAnn).status, 201);
  Reply solved = laptop->post(puzzle + "/attempt", {{"moves", {"e9d9"}}});
  ASSERT_EQ(solved.status, 200) << solved.text;
  EXPECT_EQ(solved.body["rated"], true);
  EXPECT_EQ(solved.body["change"], 36);
  EXPECT_EQ(solved.body["puzzle_rating"], 989);
  const Json rated = {{"rating", 1536}, {"deviation", 318}, {"provisional", true}, {"attempts", 1}};
  const Json history = {{"history",
                         {{{"puzzle", "3bd2369f2239"},
                           {"solved", true},
                           {"rating_before", 1500},
                           {"rating_after", 1536},
                           {"at_ms", 1'700'000'000'000}}}}};
  EXPECT_EQ(laptop->get("/api/puzzles/history").body, history);
  // Someone without an account keeps no history.
  EXPECT_EQ(browser("bob-browser-key-0001")->get("/api/puzzles/history").body,
            (Json{{"history", Json::array()}}));

  // A restart on the same database: the account's rating, its history and
  // the puzzle's rating are all still there.
  server_.reset();
  start();
  auto phone = browser("ann-phone-key-00001");
  ASSERT_EQ(phone->post("/api/account/login", kAnn).status, 200);
  EXPECT_EQ(phone->get("/api/puzzles/player").body["player"], rated);
  EXPECT_EQ(phone->get("/api/puzzles/history").body, history);
  EXPECT_EQ(phone->get(puzzle).body["puzzle"]["rating"], 989);
  // Rated once: solving it again after the restart changes nothing.
  Reply again = phone->post(puzzle + "/attempt", {{"moves", {"e9d9"}}});
  ASSERT_EQ(again.status, 200) << again.text;
  EXPECT_EQ(again.body["rated"], false);
  EXPECT_EQ(again.body["change"], 0);
  EXPECT_EQ(again.body["player"], rated);
}

TEST_F(WebAccountTest, AGameAgainstTheEngineIsTheAccountsOnItsHumanSeatOnly) {
  start();
  const Json engine = {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 50}};
  auto ann = browser("ann-browser-key-0001");
  // Anonymous first, then claimed; then one made while logged in.
  Reply before = ann->post("/api/games", {{"blue", kHuman}, {"red", engine}});
  ASSERT_EQ(before.status, 201) << before.text;
  Reply up = ann->post("/api/account/signup", kAnn);
  EXPECT_EQ(up.body["claimed"], 1);
  Reply after = ann->post("/api/games", {{"blue", engine}, {"red", kHuman}});
  ASSERT_EQ(after.status, 201) << after.text;
  Reply p = ann->get("/api/players/Ann");
  ASSERT_EQ(p.body["games"].size(), 2u) << p.text;
  EXPECT_EQ(p.body["games"][0]["side"], "red");
  EXPECT_EQ(p.body["games"][0]["blue"], nullptr);
  EXPECT_EQ(p.body["games"][1]["side"], "blue");
  EXPECT_EQ(p.body["games"][1]["red"], nullptr);
}

TEST_F(WebAccountTest, TheRecordFileHoldsEachGameAsASpectatorDownloadsIt) {
  start();
  auto ann = browser("ann-browser-key-0001");
  ASSERT_EQ(ann->post("/api/account/signup", kAnn).status, 201);
  // A hidden-pieces game under way, and an open one.
  Reply hidden =
      ann->post("/api/games", {{"variant", "hidden"}, {"online", true}, {"side", "blue"}});
  ASSERT_EQ(hidden.status, 201) << hidden.text;
  Reply open = ann->post("/api/games", {{"blue", kHuman}, {"red", kHuman}});
  ASSERT_EQ(open.status, 201) << open.text;
  ASSERT_EQ(ann->post(path(open.body["id"], "/moves"), {{"move", "a3a4"}}).status, 200);
  auto spectator = browser("");
  const std::string expected = spectator->get(path(hidden.body["id"], "/record")).text + "\n" +
                               spectator->get(path(open.body["id"], "/record")).text;
  Reply file = spectator->get("/api/players/Ann/record?download=1");
  ASSERT_EQ(file.status, 200) << file.text;
  EXPECT_EQ(file.text, expected);
  EXPECT_EQ(header(file, "Content-Disposition"), "attachment; filename=\"jungle-games-Ann.jgn\"");
  // The owner's own view of the hidden game (its set-up) is not what goes out.
  EXPECT_NE(ann->get(path(hidden.body["id"], "/record")).text,
            spectator->get(path(hidden.body["id"], "/record")).text);
  // The profile's list says no more than a game's result.
  Reply p = spectator->get("/api/players/Ann");
  for (const Json& g : p.body["games"]) {
    for (const char* secret : {"fen", "pieces", "moves", "setup", "seats"}) {
      EXPECT_FALSE(g.contains(secret)) << secret;
    }
  }
}

TEST_F(WebAccountTest, DeletingKeepsTheGamesAndTheNameTaken) {
  start();
  auto ann = browser("ann-browser-key-0001");
  ASSERT_EQ(ann->post("/api/account/signup", kAnn).status, 201);
  Reply g = ann->post("/api/games", {{"blue", kHuman}, {"red", kHuman}});
  ASSERT_EQ(g.status, 201);
  Reply wrong = ann->del("/api/account", {{"password", "not-it-123"}});
  EXPECT_EQ(wrong.status, 403);
  Reply gone = ann->del("/api/account", {{"password", "ann-secret-1"}});
  ASSERT_EQ(gone.status, 200) << gone.text;
  EXPECT_EQ(ann->last_set_cookie,
            ann->cookie_name() + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
  EXPECT_EQ(ann->get("/api/players/Ann").status, 404);
  EXPECT_EQ(ann->post("/api/account/login", kAnn).status, 401);
  auto impostor = browser("impostor-key-0000001");
  EXPECT_EQ(
      impostor->post("/api/account/signup", {{"name", "ann"}, {"password", "12345678"}}).status,
      409);
  EXPECT_EQ(ann->get(path(g.body["id"])).status, 200);
}

TEST_F(WebAccountTest, TheRequestGuardCoversTheAccountRoutes) {
  start();
  httplib::Client c("127.0.0.1", port_);
  Reply foreign = reply(c.Post("/api/account/login", {{"Origin", "http://evil.example"}},
                               kAnn.dump(), "application/json"));
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(code_of(foreign), "forbidden_origin");
  Reply form = reply(c.Post("/api/account/signup", "name=Ann&password=12345678",
                            "application/x-www-form-urlencoded"));
  EXPECT_EQ(form.status, 415);
  Reply host = reply(c.Get("/api/account", {{"Host", "rebound.example"}}));
  EXPECT_EQ(host.status, 403);
  EXPECT_EQ(code_of(host), "forbidden_host");
}

#ifdef JUNGLE_HAS_POSTGRES
TEST(WebAccountPgTest, TwoServersOnOnePostgresShareSessions) {
  JUNGLE_NEED_POSTGRES(pg);
  TestFolder dir("web-account-pg");
  WebServerOptions options = small_test_server(dir, 16);
  options.db = pg->new_database("acctweb");
  options.password_cost = PasswordCost::minimum();
  WebServer one(options);
  WebServer two(options);
  const int port_one = one.start();
  const int port_two = two.start();
  Browser on_one(port_one, "ann-browser-key-0001");
  ASSERT_EQ(on_one.post("/api/account/signup", kAnn).status, 201);
  // The same browser behind a balancer: its cookie reaches the other server.
  Browser on_two(port_two, "ann-browser-key-0001");
  on_two.set_token(on_one.token());
  EXPECT_EQ(on_two.get("/api/account").body["account"]["name"], "Ann");
  EXPECT_EQ(on_two.get("/api/players/Ann").status, 200);
  ASSERT_EQ(on_two.post("/api/account/logout", Json::object()).status, 200);
  EXPECT_EQ(on_one.get("/api/account").body["account"], nullptr);
}

// The login limits are the database's, not each server's: failures spread
// over two servers on one PostgreSQL fill one bucket, and the refusal and
// its wait are the same on both; the waits run on each server's clock.
TEST(WebAccountPgTest, TwoServersOnOnePostgresShareTheLoginLimits) {
  JUNGLE_NEED_POSTGRES(pg);
  TestFolder dir("web-account-pg-limits");
  WebServerOptions options = small_test_server(dir, 16);
  options.db = pg->new_database("acctlimits");
  options.password_cost = PasswordCost::minimum();
  std::atomic<int64_t> now{1'700'000'000'000};
  options.clock = [&now] { return now.load(); };
  WebServer one(options);
  WebServer two(options);
  const int port_one = one.start();
  const int port_two = two.start();
  Browser ann(port_one, "ann-browser-key-0001");
  ASSERT_EQ(ann.post("/api/account/signup", kAnn).status, 201);
  Browser guesser_one(port_one, "guesser-key-00000001");
  Browser guesser_two(port_two, "guesser-key-00000001");
  const Json wrong = {{"name", "Ann"}, {"password", "guess-0000"}};
  // 5 failures to Ann's name, 3 on one server and 2 on the other: each
  // server alone would still allow 2 or 3 more.
  for (int i = 0; i < LoginLimits::kPerName; ++i) {
    Browser& guesser = i % 2 == 0 ? guesser_one : guesser_two;
    EXPECT_EQ(guesser.post("/api/account/login", wrong).status, 401) << i;
  }
  for (Browser* guesser : {&guesser_one, &guesser_two}) {
    const Reply limited = guesser->post("/api/account/login", kAnn);
    EXPECT_EQ(limited.status, 429) << limited.text;
    EXPECT_EQ(code_of(limited), "too_many_attempts");
    EXPECT_EQ(header(limited, "Retry-After"), "180");
  }
  now += 179'999;
  EXPECT_EQ(guesser_two.post("/api/account/login", kAnn).status, 429);
  now += 1;
  EXPECT_EQ(guesser_two.post("/api/account/login", kAnn).status, 200);
  // The token earned back is spent: one failure on the other server and
  // Ann's name is refused again on both.
  EXPECT_EQ(guesser_one.post("/api/account/login", wrong).status, 401);
  EXPECT_EQ(guesser_two.post("/api/account/login", kAnn).status, 429);
  EXPECT_EQ(guesser_one.post("/api/account/login", kAnn).status, 429);
}
#endif

}  // namespace
}  // namespace jungle::web
