// Many clients at once over the JSON API (web_api_fixture.h): games played
// side by side stay apart, and racing moves on one game leave it whole.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "web_api_fixture.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST_F(WebApiTest, ManyGamesAtOnceStayIsolated) {
  constexpr int kThreads = 6;
  constexpr int kMoves = 12;
  std::vector<Json> games;
  for (int i = 0; i < kThreads; ++i) games.push_back(create(Json::object()));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto client = make_client();
      const std::string path = game_path(games[size_t(t)]);
      for (int i = 0; i < kMoves; ++i) {
        auto state = client->Get(path);
        if (!state || state->status != 200) {
          ++failures;
          return;
        }
        Json s = Json::parse(state->body);
        // Each game takes its own line: the t-th legal move, wrapping.
        const Json& legal = s["legal_moves"];
        const std::string move = legal[size_t(t) % legal.size()];
        auto r = client->Post(path + "/moves", Json{{"move", move}, {"ply", i}}.dump(),
                              "application/json");
        if (!r || r->status != 200) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (const Json& g : games) EXPECT_EQ(get(game_path(g)).body["ply"], kMoves);
}

TEST_F(WebApiTest, RacingMovesOnOneGameKeepItConsistent) {
  Json g = create(Json::object());
  const std::string path = game_path(g, "/moves");
  std::atomic<int> accepted{0}, refused{0};
  std::vector<std::thread> threads;
  // Four clients all try the same first move at once: one wins, the others
  // are told the game moved on.
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      auto client = make_client();
      auto r = client->Post(path, Json{{"move", "a3a4"}, {"ply", 0}}.dump(), "application/json");
      if (r && r->status == 200) ++accepted;
      if (r && (r->status == 409 || r->status == 422)) ++refused;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(accepted.load(), 1);
  EXPECT_EQ(refused.load(), 3);
  EXPECT_EQ(get(game_path(g)).body["ply"], 1);
}

}  // namespace
}  // namespace jungle::web
