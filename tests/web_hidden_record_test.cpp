// Hidden-piece games over the API after the moves: the truth (the secret
// set-up, every animal) only once the game is over, in its record; the
// rematch and the account routes show nobody the enemy's animals.
#include "web_hidden_fixture.h"

namespace jungle::web {
namespace {

TEST_F(WebHiddenTest, TheTruthComesOnlyOnceTheGameIsOverAndTheRecordHoldsIt) {
  start();
  auto alice = player("alice-key-000000001");
  const int64_t id = new_hot_seat_game(*alice);
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
