// A rated game's state names each seat's account and its rating in the
// game's category from one question to the account service (GameService::
// on_seat_labels), which answers with one store query: the state of a rated
// game is asked for at every move by both players and every watcher.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_folder.h"
#include "web/engines/engine_pool.h"
#include "web/games/game_registry.h"
#include "web/games/variant_catalog.h"
#include "web/service/game_service.h"
#include "web/store/game_events.h"
#include "web/store/open_game_store.h"
#include "web_test_util.h"

namespace jungle::web {
namespace {

using Json = nlohmann::json;

TEST(WebStateLabels, ARatedGamesStateAsksTheSeatLabelsOnceForAccountsAndRatings) {
  TestFolder dir("state-labels");
  std::unique_ptr<GameStore> store = open_game_store(test_database(dir));
  std::unique_ptr<GameEvents> events = store->event_bus();
  VariantCatalog catalog;
  GameRegistry games(*store, *events, catalog, 16, 10000);
  EnginePoolLimits limits;
  limits.workers = 1;
  EnginePool pool(limits);
  GameService service(games, catalog, pool, GameServiceOptions{});
  std::vector<std::vector<GameService::ListedGame>> asked;
  service.on_seat_labels([&](const std::vector<GameService::ListedGame>& listed) {
    asked.push_back(listed);
    std::map<int64_t, std::array<GameService::SeatLabel, 2>> out;
    for (const GameService::ListedGame& g : listed) {
      out[g.id] = {GameService::SeatLabel{"Ann", "1662?"}, GameService::SeatLabel{"bob", ""}};
    }
    return out;
  });
  Requester ann;
  ann.player_key = "ann-browser-key-0001";
  ann.proof = Credentials::of(ann.player_key, {});
  const Json blitz = {{"kind", "increment"}, {"initial_ms", 180000}, {"increment_ms", 2000}};
  const Seated made = service.create(
      Json{{"online", true}, {"rated", true}, {"side", "blue"}, {"time_control", blitz}}, ann);
  const int64_t id = made.state["id"];
  asked.clear();

  const Json state = service.state(id, ann);
  ASSERT_EQ(asked.size(), 1u);
  ASSERT_EQ(asked[0].size(), 1u);
  EXPECT_EQ(asked[0][0].id, id);
  EXPECT_EQ(asked[0][0].category, "standard blitz");
  EXPECT_EQ(state["players"]["blue"]["account"], "Ann");
  EXPECT_EQ(state["players"]["blue"]["rating"], "1662?");
  EXPECT_EQ(state["players"]["red"]["account"], "bob");
  EXPECT_EQ(state["players"]["red"]["rating"], nullptr);
  service.stop();
}

}  // namespace
}  // namespace jungle::web
