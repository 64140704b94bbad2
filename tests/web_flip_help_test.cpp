// Flip Jungle hints and analyses in the web app (docs/api.md, "Flip Jungle
// games"): the flip family's engine behind the game interface, given the
// reader's Observation on the engine pool as every family's is, refused
// during an online game, and never saying anything of a face-down tile; and
// the hidden-pieces engine's hints and moves on the same pool, with its
// shares.

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "game/family.h"
#include "test_folder.h"
#include "web/engines/game_engine_job.h"
#include "web_server_fixture.h"

namespace jungle::web {
namespace {

using nlohmann::json;

// Blue's Lion on a1 takes Red's last animal, the Cat on a2; the Dog on d4
// could move too.
constexpr const char* kWinAtOnce = "3D/4/c3/L3 w - 0 1";
// Blue has no animal face up: it can only turn a4 or b4 over (the pool:
// the Blue Tiger and the Red Cat; Red's Dog on b1). Nothing is decided.
constexpr const char* kOnlyFlips = "??2/4/4/1d2 w Tc 0 1";

// What differs between two searches of one position: their times.
json without_times(json j) {
  if (j.is_object()) {
    j.erase("time_ms");
    j.erase("nps");
    j.erase("game");
    for (auto& [k, v] : j.items()) v = without_times(v);
  } else if (j.is_array()) {
    for (auto& v : j) v = without_times(v);
  }
  return j;
}

// The events of a server-sent-event stream, as (name, data).
std::vector<std::pair<std::string, json>> events_of(const std::string& text) {
  std::vector<std::pair<std::string, json>> out;
  size_t at = 0;
  while ((at = text.find("event: ", at)) != std::string::npos) {
    const size_t name_end = text.find('\n', at);
    const std::string name = text.substr(at + 7, name_end - at - 7);
    const size_t data = text.find("data: ", name_end) + 6;
    const size_t data_end = text.find('\n', data);
    out.emplace_back(name, json::parse(text.substr(data, data_end - data)));
    at = data_end;
  }
  return out;
}

// Every action an answer names is a square and "?" (a flip, nothing of
// what it may reveal) or two squares (a move).
void expect_only_actions(const json& j) {
  auto check = [](const json& move) {
    ASSERT_TRUE(move.is_string()) << move;
    const std::string m = move;
    EXPECT_TRUE((m.size() == 3 && m[2] == '?') || (m.size() == 4 && m.find('?') == m.npos)) << m;
  };
  if (j.contains("move") && !j["move"].is_null()) check(j["move"]);
  if (j.contains("best") && !j["best"].is_null()) check(j["best"]);
  for (const char* list : {"pv"}) {
    if (j.contains(list)) {
      for (const json& m : j[list]) check(m);
    }
  }
  if (j.contains("lines")) {
    for (const json& l : j["lines"]) expect_only_actions(l);
  }
}

class WebFlipHelpTest : public WebServerTest {
 protected:
  WebFlipHelpTest() : WebServerTest("web-flip-help") {}
  // The stream's text to its end; its status in `status`.
  std::string stream(const std::string& path, int* status) const {
    return stream_text(path, status);
  }
  void expect_refused_while_the_share_is_held(const std::string& hint);
  // The review's answer once it no longer runs (`r`: the last one), for at most 30 s.
  Reply review_once_done(const std::string& game, Reply r) const {
    for (int i = 0; i < 600 && r.body["status"] == "running"; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      r = get(game + "/review");
    }
    return r;
  }
  std::string create(const json& body) const {
    const Reply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.text;
    return "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  }
};

TEST_F(WebFlipHelpTest, AHintNamesTheCaptureThatWinsAtOnce) {
  const std::string game = create({{"variant", "flip"}, {"fen", kWinAtOnce}});
  Reply r = get(game + "/hint?movetime_ms=300&multipv=3");
  ASSERT_EQ(r.status, 200) << r.text;
  // Every family's report: a won end in one move, at the curve's edge in
  // centipawns, with the flip engine's words of its points.
  EXPECT_EQ(r.body["move"], "a1a2");
  EXPECT_EQ(r.body["mate"], 1);
  EXPECT_EQ(r.body["score"], 1200);
  EXPECT_EQ(r.body["expected"], 1.0);
  EXPECT_EQ(r.body["blue_score"], 1200);
  EXPECT_EQ(r.body["text"], "expected score +999.00");
  EXPECT_EQ(r.body["pv"], json::array({"a1a2"}));
  ASSERT_EQ(r.body["lines"].size(), 3u) << r.text;
  EXPECT_EQ(
      r.body["lines"][0],
      (json{{"move", "a1a2"}, {"score", 1200}, {"expected", 1.0}, {"pv", json::array({"a1a2"})}}));
  // Another action gives the Cat a move: no win at once, though the Lion
  // against the Cat is still certain by the evaluation (only the best line
  // carries a proof: its `mate`).
  EXPECT_EQ(
      r.body["lines"][1],
      (json{{"move", "d4c4"}, {"score", 1200}, {"expected", 1.0}, {"pv", json::array({"d4c4"})}}));
  EXPECT_EQ(
      r.body["lines"][2],
      (json{{"move", "a1b1"}, {"score", 1200}, {"expected", 1.0}, {"pv", json::array({"a1b1"})}}));

  // After the capture the game is over: nothing to suggest there, and the
  // position before it is still asked about by its ply.
  ASSERT_EQ(post(game + "/moves", {{"move", "a1a2"}}).status, 200);
  r = get(game + "/hint?movetime_ms=100");
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "position_over");
  r = get(game + "/hint?ply=0&movetime_ms=100");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["move"], "a1a2");
  EXPECT_EQ(get(game + "/hint?ply=2").status, 400);
}

TEST_F(WebFlipHelpTest, WhereOnlyFlipsRemainAHintNamesATileAndAnExpectedScore) {
  const std::string game = create({{"variant", "flip"}, {"fen", kOnlyFlips}});
  ASSERT_EQ(get(game).body["legal_moves"], (json{"a4?", "b4?"}));
  Reply r = get(game + "/hint?movetime_ms=300&multipv=2");
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string move = r.body["move"];
  EXPECT_TRUE(move == "a4?" || move == "b4?") << move;
  const double expected = r.body["expected"];
  EXPECT_GT(expected, 0.0);
  EXPECT_LT(expected, 1.0);
  EXPECT_EQ(r.body["mate"], nullptr);
  // Blue is to move: its scores are the side to move's.
  EXPECT_EQ(r.body["blue_score"], r.body["score"]);
  // A flip ends the line: what follows depends on what it reveals.
  EXPECT_EQ(r.body["pv"], json::array({move}));
  ASSERT_EQ(r.body["lines"].size(), 2u);
  EXPECT_EQ(r.body["lines"][0]["move"], move);
  EXPECT_EQ(r.body["lines"][1]["move"], move == "a4?" ? "b4?" : "a4?");
  expect_only_actions(r.body);

  // From the start of a first-flip game the colours are undecided: the
  // scores are the first player's, the blue seat's.
  const std::string start = create({{"variant", "flip"}});
  r = get(start + "/hint?depth=1");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["depth"], 1);
  EXPECT_EQ(std::string(r.body["move"]).back(), '?');
  EXPECT_EQ(r.body["blue_score"], r.body["score"]);
  EXPECT_GE(r.body["expected"].get<double>(), 0.0);
  EXPECT_LE(r.body["expected"].get<double>(), 1.0);
}

// A flip game's hint is the flip family's engine behind the game
// interface, given the reader's Observation on the pool (game_hint), as
// every family's is: the web's answer is what that job answers for the
// position as everyone sees it, the flip played with what it revealed.
TEST_F(WebFlipHelpTest, AFlipHintIsTheGameEnginesAnswerOnTheReadersObservation) {
  const std::string game = create({{"variant", "flip-fixed"}});
  Reply r = post(game + "/moves", {{"move", "b2?"}});
  ASSERT_EQ(r.status, 200) << r.text;
  const std::string revealed = r.body["moves"][0]["move"];  // "b2?=E", as the draw fell
  r = get(game + "/hint?depth=2&multipv=2&movetime_ms=2000");
  ASSERT_EQ(r.status, 200) << r.text;

  const game::Observation observation =
      game::family_of_variant("flip-fixed")
          .read_observation("flip-fixed", "startpos moves " + revealed);
  EXPECT_EQ(observation.to_move, kRed);
  EnginePoolLimits limits;
  limits.workers = 1;
  limits.hash_mb = small_test_server(dir_, 16).engines.hash_mb;
  EnginePool pool(limits);
  SearchLimits depth;
  depth.depth = 2;
  const json direct = game_hint(pool, observation, depth, 2, "client", "127.0.0.1");
  EXPECT_EQ(without_times(r.body).dump(), without_times(direct).dump());
  EXPECT_EQ(r.body["depth"], 2);
  EXPECT_EQ(r.body["lines"].size(), 2u);
  // Red is to move: Blue's score is the other side of it.
  EXPECT_EQ(r.body["blue_score"], -r.body["score"].get<int>());
  expect_only_actions(r.body);
}

// Each line is the one the engine expects, as far as its first flip (what
// follows depends on what the flip reveals), not its first action alone.
TEST_F(WebFlipHelpTest, AHintsLinesGoOnToTheirFirstFlip) {
  const std::string open = create({{"variant", "flip"}, {"fen", "E1tD/4/4/Le1T w - 0 1"}});
  Reply r = get(open + "/hint?depth=6&multipv=2&movetime_ms=2000");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["pv"], json::array({"a1a2", "c4d4", "a4b4", "b1b2", "a2a3", "b2a2"}));
  EXPECT_EQ(r.body["lines"][1]["pv"],
            json::array({"a4b4", "c4d4", "a1a2", "b1b2", "a2a3", "b2a2"}));
  // Red has nothing face up: its turn is a flip, which ends the line.
  const std::string tiles = create({{"variant", "flip"}, {"fen", "??2/4/4/L3 w ec 0 1"}});
  r = get(tiles + "/hint?depth=6&multipv=2&movetime_ms=2000");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["pv"], json::array({"a1b1", "b4?"}));
  EXPECT_EQ(r.body["lines"][1]["pv"], json::array({"a1a2", "b4?"}));
  expect_only_actions(r.body);
}

TEST_F(WebFlipHelpTest, AnAnalysisStreamsTheExpectedScoreByDepth) {
  const std::string game = create({{"variant", "flip"}, {"fen", kWinAtOnce}});
  int status = 0;
  const auto events = events_of(stream(game + "/analysis?depth=3&multipv=2", &status));
  EXPECT_EQ(status, 200);
  ASSERT_GE(events.size(), 3u);
  // A proven win ends the search at once: its one depth's two lines.
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events.front().first, "start");
  EXPECT_EQ(events.front().second["position"], std::string("fen ") + kWinAtOnce);
  EXPECT_EQ(events.front().second["ply"], 0);
  const json& info = events[1].second;
  EXPECT_EQ(events[1].first, "info");
  EXPECT_EQ(info["depth"], 1);
  EXPECT_EQ(info["multipv"], 1);
  EXPECT_EQ(info["score"], 1200);
  EXPECT_EQ(info["blue_score"], 1200);
  EXPECT_EQ(info["expected"], 1.0);
  EXPECT_EQ(info["mate"], 1);
  EXPECT_EQ(info["pv"], json::array({"a1a2"}));
  EXPECT_EQ(events[2].first, "info");
  EXPECT_EQ(events[2].second["multipv"], 2);
  EXPECT_EQ(events[2].second["depth"], 1);
  EXPECT_EQ(events[2].second["pv"], json::array({"d4c4"}));
  EXPECT_EQ(events[2].second["mate"], nullptr);
  EXPECT_EQ(events.back().first, "done");
  EXPECT_EQ(events.back().second, (json{{"best", "a1a2"},
                                        {"depth", 1},
                                        {"score", 1200},
                                        {"blue_score", 1200},
                                        {"nodes", info["nodes"]},
                                        {"completed", true}}));

  // A position with tiles face down: each depth's expected score, to the
  // depth asked.
  const std::string tiles = create({{"variant", "flip-fixed"}});
  ASSERT_EQ(post(tiles + "/moves", {{"move", "b2?"}}).status, 200);
  const auto more = events_of(stream(tiles + "/analysis?depth=2", &status));
  EXPECT_EQ(status, 200);
  ASSERT_EQ(more.size(), 4u);
  for (size_t i = 1; i <= 2; ++i) {
    EXPECT_EQ(more[i].first, "info");
    EXPECT_EQ(more[i].second["depth"], int(i));
    // Red is to move.
    EXPECT_EQ(more[i].second["blue_score"], -more[i].second["score"].get<int>());
    EXPECT_GE(more[i].second["expected"].get<double>(), 0.0);
    EXPECT_LE(more[i].second["expected"].get<double>(), 1.0);
    expect_only_actions(more[i].second);
  }
  EXPECT_EQ(more[3].second["completed"], true);
  EXPECT_EQ(more[3].second["depth"], 2);
}

TEST_F(WebFlipHelpTest, HelpWaitsForTheEndOfAnOnlineGame) {
  const std::string alice = "flip-help-alice-key-0001", bob = "flip-help-bob-key-00000001";
  Reply r = post("/api/games", {{"variant", "flip"}, {"online", true}, {"side", "blue"}}, alice);
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
  ASSERT_EQ(post("/api/join", {{"code", r.body["code"]}}, bob).status, 200);
  ASSERT_EQ(post(game + "/moves", {{"move", "b2?"}}, alice).status, 200);
  for (const std::string& who : {alice, bob, std::string("a-spectator-key-00000001")}) {
    r = get(game + "/hint?movetime_ms=100", who);
    EXPECT_EQ(r.status, 422) << r.text;
    EXPECT_EQ(r.body["error"]["code"], "game_in_progress");
    r = get(game + "/analysis?depth=1", who);
    EXPECT_EQ(r.status, 422) << r.text;
    EXPECT_EQ(r.body["error"]["code"], "game_in_progress");
  }
  r = post(game + "/review", json::object(), alice);
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "game_in_progress");
  r = post(game + "/resign", json::object(), alice);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "over");
  r = get(game + "/hint?depth=2", bob);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["move"].is_string());
  int status = 0;
  const auto events = events_of(stream(game + "/analysis?depth=1", &status));
  EXPECT_EQ(status, 200);
  EXPECT_EQ(events.back().first, "done");
  r = post(game + "/review", {{"movetime_ms", 50}}, bob);
  EXPECT_EQ(r.status, 202) << r.text;
}

// Two games at the same position whose draws differ (what a4 revealed in
// each): asked about the position before that flip, where a4 is face down
// again, they answer the same, byte for byte but for the times.
TEST_F(WebFlipHelpTest, NothingOfADrawIsInAHintOrAnAnalysis) {
  const std::string fen = "??2/?3/4/1e2 w LEc 0 1";
  const std::string a = create({{"variant", "flip"}, {"fen", fen}});
  const std::string b = create({{"variant", "flip"}, {"fen", fen}});
  Reply ra = post(a + "/moves", {{"move", "a4?"}});
  ASSERT_EQ(ra.status, 200) << ra.text;
  std::string revealed_b;
  for (int tries = 0; tries < 64; ++tries) {
    Reply rb = post(b + "/moves", {{"move", "a4?"}});
    ASSERT_EQ(rb.status, 200) << rb.text;
    revealed_b = rb.body["moves"][0]["revealed"];
    if (revealed_b != ra.body["moves"][0]["revealed"]) break;
    ASSERT_EQ(post(b + "/undo", json::object()).status, 200);
  }
  ASSERT_NE(revealed_b, ra.body["moves"][0]["revealed"]) << "the server's draws never differed";

  for (const std::string query : {"/hint?ply=0&depth=3&multipv=3", "/hint?ply=0&depth=5"}) {
    ra = get(a + query);
    const Reply rb = get(b + query);
    ASSERT_EQ(ra.status, 200) << ra.text;
    ASSERT_EQ(rb.status, 200) << rb.text;
    EXPECT_EQ(without_times(ra.body).dump(), without_times(rb.body).dump());
    expect_only_actions(ra.body);
  }
  int status = 0;
  const std::string sa = stream(a + "/analysis?ply=0&depth=4&multipv=2", &status);
  EXPECT_EQ(status, 200);
  const std::string sb = stream(b + "/analysis?ply=0&depth=4&multipv=2", &status);
  EXPECT_EQ(status, 200);
  const auto ea = events_of(sa), eb = events_of(sb);
  ASSERT_EQ(ea.size(), eb.size()) << sa << "\n" << sb;
  ASSERT_EQ(ea.size(), 10u) << sa;  // start, two lines of each of four depths, done
  for (size_t i = 0; i < ea.size(); ++i) {
    EXPECT_EQ(ea[i].first, eb[i].first);
    EXPECT_EQ(without_times(ea[i].second).dump(), without_times(eb[i].second).dump());
    expect_only_actions(ea[i].second);
  }
  EXPECT_EQ(ea[0].second["position"], "fen " + fen);
}

TEST_F(WebFlipHelpTest, AReviewMarksTheActionThatLostItsExpectedScore) {
  // Blue's Lion on a1 and Tiger on d1 against Red's Lion on c2 and Cat on
  // d4: the Tiger that steps next to the Lion is taken (a blunder: Blue's
  // expected score falls from even to a proven loss), and Red takes it.
  const std::string game = create({{"variant", "flip"}, {"fen", "3c/4/2l1/L2T w - 0 1"}});
  ASSERT_EQ(post(game + "/moves", {{"move", "d1c1"}}).status, 200);
  ASSERT_EQ(post(game + "/moves", {{"move", "c2c1"}}).status, 200);
  Reply r = get(game + "/review");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["status"], "none");
  EXPECT_EQ(r.body["moves"], json::array({nullptr, nullptr}));
  r = post(game + "/review", {{"movetime_ms", 5000}});
  ASSERT_EQ(r.status, 202) << r.text;
  EXPECT_EQ(r.body["total"], 3);  // the positions, as every review counts them
  r = review_once_done(game, r);
  ASSERT_EQ(r.body["status"], "done") << r.text;
  EXPECT_EQ(r.body["analysed"], 2);
  const json& blunder = r.body["moves"][0];
  EXPECT_EQ(blunder["ply"], 1);
  EXPECT_EQ(blunder["move"], "d1c1");
  EXPECT_EQ(blunder["side"], "blue");
  EXPECT_TRUE(blunder["best"] == "a1b1" || blunder["best"] == "a1a2") << blunder;
  EXPECT_EQ(blunder["expected_best"], 0.514);
  EXPECT_EQ(blunder["expected_played"], 0.0);
  EXPECT_EQ(blunder["loss"], 0.514);
  EXPECT_EQ(blunder["judgement"], "blunder");
  EXPECT_EQ(r.body["moves"][1], (json{{"ply", 2},
                                      {"move", "c2c1"},
                                      {"side", "red"},
                                      {"best", "c2c1"},
                                      {"expected_best", 1.0},
                                      {"expected_played", 1.0},
                                      {"loss", 0.0},
                                      {"judgement", nullptr},
                                      {"better", nullptr},
                                      {"depth", 1}}));
  EXPECT_EQ(blunder["better"], blunder["best"]);
  const json reviewed = r.body;
  // The record carries the review: each ply's value from Blue's side in
  // Cats, as a 7x9 record's [%eval], and the blunder with the better action.
  const std::string better = blunder["best"];
  r = get(game + "/record");
  ASSERT_EQ(r.status, 200);
  // (The depth of the first search is as far as its time allowed.)
  EXPECT_NE(r.text.find("1. d1c1 {[%eval -12.00/"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("] Blunder. " + better + " was best.} 1... c2c1\n{[%eval -12.00/1]} *"),
            std::string::npos)
      << r.text;
  // And it loads again, the comments read past.
  r = post("/api/games", {{"record", r.text}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["moves"].size(), 2u) << r.text;
  // Asked again, a done review is answered as it is.
  r = post(game + "/review", json::object());
  EXPECT_EQ(r.status, 202);
  EXPECT_EQ(r.body["status"], "done");
  EXPECT_EQ(r.body["moves"], reviewed["moves"]);

  // Kept with the game: after a restart the review is there, searched no more.
  server_.reset();
  server_ = std::make_unique<WebServer>(small_test_server(dir_, 16));
  server_->start();
  r = get(game + "/review");
  EXPECT_EQ(r.body["status"], "done");
  EXPECT_EQ(r.body["analysed"], 2);
  EXPECT_EQ(r.body["moves"], reviewed["moves"]);

  // A take-back forgets what was said of the ply taken back, and only of it.
  ASSERT_EQ(post(game + "/undo", json::object()).status, 200);
  r = get(game + "/review");
  EXPECT_EQ(r.body["status"], "done");
  EXPECT_EQ(r.body["total"], 2);
  EXPECT_EQ(r.body["moves"], json::array({reviewed["moves"][0]}));
  // Another move there: its ply is not reviewed until it is asked for.
  ASSERT_EQ(post(game + "/moves", {{"move", "c2d2"}}).status, 200);
  r = get(game + "/review");
  EXPECT_EQ(r.body["status"], "none");
  EXPECT_EQ(r.body["analysed"], 1);
  EXPECT_EQ(r.body["moves"][1], nullptr);
  r = post(game + "/review", {{"movetime_ms", 5000}});
  ASSERT_EQ(r.status, 202) << r.text;
  r = review_once_done(game, r);
  ASSERT_EQ(r.body["status"], "done") << r.text;
  EXPECT_EQ(r.body["moves"][0], reviewed["moves"][0]);
  EXPECT_EQ(r.body["moves"][1]["move"], "c2d2");
  EXPECT_EQ(r.body["moves"][1]["side"], "red");
}

TEST_F(WebFlipHelpTest, AFlipReviewIsTheReviewEveryFamilyHas) {
  // One ply, the Lion taking Red's last animal: the review's one job asks
  // the game for the position before it (the Observation of Blue, every
  // action valued), the flip engine behind the game interface proves the
  // win at once, and the answer has every family's shape: each position
  // from Blue's side (the end decided by the board), each move judged. (A
  // job done is forgotten, and its movetime_ms with it.)
  const std::string game = create({{"variant", "flip"}, {"fen", kWinAtOnce}});
  ASSERT_EQ(post(game + "/moves", {{"move", "a1a2"}}).status, 200);
  Reply r = post(game + "/review", {{"movetime_ms", 200}});
  ASSERT_EQ(r.status, 202) << r.text;
  r = review_once_done(game, r);
  ASSERT_EQ(r.body["status"], "done") << r.text;
  json body = r.body;
  body.erase("game");
  EXPECT_EQ(body,
            (json{{"status", "done"},
                  {"analysed", 1},
                  {"total", 2},
                  {"plies", json::array({json{{"ply", 0},
                                              {"blue_score", 1200},
                                              {"mate", nullptr},
                                              {"depth", 1},
                                              {"best", "a1a2"},
                                              {"final", false},
                                              {"expected", 1.0}},
                                         json{{"ply", 1},
                                              {"blue_score", 1},
                                              {"mate", nullptr},
                                              {"depth", 0},
                                              {"best", nullptr},
                                              {"final", true},
                                              {"expected", 1.0}}})},
                  {"moves", json::array({json{{"ply", 1},
                                              {"move", "a1a2"},
                                              {"side", "blue"},
                                              {"best", "a1a2"},
                                              {"expected_best", 1.0},
                                              {"expected_played", 1.0},
                                              {"loss", 0.0},
                                              {"judgement", nullptr},
                                              {"better", nullptr},
                                              {"depth", 1}}})},
                  {"thresholds", {{"inaccuracy", 0.06}, {"mistake", 0.12}, {"blunder", 0.2}}}}))
      << r.text;
}

TEST_F(WebFlipHelpTest, AReviewJudgesAFlipByItsValueOverThePool) {
  // Either tile may hide the Blue Tiger or the Red Cat: the two flips are
  // worth the same, whatever the one played revealed.
  const std::string game = create({{"variant", "flip"}, {"fen", kOnlyFlips}});
  Reply r = post(game + "/moves", {{"move", "b4?"}});
  ASSERT_EQ(r.status, 200) << r.text;
  r = post(game + "/review", {{"movetime_ms", 5000}});
  ASSERT_EQ(r.status, 202) << r.text;
  r = review_once_done(game, r);
  ASSERT_EQ(r.body["status"], "done") << r.text;
  const json& flip = r.body["moves"][0];
  EXPECT_EQ(flip["move"], "b4?");  // the action, not what it revealed
  EXPECT_EQ(flip["loss"], 0.0);
  EXPECT_EQ(flip["judgement"], nullptr);
  EXPECT_GT(flip["expected_played"].get<double>(), 0.0);
  EXPECT_LT(flip["expected_played"].get<double>(), 1.0);
  EXPECT_EQ(flip["expected_played"], flip["expected_best"]);
}

// Six flip analyses held open by one client (the pool's share of hints and
// analyses per client: EnginePoolLimits::per_client): `hint`, a seventh
// search asked for by the same client, is refused with the pool's refusal
// until they end, then answered.
void WebFlipHelpTest::expect_refused_while_the_share_is_held(const std::string& hint) {
  std::vector<std::string> games;
  for (int i = 0; i < 6; ++i) {
    games.push_back(create({{"variant", "flip"}}));
    ASSERT_EQ(post(games.back() + "/moves", {{"move", "c3?"}}).status, 200);
  }
  std::atomic<bool> stop{false};
  std::atomic<int> started{0};
  std::vector<std::thread> readers;
  for (int i = 0; i < 6; ++i) {
    readers.emplace_back([&, i] {
      httplib::Client c = client();
      bool counted = false;
      c.Get(games[size_t(i)] + "/analysis?movetime_ms=3000", [&](const char* data, size_t n) {
        if (!counted && std::string(data, n).find("event: start") != std::string::npos) {
          counted = true;
          ++started;
        }
        return !stop;
      });
    });
  }
  // An answer begins once its search is in the pool.
  for (int i = 0; i < 1000 && started < 6; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(started, 6);
  Reply r = get(hint);
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "too_many_jobs");
  stop = true;  // each reader hangs up at its next keep-alive, which cancels its search
  for (std::thread& t : readers) t.join();
  for (int i = 0; i < 100 && r.status != 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    r = get(hint);
  }
  EXPECT_EQ(r.status, 200) << r.text;
}

TEST_F(WebFlipHelpTest, FlipSearchesCountInTheClientsShareOfThePool) {
  const std::string game = create({{"variant", "flip"}});
  ASSERT_EQ(post(game + "/moves", {{"move", "c3?"}}).status, 200);
  expect_refused_while_the_share_is_held(game + "/hint?depth=1");
}

TEST_F(WebFlipHelpTest, HiddenSearchesCountInTheClientsShareOfThePoolAsFlipOnes) {
  // A hidden-pieces hint is a job on the same pool, refused in the same
  // words when its client has its share, not searched beside the pool.
  const std::string game = create({{"variant", "hidden"}});
  expect_refused_while_the_share_is_held(game + "/hint?as=blue&movetime_ms=50");
}

TEST_F(WebFlipHelpTest, AHiddenEnginesMoveIsSearchedOnThePool) {
  // Engine against engine: each move is one job the pool completes.
  const json engine = {{"type", "engine"}, {"skill", 20}, {"movetime_ms", 50}};
  const std::string game = create({{"variant", "hidden"}, {"blue", engine}, {"red", engine}});
  const uint64_t before = get("/api/info").body["engines"]["completed"];
  Reply r = post(game + "/engine-move", json::object());
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["engine"]["move"].is_string()) << r.text;
  EXPECT_EQ(get("/api/info").body["engines"]["completed"].get<uint64_t>(), before + 1);
}

TEST_F(WebFlipHelpTest, ANewAnalysisOfAGameReplacesTheOneBefore) {
  // One analysis per game, as for 7x9 games: the first's stream ends not
  // completed.
  const std::string game = create({{"variant", "flip"}});
  ASSERT_EQ(post(game + "/moves", {{"move", "c3?"}}).status, 200);
  std::atomic<bool> searching{false};
  std::string first;
  std::thread reader([&] {
    httplib::Client c = client();
    c.Get(game + "/analysis?movetime_ms=3000", [&](const char* data, size_t n) {
      first.append(data, n);
      if (first.find("event: info") != std::string::npos) searching = true;
      return true;
    });
  });
  // The first is running once its first depth is out.
  for (int i = 0; i < 500 && !searching; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  int status = 0;
  const auto second = events_of(stream(game + "/analysis?depth=1", &status));
  reader.join();
  EXPECT_EQ(status, 200);
  const auto events = events_of(first);
  ASSERT_FALSE(events.empty()) << first;
  EXPECT_EQ(events.back().first, "done");
  EXPECT_EQ(events.back().second["completed"], false) << first;
  EXPECT_EQ(second.back().second["completed"], true);
}

}  // namespace
}  // namespace jungle::web
