// The web server against deletes that race the reads of the same game.
#include "web_hardening_fixture.h"

namespace jungle::web {
namespace {

using Clock = std::chrono::steady_clock;
using hardening::error_code;

// A deleted game stays deleted.

class GameLifecycleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = std::make_unique<SqliteGameStore>(dir_ / "games.db");
    registry_ = std::make_unique<GameRegistry>(*store_, events_, catalog_, 64, 10000);
  }
  void TearDown() override {
    registry_.reset();
    store_.reset();
  }
  std::shared_ptr<GameSessionBase> add_game() {
    return registry_->add(GameSessionBase::create(0, "standard", std::nullopt, {}));
  }

  TestFolder dir_{"game-lifecycle"};
  VariantCatalog catalog_;
  std::unique_ptr<SqliteGameStore> store_;
  InProcessGameEvents events_;
  std::unique_ptr<GameRegistry> registry_;
};

TEST_F(GameLifecycleTest, AnUpdateThatTouchesNoRowFails) {
  StoredGame g;
  g.variant = "standard";
  g.start_fen = "x";
  g.blue = g.red = "{}";
  store_->insert(g);
  g.moves = "a3a4";
  EXPECT_EQ(store_->update(g), 2);
  ASSERT_TRUE(store_->remove(g.id));
  EXPECT_THROW(store_->update(g), MissingGameError);
  g.id = 999999;
  EXPECT_THROW(store_->update(g), MissingGameError);
  EXPECT_FALSE(store_->load(g.id));
}

TEST_F(GameLifecycleTest, AMoveOnADeletedGameIsNotSavedSilently) {
  std::shared_ptr<GameSessionBase> held = add_game();
  const int64_t id = held->id();
  ASSERT_TRUE(registry_->remove(id));
  // A request that found the game before the delete finishes after it.
  std::lock_guard lock(held->mutex());
  held->play_text("a3a4");
  try {
    registry_->save(*held);
    FAIL() << "a move on a deleted game was accepted";
  } catch (const GameError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kNotFound);
    EXPECT_EQ(e.code(), "no_such_game");
  }
  EXPECT_TRUE(held->detached);
  EXPECT_THROW(registry_->get(id), GameError);
  EXPECT_EQ(registry_->cached(), 0u);
}

TEST_F(GameLifecycleTest, RemoveRacingGetLeavesNoGhost) {
  // Delete and read one game at once, many times over: afterwards the game
  // is gone from memory as well as from the file, every time.
  const auto until = Clock::now() + std::chrono::seconds(4);
  int rounds = 0, ghosts = 0;
  while (Clock::now() < until && rounds < 3000) {
    const int64_t id = add_game()->id();
    std::atomic<int> ready{0};
    std::thread reader([&] {
      ++ready;
      while (ready < 2) {
      }
      for (int i = 0; i < 3; ++i) {
        try {
          registry_->get(id);
        } catch (const GameError&) {
        }
      }
    });
    ++ready;
    while (ready < 2) {
    }
    registry_->remove(id);
    reader.join();
    bool found = true;
    try {
      registry_->get(id);
    } catch (const GameError&) {
      found = false;
    }
    if (found) ++ghosts;
    ++rounds;
  }
  EXPECT_EQ(ghosts, 0) << "in " << rounds << " rounds";
  EXPECT_EQ(registry_->cached(), 0u);
}

TEST_F(WebHardeningTest, AMoveAfterADeleteAnswers404AndTheGameStaysDeleted) {
  start(base_options());
  auto c = client();
  // Deletes racing reads over HTTP; after each a move must find no game.
  const auto until = Clock::now() + std::chrono::seconds(4);
  int rounds = 0;
  while (Clock::now() < until && rounds < 150) {
    Reply r = reply(c->Post("/api/games", "{}", "application/json"));
    ASSERT_EQ(r.status, 201);
    const std::string game = "/api/games/" + std::to_string(r.body["id"].get<int64_t>());
    std::thread reader([&] {
      auto rc = client();
      for (int i = 0; i < 3; ++i) rc->Get(game);
    });
    EXPECT_EQ(reply(c->Delete(game)).status, 200);
    reader.join();
    r = reply(c->Post(game + "/moves", Json{{"move", "a3a4"}}.dump(), "application/json"));
    ASSERT_EQ(r.status, 404) << "round " << rounds << ": " << r.text;
    EXPECT_EQ(error_code(r), "no_such_game");
    ++rounds;
  }
}

}  // namespace
}  // namespace jungle::web
