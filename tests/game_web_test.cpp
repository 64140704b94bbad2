// The web API's take-back to a person's turn: the server applies Game's
// policy (core/game.h) so that clients need not count plies themselves.

#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "web/web_server.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST(GameWebUndo, UntilHumanTakesBackTheEnginesReplyToo) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("jungle-game-web-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  WebServerOptions options;
  options.port = 0;
  options.db = (dir / "games.db").string();
  options.engines.workers = 1;
  options.engines.hash_mb = 4;
  {
    WebServer server(options);
    httplib::Client client("127.0.0.1", server.start());
    as_test_player(client);
    client.set_read_timeout(60);
    auto post = [&](const std::string& path, const Json& body, Json* reply = nullptr) {
      const httplib::Result r = client.Post(path, body.dump(), "application/json");
      if (!r) return 0;
      if (reply) *reply = Json::parse(r->body, nullptr, false);
      return r->status;
    };
    Json game;
    const Json quick_engine = {{"type", "engine"}, {"skill", 0}, {"movetime_ms", 100}};
    ASSERT_EQ(post("/api/games", {{"red", quick_engine}}, &game), 201);
    const std::string path = "/api/games/" + std::to_string(game["id"].get<int64_t>());
    Json reply;
    EXPECT_EQ(post(path + "/undo", {{"until", "human"}}, &reply), 422);
    EXPECT_EQ(reply["error"]["code"], "nothing_to_undo");
    EXPECT_EQ(post(path + "/undo", {{"until", "engine"}}, &reply), 400);
    ASSERT_EQ(post(path + "/moves", {{"move", "a3a4"}}), 200);
    ASSERT_EQ(post(path + "/engine-move", Json::object(), &reply), 200);
    ASSERT_EQ(reply["ply"], 2);
    ASSERT_EQ(post(path + "/undo", {{"until", "human"}}, &reply), 200);
    EXPECT_EQ(reply["ply"], 0);
    EXPECT_EQ(reply["fen"], game["fen"]);
    // A resigned game is not reopened by a take-back.
    ASSERT_EQ(post(path + "/moves", {{"move", "a3a4"}}), 200);
    ASSERT_EQ(post(path + "/resign", {{"side", "blue"}}), 200);
    EXPECT_EQ(post(path + "/undo", {{"until", "human"}}, &reply), 422);
    EXPECT_EQ(reply["error"]["code"], "game_over");
    EXPECT_EQ(reply["error"]["message"],
              "the game is over (Red wins: Blue resigned); a finished game cannot be taken back");
    EXPECT_EQ(post(path + "/undo", {{"plies", 1}}, &reply), 422);
    server.stop();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace jungle::web
