// POST /api/tablebase (`jungle serve --tb DIR`) and the terminal game's hint
// from the tables.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string_view>

#include "core/position.h"
#include "flip/flip_rules.h"
#include "game/family.h"
#include "game/flip_endgame_tables.h"
#include "run_command_util.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

class TablebaseWebTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("jungle-tb-web-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "tb");
    tb::GenerateOptions opt;
    opt.out = dir_ / "tb";
    opt.materials = {*tb::Material::parse("R-e")};
    tb::generate(std::make_shared<const tb::TbRules>(RuleSet::standard()), opt);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  Reply ask(WebServer& server, const nlohmann::json& body) {
    httplib::Client client("127.0.0.1", server.port());
    as_test_player(client);
    return reply(client.Post("/api/tablebase", body.dump(), "application/json"));
  }

  std::filesystem::path dir_;
};

TEST_F(TablebaseWebTest, TheVerdictAndEachMovesValue) {
  WebServerOptions options = small_test_server(dir_, 4);
  options.tb_dir = dir_ / "tb";
  WebServer server(options);
  server.start();
  const std::string fen = "7/e6/7/7/7/7/7/7/1R5 w";
  const auto tables = tb::Tablebase(RuleSet::standard(), dir_ / "tb");
  const auto v = tables.probe(Position::from_fen(fen));
  ASSERT_TRUE(v.has_value());
  Reply r = ask(server, {{"variant", "standard"}, {"fen", fen}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["available"], true);
  EXPECT_EQ(r.body["wdl"], tb::wdl_text(v->wdl));
  EXPECT_EQ(r.body["distance"], v->distance);
  EXPECT_EQ(r.body["distance_to"], "end");
  // b1 has three moves: a1, c1 and b2.
  ASSERT_EQ(r.body["moves"].size(), 3u) << r.text;
  EXPECT_EQ(r.body["moves"][0]["wdl"], tb::wdl_text(v->wdl));
  EXPECT_EQ(r.body["moves"][0]["distance"], v->distance);

  // Four pieces: no table.
  r = ask(server, {{"fen", "7/e6/7/7/7/7/7/1C5/1R3D1 w"}});
  EXPECT_EQ(r.body["available"], false);
  EXPECT_EQ(r.body["reason"], "no table covers this position");
  // Tables of the standard rules are not offered under other rules.
  r = ask(server, {{"variant", "wikipedia"}, {"fen", fen}});
  EXPECT_EQ(r.body["available"], false);
  EXPECT_NE(r.body["reason"].get<std::string>().find("made under other rules"), std::string::npos);
  r = ask(server, {{"fen", "nonsense"}});
  EXPECT_EQ(r.status, 422);
  server.stop();
}

// Issue 31: a Flip Jungle ending is answered from the flip tables, built in
// memory, with no folder; the distance counts plies to the deciding capture.
TEST_F(TablebaseWebTest, AFlipEndingIsAnsweredFromTheFlipTables) {
  WebServer server(small_test_server(dir_, 4));
  server.start();
  // Blue's Elephant b1 drives Red's Cat d4 into a corner and takes it on
  // the seventh ply; b1c1 and b1a1 take longer.
  Reply r = ask(server, {{"variant", "flip"}, {"fen", "3c/4/4/1E2 w - 0 1"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body, nlohmann::json::parse(R"({"available": true, "wdl": "win", "distance": 7,
              "distance_to": "capture", "moves": [
              {"move": "b1b2", "wdl": "win", "distance": 7},
              {"move": "b1c1", "wdl": "win", "distance": 9},
              {"move": "b1a1", "wdl": "win", "distance": 11}]})"))
      << r.text;
  // A face-down tile, six animals, the game over: the tables do not answer.
  r = ask(server, {{"variant", "flip"}, {"fen", "3c/4/4/?E2 w R 0 1"}});
  EXPECT_EQ(r.body, nlohmann::json::parse(
                        R"({"available": false, "reason": "the tables need every tile face up"})"));
  r = ask(server, {{"variant", "flip"}, {"fen", "3c/2dp/4/1ERL w - 0 1"}});
  EXPECT_EQ(r.body["reason"], "the tables hold at most 5 animals; this position has 6");
  r = ask(server, {{"variant", "flip"}, {"fen", "4/4/4/1E2 w - 0 1"}});
  EXPECT_EQ(r.body["reason"], "the game is over");
  // A FEN that is no flip position is the asker's error.
  r = ask(server, {{"variant", "flip"}, {"fen", "7/e6/7/7/7/7/7/7/1R5 w"}});
  EXPECT_EQ(r.status, 422) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "bad_fen");
  // Hidden pieces have no tables: the board is never known whole.
  r = ask(server, {{"variant", "hidden"}, {"fen", "7/e6/7/7/7/7/7/7/1R5 w"}});
  EXPECT_EQ(r.body, nlohmann::json::parse(R"({"available": false,
              "reason": "Jungle with hidden pieces has no endgame tables"})"));
  r = ask(server, {{"variant", "nosuchset"}, {"fen", "3c/4/4/1E2 w - 0 1"}});
  EXPECT_EQ(r.status, 400) << r.text;
  server.stop();
}

// Issue 31: a probe of the flip tables while another probe builds them is
// refused through POST /api/tablebase as at the tables. The server is given
// Flip Jungle's tables with a lock the test holds, as a build would, and a
// millisecond's wait: the answer does not hang on any build's timing.
TEST_F(TablebaseWebTest, AFlipProbeWhileAnotherBuildsIsRefusedAsBusy) {
  const auto lock = std::make_shared<std::timed_mutex>();
  WebServerOptions options = small_test_server(dir_, 4);
  options.endgame_tables = [lock](const game::Family& family) {
    if (&family != &game::family_of_variant("flip")) return family.endgame_tables({});
    return game::flip_endgame_tables(
        [](std::string_view name) { return flip::load_flip_rules(name); }, game::kProbedFlipAnimals,
        game::kProbedFlipTableBytes, std::chrono::milliseconds(1), lock);
  };
  WebServer server(options);
  server.start();
  const nlohmann::json ending = {{"variant", "flip"}, {"fen", "3c/4/4/1E2 w - 0 1"}};
  {
    const std::lock_guard building(*lock);
    const Reply r = ask(server, ending);
    EXPECT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body, nlohmann::json::parse(R"({"available": false,
                "reason": "the tables are busy with another position; ask again"})"))
        << r.text;
  }
  // Free, the same tables answer.
  const Reply r = ask(server, ending);
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["available"], true) << r.text;
  EXPECT_EQ(r.body["distance"], 7) << r.text;
  server.stop();
}

TEST_F(TablebaseWebTest, WithoutTablesTheAnswerSaysSo) {
  WebServer server(small_test_server(dir_, 4));
  server.start();
  const Reply r = ask(server, {{"fen", "7/e6/7/7/7/7/7/7/1R5 w"}});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["available"], false);
  EXPECT_EQ(r.body["reason"], "the server has no tablebase");
  server.stop();
}

// Issue 29, item 5: a damaged table is a 500 that says which table is
// damaged, the same for every request (the file is read once), and the
// server's log names the file once.
TEST_F(TablebaseWebTest, ADamagedTableIsAnErrorThatTheLogNamesOnce) {
  const std::filesystem::path rat = dir_ / "tb" / "R-e.jtb";
  {
    std::fstream f(rat, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(-5, std::ios::end);
    char c = 0;
    f.get(c);
    f.seekp(-5, std::ios::end);
    f.put(char(c ^ 0x5A));
  }
  const std::string fen = "7/e6/7/7/7/7/7/7/1R5 w";
  std::string damage;
  try {
    tb::Tablebase(RuleSet::standard(), dir_ / "tb").probe(Position::from_fen(fen));
  } catch (const tb::TableError& e) {
    damage = e.what();
  }
  ASSERT_EQ(damage.rfind(rat.string() + ": damaged (", 0), 0u) << damage;

  std::ostringstream log;
  std::streambuf* const cerr = std::cerr.rdbuf(log.rdbuf());
  WebServerOptions options = small_test_server(dir_, 4);
  options.tb_dir = dir_ / "tb";
  {
    WebServer server(options);
    server.start();
    for (int i = 0; i < 2; ++i) {
      const Reply r = ask(server, {{"fen", fen}});
      EXPECT_EQ(r.status, 500) << r.text;
      EXPECT_EQ(r.body["error"]["code"], "tablebase_damaged") << r.text;
      EXPECT_EQ(r.body["error"]["message"],
                "a table this position needs is damaged on the server: " +
                    damage.substr((dir_ / "tb" / "").string().size()))
          << r.text;
    }
    server.stop();
  }
  std::cerr.rdbuf(cerr);
  // One line names the file, whatever else the server logged (a database's pool may).
  const std::string line = "jungle: tablebase: " + damage +
                           "; requests that need it are answered 500 tablebase_damaged\n";
  EXPECT_NE(log.str().find(line), std::string::npos) << log.str();
  EXPECT_EQ(log.str().find(rat.string()), log.str().rfind(rat.string())) << log.str();
}

TEST_F(TablebaseWebTest, TheTerminalHintComesFromTheTables) {
  const std::string fen = "7/e6/7/7/7/7/7/7/1R5 w";
  const auto tables = tb::Tablebase(RuleSet::standard(), dir_ / "tb");
  const auto moves = tables.move_values(Position::from_fen(fen));
  ASSERT_FALSE(moves.empty());
  std::string out;
  ASSERT_EQ(run_command("printf 'hint\\nquit\\n' | " + std::string(JUNGLE_BINARY) +
                            " play --side both --tb " + (dir_ / "tb").string() + " --fen '" + fen +
                            "' 2>&1",
                        out),
            0)
      << out;
  // The first of the best moves, with the tables' verdict.
  const tb::Verdict& v = moves.front().verdict;
  const std::string words = v.wdl == tb::Wdl::kDraw
                                ? std::string("draw")
                                : (v.wdl == tb::Wdl::kWin ? "win in " : "loss in ") +
                                      std::to_string((v.distance + 1) / 2) + " moves";
  EXPECT_NE(out.find("Hint: " + kStandardGeometry.move_text(moves.front().move) +
                     " (tablebase: " + words + ")"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace jungle::web
