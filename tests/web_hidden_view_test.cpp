// Hidden-piece games over the API: each seat and each spectator is sent
// only its own view, through every route and every event of the stream. The
// leak checks:
//   - every answer and every streamed event of hot-seat, engine and online
//     games is read for animals its reader was not shown (letters in FENs,
//     single pieces, animal names), judged against the truth afterwards;
//   - indistinguishability: two games whose truths differ only in animals
//     Blue is never shown send Blue the same bytes, answer for answer.
// And Flip Jungle online (the pool is shared, flips drawn by the server).
#include "web_hidden_fixture.h"

namespace jungle::web {
namespace {

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

TEST_F(WebHiddenTest, AnOnlineGameSendsEachSeatAndTheSpectatorOnlyTheirOwnViews) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  const int64_t id = new_online_game(*alice, *bob, "hidden", kBlueEyes, kRedEyes);
  ASSERT_FALSE(HasFailure());
  // No FEN online: it would show its writer the opponent's set-up.
  EXPECT_EQ(
      code_of(reply(alice->Post(
          "/api/games", Json{{"variant", "hidden"}, {"online", true}, {"fen", kTruthA}}.dump(),
          "application/json"))),
      "secret_setup");

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

TEST_F(WebHiddenTest, AFlipGameOnlineShowsEverySeatTheSameAndDrawsOnTheServer) {
  start();
  auto alice = player("alice-key-000000001");
  auto bob = player("bob-key-00000000001");
  auto carol = player("carol-key-000000001");
  const int64_t id = new_online_game(*alice, *bob, "flip", kNobody, kNobody);
  ASSERT_FALSE(HasFailure());
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

}  // namespace
}  // namespace jungle::web
