// Hidden-piece games over the API (docs/api.md, "Hidden pieces"), against
// an in-process server: each seat and each spectator is sent only its own
// view, through every route and every event of the stream; the truth (the
// secret set-up, every animal) only once the game is over. The leak checks:
//   - every answer and every streamed event of hot-seat, engine and online
//     games is read for animals its reader was not shown (letters in FENs,
//     single pieces, animal names), judged against the truth afterwards;
//   - indistinguishability: two games whose truths differ only in animals
//     Blue is never shown send Blue the same bytes, answer for answer.
// Then the chosen set-up, the engine that plays from its own view, hints,
// records, a restart that resumes a game with its secret set-up, refusals,
// and Flip Jungle online (the pool is shared, flips drawn by the server).
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sse_events.h"
#include "test_folder.h"
#include "view_leak_check.h"
#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

const Json kEngine = {{"type", "engine"}, {"skill", 4}, {"movetime_ms", 100}};

// The standard start with Red's Lion and Tiger exchanged, and as it is:
// two truths that differ only in two animals that stand still in the
// scripted games below.
const char* kTruthA = "t5l/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
const char* kTruthB = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

// Plies of a hot-seat game on those truths: Red's Rat takes Blue's
// Elephant, Red's Elephant dies attacking Blue's Rat, and quiet moves.
const std::vector<std::string> kScript = {"a3a4", "a7a6", "a4a5", "a6a5", "g3g4", "g7g6",
                                          "g4g5", "g6g5", "b2b3", "f8f7", "b3a3"};

class WebHiddenTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.reset(); }

  void start() { start_in(dir_); }
  // A server on the database in `dir`, its accounts' passwords hashed at
  // the least cost (the tests sign up).
  void start_in(const TestFolder& dir) {
    WebServerOptions options = small_test_server(dir, 16);
    options.password_cost = PasswordCost::minimum();
    server_ = std::make_unique<WebServer>(options);
    port_ = server_->start();
  }
  // GET `p` as `b` (its player key and login), remembered as `eyes` saw it.
  Reply get(Browser& b, const std::string& p, Eyes eyes) {
    Reply r = b.get(p);
    remember("GET " + p + " (" + eyes_name(eyes) + ")", eyes, r);
    return r;
  }
  static std::string eyes_name(Eyes eyes) {
    return !eyes.side ? "spectator" : *eyes.side == 'b' ? "blue" : "red";
  }
  // The account routes' answers (and the lobby's and the list's) as `b`
  // gets them, every one remembered: the profile, the rating history and
  // the record file of each of `names`, the games list, the lobby, the
  // leaderboard of `category`, and `b`'s puzzle history.
  std::vector<Reply> sweep(Browser& b, Eyes eyes, const std::vector<std::string>& names,
                           const std::string& category) {
    std::vector<Reply> out;
    for (const std::string& name : names) {
      for (const char* rest : {"", "/history", "/record"}) {
        out.push_back(get(b, "/api/players/" + name + rest, eyes));
      }
    }
    for (const std::string& p :
         {std::string("/api/games"), std::string("/api/lobby"),
          "/api/leaderboard?category=" + category, std::string("/api/puzzles/history")}) {
      out.push_back(get(b, p, eyes));
    }
    for (const Reply& r : out) EXPECT_EQ(r.status, 200) << r.text;
    return out;
  }
  void restart() {
    server_.reset();
    start();
  }

  std::unique_ptr<httplib::Client> player(const std::string& key = "") const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    c->set_read_timeout(60);
    if (!key.empty()) c->set_default_headers({{"X-Player-Key", key}});
    return c;
  }
  static std::string path(int64_t id, const std::string& rest = "", const std::string& as = "") {
    return "/api/games/" + std::to_string(id) + rest + (as.empty() ? "" : "?as=" + as);
  }
  static std::string code_of(const Reply& r) {
    return r.body.contains("error") ? r.body["error"]["code"].get<std::string>() : "";
  }

  // Requests that remember what each reader was sent.
  Reply post(httplib::Client& c, const std::string& p, const Json& body, Eyes eyes) {
    Reply r = reply(c.Post(p, body.dump(), "application/json"));
    remember("POST " + p, eyes, r);
    return r;
  }
  Reply get(httplib::Client& c, const std::string& p, Eyes eyes) {
    Reply r = reply(c.Get(p));
    remember("GET " + p, eyes, r);
    return r;
  }
  void remember(const std::string& where, Eyes eyes, const Reply& r) {
    std::lock_guard lock(seen_mutex_);
    Seen s{where, eyes, 0, false, r.body.is_discarded() ? Json() : r.body};
    if (r.body.is_object() && r.body.contains("ply")) {
      s.announcements = r.body["ply"].get<size_t>();
      s.over = r.body.value("status", "") == "over";
    } else {
      s.announcements = last_ply_;
    }
    if (!r.content_type.starts_with("application/json")) s.body = Json(r.text);
    seen_.push_back(std::move(s));
  }

  // Watches a game's stream in the background until it ends (game_over),
  // remembering every event as its reader got it.
  std::thread watch(const std::string& key, const std::string& url, Eyes eyes,
                    std::atomic<bool>& stop) {
    return std::thread([this, key, url, eyes, &stop] {
      auto c = player(key);
      std::string text;
      size_t done = 0;
      c->Get(url, [&](const char* data, size_t n) {
        text.append(data, n);
        const std::vector<Sse> events = parse_events(text);
        bool ended = false;
        for (; done < events.size(); ++done) {
          const Sse& e = events[done];
          std::lock_guard lock(seen_mutex_);
          Seen s{"event " + std::to_string(e.id) + " (" + e.type + ") of " + url, eyes, 0, false,
                 e.data};
          const Json& st = e.data.contains("state") ? e.data["state"] : Json();
          s.announcements =
              st.is_object() ? st["ply"].get<size_t>() : size_t(e.data.value("ply", 0));
          s.over = st.is_object() && st["status"] == "over";
          if (e.type == "game_over") s.over = true;
          seen_.push_back(std::move(s));
          if (e.type == "game_over") ended = true;
        }
        return !ended && !stop.load();
      });
    });
  }

  TestFolder dir_{"web-hidden"};
  std::unique_ptr<WebServer> server_;
  int port_ = 0;
  std::mutex seen_mutex_;
  std::vector<Seen> seen_;
  size_t last_ply_ = 0;
};

const Eyes kBlueEyes{'b'};
const Eyes kRedEyes{'r'};
const Eyes kNobody{};

// ---------------------------------------------------------------------------

TEST_F(WebHiddenTest, EachSeatSeesItsOwnViewAndASpectatorNoAnimal) {
  start();
  auto alice = player("alice-key-000000001");
  auto carol = player("carol-key-000000001");
  Reply g =
      post(*alice, "/api/games",
           {{"variant", "hidden"}, {"fen", kTruthA}, {"blue", kHuman}, {"red", kHuman}}, kNobody);
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  // Two people share the screen: until the page names one, nothing private.
  EXPECT_EQ(g.body["kind"], "hidden");
  EXPECT_TRUE(g.body["viewer"].is_null());
  EXPECT_EQ(g.body["fen"], "x5x/1x3x1/x1x1x1x/7/7/7/X1X1X1X/1X3X1/X5X w 0 1 RCDWPTLErcdwptle");
  EXPECT_EQ(g.body["legal_moves"], Json::array());

  Reply blue = get(*alice, path(id, "", "blue"), kBlueEyes);
  EXPECT_EQ(blue.body["viewer"], "blue");
  EXPECT_EQ(blue.body["you"], Json::array({"blue"}));
  EXPECT_EQ(blue.body["fen"], "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle");
  EXPECT_EQ(blue.body["start_fen"], blue.body["fen"]);
  EXPECT_EQ(blue.body["legal_moves"].size(), 24u);
  Reply red = get(*alice, path(id, "", "red"), kRedEyes);
  EXPECT_EQ(red.body["viewer"], "red");
  EXPECT_EQ(red.body["fen"], "t5l/1d3c1/r1p1w1e/7/7/7/X1X1X1X/1X3X1/X5X w 0 1 RCDWPTLE");
  // Not Red's turn: no tries.
  EXPECT_EQ(red.body["legal_moves"], Json::array());
  // A stranger watches as a spectator.
  Reply watcher = get(*carol, path(id), kNobody);
  EXPECT_TRUE(watcher.body["viewer"].is_null());
  EXPECT_EQ(watcher.body["fen"], g.body["fen"]);
  // The pieces: Blue's own animal on a1, an unknown Red piece on a9 that can
  // be any of Red's animals.
  for (const Json& p : blue.body["pieces"]) {
    if (p["square"] == "a1") {
      EXPECT_EQ(p["animal"], "T");
    }
    if (p["square"] == "a9") {
      EXPECT_TRUE(p["animal"].is_null());
      EXPECT_EQ(p["candidates"], "rcdwptle");
    }
  }
  // ?as= names a seat.
  EXPECT_EQ(code_of(reply(alice->Get(path(id, "", "green")))), "bad_param");
  // A move for Blue acting as Red is not Red's to make.
  EXPECT_EQ(code_of(post(*alice, path(id, "/moves", "red"), {{"move", "a3a4"}}, kRedEyes)),
            "not_your_seat");
  EXPECT_TRUE(leaks(seen_, {}).empty());
}

TEST_F(WebHiddenTest, AGameSendsBlueTheSameBytesWhateverTheAnimalsItNeverSees) {
  // The strongest check: Red's Lion and Tiger exchanged, which Blue is
  // never shown, change nothing Blue is sent.
  start();
  auto alice = player("alice-key-000000001");
  std::vector<std::vector<Json>> sent(2);
  for (int run = 0; run < 2; ++run) {
    Reply g = post(*alice, "/api/games",
                   {{"variant", "hidden"},
                    {"fen", run == 0 ? kTruthA : kTruthB},
                    {"blue", kHuman},
                    {"red", kHuman}},
                   kNobody);
    ASSERT_EQ(g.status, 201);
    const int64_t id = g.body["id"];
    for (const std::string& m : kScript) {
      const bool blue_moves = get(*alice, path(id), kNobody).body["side_to_move"] == "blue";
      Reply r = post(*alice, path(id, "/moves", blue_moves ? "blue" : "red"), {{"move", m}},
                     blue_moves ? kBlueEyes : kRedEyes);
      ASSERT_EQ(r.status, 200) << m << ": " << r.text;
      sent[size_t(run)].push_back(normalized(get(*alice, path(id, "", "blue"), kBlueEyes).body));
      sent[size_t(run)].push_back(normalized(get(*alice, path(id), kNobody).body));
      Reply record = get(*alice, path(id, "/record", "blue"), kBlueEyes);
      sent[size_t(run)].push_back(Json(record.text.substr(record.text.find("[Result"))));
    }
  }
  ASSERT_EQ(sent[0].size(), sent[1].size());
  for (size_t i = 0; i < sent[0].size(); ++i) {
    EXPECT_EQ(sent[0][i].dump(), sent[1][i].dump()) << "answer " << i;
  }
  // What the script announced: the Rat took the Elephant, the Elephant died
  // attacking the Rat, both shown.
  const Json& last = sent[0][sent[0].size() - 3];
  EXPECT_EQ(last["moves"][3]["announcement"], "a6a5:took=rE");
  EXPECT_EQ(last["moves"][3]["captured"], "E");
  EXPECT_EQ(last["moves"][3]["piece"], "r");
  EXPECT_EQ(last["moves"][7]["announcement"], "g6g5:died=eR");
  EXPECT_EQ(last["moves"][7]["lost"], "e");
  EXPECT_EQ(last["fen"], "x5x/1x5/2x1xx1/7/r5R/7/C1W1P2/5D1/T5L b 3 6 cdwptl");
  std::vector<std::string> announced;
  for (const Json& m : last["moves"]) announced.push_back(m["announcement"]);
  const std::vector<std::string> found = leaks(seen_, announced);
  EXPECT_TRUE(found.empty()) << found.size() << " leaks, the first: " << found.front();
}

TEST_F(WebHiddenTest, TheTruthComesOnlyOnceTheGameIsOverAndTheRecordHoldsIt) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g =
      post(*alice, "/api/games",
           {{"variant", "hidden"}, {"fen", kTruthA}, {"blue", kHuman}, {"red", kHuman}}, kNobody);
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*alice, path(id, "/moves", "blue"), {{"move", "a3a4"}}, kBlueEyes).status, 200);
  // While it goes on, a record holds its reader's view.
  Reply view_record = get(*alice, path(id, "/record", "blue"), kBlueEyes);
  EXPECT_EQ(record_tag(view_record.text, "View"), "Blue");
  EXPECT_EQ(record_tag(view_record.text, "FEN"),
            "x5x/1x3x1/x1x1x1x/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 rcdwptle");
  Reply spectator_record = get(*player(), path(id, "/record"), kNobody);
  EXPECT_EQ(record_tag(spectator_record.text, "View"), "spectator");
  // Blue resigns: everyone is shown everything.
  Reply r = post(*alice, path(id, "/resign", "blue"), Json::object(), kBlueEyes);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "over");
  EXPECT_TRUE(r.body["truth"].get<bool>());
  EXPECT_EQ(r.body["start_fen"], kTruthA);
  EXPECT_EQ(r.body["fen"], "t5l/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1");
  EXPECT_EQ(r.body["moves"][0]["piece"], "E");
  Reply watcher = get(*player(), path(id), kNobody);
  EXPECT_EQ(watcher.body["fen"], r.body["fen"]);
  Reply record = get(*player(), path(id, "/record"), kNobody);
  EXPECT_EQ(record_tag(record.text, "FEN"), kTruthA);
  EXPECT_EQ(record_tag(record.text, "View"), "");
  EXPECT_EQ(record_tag(record.text, "Termination"), "resignation");
  EXPECT_TRUE(leaks(seen_, {"a3a4"}).empty());
}

TEST_F(WebHiddenTest, AnOnlineGameSendsEachSeatAndTheSpectatorOnlyTheirOwnViews) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  Reply g = post(*alice, "/api/games", {{"variant", "hidden"}, {"online", true}, {"side", "blue"}},
                 kBlueEyes);
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  // No FEN online: it would show its writer the opponent's set-up.
  EXPECT_EQ(
      code_of(reply(alice->Post(
          "/api/games", Json{{"variant", "hidden"}, {"online", true}, {"fen", kTruthA}}.dump(),
          "application/json"))),
      "secret_setup");
  Reply joined = post(*bob, "/api/join", {{"code", g.body["code"]}}, kRedEyes);
  ASSERT_EQ(joined.status, 200) << joined.text;

  std::atomic<bool> stop{false};
  std::vector<std::thread> watchers;
  watchers.push_back(watch("alice-key-000000001", path(id, "/events"), kBlueEyes, stop));
  watchers.push_back(watch("bob-key-00000000001", path(id, "/events"), kRedEyes, stop));
  watchers.push_back(watch("carol-key-000000001", path(id, "/events"), kNobody, stop));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));

  // Each plays tries from its own view, attacks first, for 24 plies.
  std::mt19937 rng(7);
  for (int ply = 0; ply < 24; ++ply) {
    const bool blue = ply % 2 == 0;
    httplib::Client& me = blue ? *alice : *bob;
    const Eyes eyes = blue ? kBlueEyes : kRedEyes;
    Reply mine = get(me, path(id), eyes);
    if (mine.body["status"] == "over") break;
    ASSERT_EQ(mine.body["side_to_move"], blue ? "blue" : "red");
    const Json& tries = mine.body["legal_moves"];
    ASSERT_FALSE(tries.empty());
    std::set<std::string> enemy;
    for (const Json& p : mine.body["pieces"]) {
      if (p["side"] != mine.body["side_to_move"]) enemy.insert(p["square"].get<std::string>());
    }
    std::string pick = tries[rng() % tries.size()];
    for (const Json& t : tries) {
      if (enemy.count(t.get<std::string>().substr(2))) pick = t;
    }
    Reply r = post(me, path(id, "/moves"), {{"move", pick}}, eyes);
    ASSERT_EQ(r.status, 200) << pick << ": " << r.text;
    get(*carol, path(id), kNobody);
    last_ply_ = r.body["ply"];
  }
  // The other seat is not moved for.
  Reply state = get(*alice, path(id), kBlueEyes);
  if (state.body["status"] == "ongoing") {
    httplib::Client& waiting = state.body["side_to_move"] == "blue" ? *bob : *alice;
    EXPECT_EQ(code_of(reply(waiting.Post(path(id, "/moves"), Json{{"move", "a1a2"}}.dump(),
                                         "application/json"))),
              "not_your_seat");
    ASSERT_EQ(post(*alice, path(id, "/resign"), Json::object(), kBlueEyes).status, 200);
  }
  for (std::thread& t : watchers) t.join();
  stop = true;

  Reply record = get(*carol, path(id, "/record"), kNobody);
  const std::vector<std::string> announcements = record_announcements(record.text);
  ASSERT_GE(announcements.size(), 10u);
  EXPECT_FALSE(record_tag(record.text, "FEN").empty());
  const std::vector<std::string> found = leaks(seen_, announcements);
  EXPECT_TRUE(found.empty()) << found.size() << " leaks, the first: " << found.front();
  // Each reader's stream carried its own view: the events were read.
  size_t events = 0;
  for (const Seen& s : seen_) events += s.where.starts_with("event ");
  EXPECT_GT(events, 3 * 20u);
}

TEST_F(WebHiddenTest, ALeakWouldBeFound) {
  // The check itself: an answer naming an animal its reader was not shown.
  Json answer = {{"fen", "x5x/1x3x1/x1x1x1t/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 -"},
                 {"moves", {{{"piece", "l"}, {"captured", "?"}}}},
                 {"message", "the Red Tiger on g7"},
                 {"candidates", "lt"}};
  std::vector<Seen> seen = {{"answer", kBlueEyes, 2, false, answer}};
  const std::vector<std::string> found = leaks(seen, {});
  ASSERT_EQ(found.size(), 3u);
  EXPECT_NE(found[0].find("FEN letter t"), std::string::npos);
  // Shown animals, the reader's own and the end are allowed.
  EXPECT_EQ(leaks(seen, {"a6a5:took=lE", "g7g6:died=tR"}).size(), 0u);
  seen[0].over = true;
  EXPECT_EQ(leaks(seen, {}).size(), 0u);
}

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

TEST_F(WebHiddenTest, HelpThinksFromTheViewAndWhatWouldSeeTheTruthIsRefused) {
  start();
  auto alice = player("alice-key-000000001");
  Reply g =
      post(*alice, "/api/games",
           {{"variant", "hidden"}, {"fen", kTruthA}, {"blue", kHuman}, {"red", kHuman}}, kNobody);
  const int64_t id = g.body["id"];
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

TEST_F(WebHiddenTest, AFlipGameOnlineShowsEverySeatTheSameAndDrawsOnTheServer) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  Reply g = post(*alice, "/api/games", {{"variant", "flip"}, {"online", true}, {"side", "blue"}},
                 kNobody);
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(post(*bob, "/api/join", {{"code", g.body["code"]}}, kNobody).status, 200);
  // A client cannot say what its flip reveals.
  EXPECT_EQ(code_of(post(*alice, path(id, "/moves"), {{"move", "a1?=L"}}, kNobody)),
            "illegal_move");
  for (int ply = 0; ply < 6; ++ply) {
    httplib::Client& me = ply % 2 == 0 ? *alice : *bob;
    Reply mine = get(me, path(id), kNobody);
    std::string flip;
    for (const Json& a : mine.body["legal_moves"]) {
      if (a.get<std::string>().back() == '?') flip = a;
    }
    ASSERT_FALSE(flip.empty());
    ASSERT_EQ(post(me, path(id, "/moves"), {{"move", flip}}, kNobody).status, 200);
    // Everyone sees the same board and pool: the face-down tiles are
    // nothing yet, and no draw to come is in any answer.
    Json a = normalized(get(*alice, path(id), kNobody).body);
    Json b = normalized(get(*bob, path(id), kNobody).body);
    Json c = normalized(get(*carol, path(id), kNobody).body);
    // Only the seat to move (Bob's after Alice's ply) is sent legal moves;
    // each reader is named as it reads.
    EXPECT_EQ((ply % 2 == 0 ? b : a)["legal_moves"].empty(), false);
    EXPECT_EQ((ply % 2 == 0 ? a : b)["legal_moves"], Json::array());
    EXPECT_EQ(c["legal_moves"], Json::array());
    EXPECT_EQ(c["viewer"], nullptr);
    for (Json* j : {&a, &b, &c}) {
      j->erase("you");
      j->erase("legal_moves");
      j->erase("viewer");
      for (const auto& [k, v] : (*j)["board"].items()) {
        EXPECT_TRUE(v == "?" || v.get<std::string>().size() == 1);
      }
    }
    EXPECT_EQ(a.dump(), b.dump());
    EXPECT_EQ(a.dump(), c.dump());
    const std::string text = a.dump();
    for (const char* key : {"seed", "next", "future", "upcoming"}) {
      EXPECT_EQ(text.find(std::string("\"") + key), std::string::npos) << key;
    }
  }
}

// The routes after a game (rematch, your turn) send each reader of a
// hidden game only its own view: the rematch's fresh secret set-up shows
// neither player the other's animals, nor a spectator any.
TEST_F(WebHiddenTest, ARematchAndYourTurnShowNobodyTheEnemysAnimals) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  // The first game is played without remembering: its end shows the truth.
  Reply g = reply(alice->Post(
      "/api/games", Json{{"variant", "hidden"}, {"online", true}, {"side", "blue"}}.dump(),
      "application/json"));
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  ASSERT_EQ(reply(bob->Post("/api/join", Json{{"code", g.body["code"]}}.dump(), "application/json"))
                .status,
            200);
  ASSERT_EQ(reply(bob->Post(path(id, "/resign"), "{}", "application/json")).status, 200);
  ASSERT_EQ(reply(alice->Post(path(id, "/rematch"), "{}", "application/json")).status, 200);

  // The rematch, at its start: Bob plays Blue, Alice Red.
  Reply made = post(*bob, path(id, "/rematch/accept"), Json::object(), kBlueEyes);
  ASSERT_EQ(made.status, 200) << made.text;
  const int64_t next = made.body["id"];
  EXPECT_EQ(made.body["variant"], "hidden");
  EXPECT_EQ(made.body["you"], Json::array({"blue"}));
  EXPECT_EQ(post(*alice, path(id, "/rematch/seat"), Json::object(), kRedEyes).status, 200);
  get(*alice, path(next), kRedEyes);
  get(*bob, path(next), kBlueEyes);
  get(*carol, path(next), kNobody);
  const Json named = {{"games", {{{"id", next}}}}};
  EXPECT_EQ(post(*bob, "/api/your-turn", named, kBlueEyes).body["count"], 1);
  post(*alice, "/api/your-turn", named, kRedEyes);
  // Bob's first move is a step, so that the announcements stay empty.
  Reply view = get(*bob, path(next), kBlueEyes);
  ASSERT_EQ(view.body["status"], "ongoing");
  std::string step;
  for (const Json& t : view.body["legal_moves"]) {
    const std::string move = t;
    bool onto_enemy = false;
    for (const Json& p : view.body["pieces"]) {
      onto_enemy |= p["side"] == "red" && p["square"] == move.substr(2);
    }
    if (!onto_enemy) step = move;
  }
  ASSERT_FALSE(step.empty());
  ASSERT_EQ(post(*bob, path(next, "/moves"), {{"move", step}}, kBlueEyes).status, 200);
  EXPECT_EQ(post(*alice, "/api/your-turn", named, kRedEyes).body["count"], 1);
  get(*carol, path(next), kNobody);

  Reply record = get(*carol, path(next, "/record"), kNobody);
  const std::vector<std::string> found = leaks(seen_, record_announcements(record.text));
  EXPECT_TRUE(found.empty()) << found.size() << " leaks, the first: " << found.front();
  EXPECT_GE(seen_.size(), 10u);
}

// The account routes, the games list and the lobby (issue 33's leak
// check): two hot-seat games of one account whose truths differ only in
// animals Blue is never shown send Blue the same bytes through every one of
// them, move after move, as they do through the game's own routes.
TEST_F(WebHiddenTest, TheAccountRoutesSendTheSameBytesWhateverTheAnimalsBlueNeverSees) {
  std::vector<std::vector<std::string>> sent(2);
  for (int run = 0; run < 2; ++run) {
    // A server of its own for each truth, so that each profile lists one game.
    TestFolder dir("web-hidden-accounts-" + std::to_string(run));
    start_in(dir);
    Browser alice(port_, "alice-key-000000001");
    ASSERT_EQ(alice.post("/api/account/signup", {{"name", "Alice"}, {"password", "alice-secret-1"}})
                  .status,
              201);
    Reply g = alice.post("/api/games", {{"variant", "hidden"},
                                        {"fen", run == 0 ? kTruthA : kTruthB},
                                        {"blue", kHuman},
                                        {"red", kHuman}});
    ASSERT_EQ(g.status, 201) << g.text;
    const int64_t id = g.body["id"];
    for (const std::string& m : kScript) {
      const bool blue_moves = alice.get(path(id)).body["side_to_move"] == "blue";
      Reply r = alice.post(path(id, "/moves", blue_moves ? "blue" : "red"), {{"move", m}});
      ASSERT_EQ(r.status, 200) << m << ": " << r.text;
      const size_t from = seen_.size();
      sweep(alice, kBlueEyes, {"Alice"}, "hidden");
      for (size_t i = from; i < seen_.size(); ++i) {
        // A record file's tags before its result say when it was played.
        const Json& body = seen_[i].body;
        const std::string text =
            body.is_string()
                ? body.get<std::string>().substr(std::min(body.get<std::string>().find("[Result"),
                                                          body.get<std::string>().size()))
                : normalized(body).dump();
        sent[size_t(run)].push_back(seen_[i].where + "\n" + text);
      }
    }
    server_.reset();
  }
  ASSERT_EQ(sent[0].size(), sent[1].size());
  for (size_t i = 0; i < sent[0].size(); ++i) {
    EXPECT_EQ(sent[0][i], sent[1][i]) << "answer " << i;
  }
}

// An online rated hidden game between two accounts, under way: every
// account route, the games list and the lobby show each player only its own
// animals and a spectator none, never the game's truth (its secret set-up,
// read from the record once it is over), and nobody any other's secrets (a
// password or its hash, a login, a player key, a seat token).
TEST_F(WebHiddenTest, TheAccountRoutesShowNobodyTheEnemysAnimalsOrAnothersSecrets) {
  start();
  Browser ann(port_, "ann-key-00000000001");
  Browser bob(port_, "bob-key-00000000001");
  Browser carol(port_, "carol-key-000000001");
  for (auto [b, name] : {std::pair{&ann, "Ann"}, std::pair{&bob, "Bob"}}) {
    ASSERT_EQ(b->post("/api/account/signup",
                      {{"name", name}, {"password", std::string(name) + "-secret-1"}})
                  .status,
              201);
  }
  const Json blitz = {{"kind", "sudden_death"}, {"initial_ms", 600000}};
  // A rated game over first (Bob resigns after a move each), so that the
  // profiles and histories have a counted game; not remembered: its end
  // shows its truth.
  const Json rated = {{"variant", "hidden"}, {"online", true}, {"rated", true},
                      {"side", "blue"},      {"lobby", true},  {"time_control", blitz}};
  std::vector<std::string> secrets = {"argon2",  "secret-1", "password",
                                      "ann-key", "bob-key",  "carol-key"};
  const auto play_step = [&](Browser& b, int64_t game, bool remembered) {
    // A step onto no enemy: no announcement shows an animal.
    const Reply view = b.get(path(game));
    std::string step;
    for (const Json& t : view.body["legal_moves"]) {
      const std::string move = t;
      bool onto_enemy = false;
      for (const Json& p : view.body["pieces"]) {
        onto_enemy |= p["side"] != view.body["side_to_move"] && p["square"] == move.substr(2);
      }
      if (!onto_enemy) step = move;
    }
    ASSERT_FALSE(step.empty());
    const Reply r = b.post(path(game, "/moves"), {{"move", step}});
    ASSERT_EQ(r.status, 200) << r.text;
    if (remembered)
      remember("POST move", view.body["side_to_move"] == "blue" ? kBlueEyes : kRedEyes, r);
  };
  Reply first = ann.post("/api/games", rated);
  ASSERT_EQ(first.status, 201) << first.text;
  Reply joined = bob.post("/api/join", {{"code", first.body["code"]}});
  ASSERT_EQ(joined.status, 200) << joined.text;
  play_step(ann, first.body["id"], false);
  play_step(bob, first.body["id"], false);
  ASSERT_EQ(bob.post(path(first.body["id"], "/resign"), Json::object()).status, 200);

  // The game under way: Ann Blue, Bob Red, a move each.
  Reply g = ann.post("/api/games", rated);
  ASSERT_EQ(g.status, 201) << g.text;
  const int64_t id = g.body["id"];
  joined = bob.post("/api/join", {{"code", g.body["code"]}});
  ASSERT_EQ(joined.status, 200) << joined.text;
  for (const Json* tokens :
       {&first.body["seat_tokens"], &joined.body["seat_tokens"], &g.body["seat_tokens"]}) {
    for (const auto& [seat, token] : tokens->items()) secrets.push_back(token.get<std::string>());
  }
  play_step(ann, id, true);
  play_step(bob, id, true);
  // A puzzle given up, so that Ann's puzzle history has a line.
  const Reply puzzle = ann.get("/api/puzzles/next");
  ASSERT_EQ(puzzle.status, 200) << puzzle.text;
  ASSERT_EQ(ann.post("/api/puzzles/" + puzzle.body["puzzle"]["id"].get<std::string>() + "/attempt",
                     {{"moves", Json::array()}, {"give_up", true}})
                .status,
            200);
  const size_t before = seen_.size();
  for (auto [b, eyes] :
       {std::pair{&ann, kBlueEyes}, std::pair{&bob, kRedEyes}, std::pair{&carol, kNobody}}) {
    const std::vector<Reply> answers = sweep(*b, eyes, {"Ann", "Bob"}, "hidden");
    // The sweep found the games: both in the list, the one under way in the
    // lobby's games to watch, the finished one in each history.
    EXPECT_EQ(answers[1].body["history"].size(), 1u) << answers[1].text;
    EXPECT_NE(answers[2].text.find("[Variant \"hidden\"]"), std::string::npos);
    EXPECT_EQ(answers[6].body["games"].size(), 2u) << answers[6].text;
    EXPECT_EQ(answers[7].body["playing"].size(), 1u) << answers[7].text;
    EXPECT_EQ(answers[9].body["history"].size(), b == &ann ? 1u : 0u) << answers[9].text;
  }
  for (const std::string& token : {ann.token(), bob.token()}) {
    ASSERT_FALSE(token.empty());
    secrets.push_back(token);
  }
  for (size_t i = before; i < seen_.size(); ++i) {
    const std::string text =
        seen_[i].body.is_string() ? seen_[i].body.get<std::string>() : seen_[i].body.dump();
    for (const std::string& secret : secrets) {
      EXPECT_EQ(text.find(secret), std::string::npos)
          << seen_[i].where << " holds the secret " << secret << ": " << text;
    }
  }

  // Over: the record holds the truth, which no answer under way held.
  ASSERT_EQ(ann.post(path(id, "/resign"), Json::object()).status, 200);
  const std::string record = ann.get(path(id, "/record")).text;
  const std::string truth = record_tag(record, "FEN");
  ASSERT_FALSE(truth.empty()) << record;
  const std::string placement = truth.substr(0, truth.find(' '));
  for (size_t i = 0; i < seen_.size(); ++i) {
    const std::string text =
        seen_[i].body.is_string() ? seen_[i].body.get<std::string>() : seen_[i].body.dump();
    EXPECT_EQ(text.find(placement), std::string::npos) << seen_[i].where << ": " << text;
  }
  const std::vector<std::string> found = leaks(seen_, record_announcements(record));
  EXPECT_TRUE(found.empty()) << found.size() << " leaks, the first: " << found.front();
  EXPECT_GE(seen_.size() - before, 30u);
}

}  // namespace
}  // namespace jungle::web
