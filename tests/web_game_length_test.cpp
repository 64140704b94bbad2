// Every family's games are bounded in length the same way.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "web/games/family_sessions.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

// A game's plies are bounded in every family the same way (kMaxGamePlies,
// GameSessionBase::play_text): the ply past the limit is refused
// ("game_too_long") and the game goes on, for a declaration to end it.
// Flip Jungle had no limit (issue 31). The games here are given 4 plies.
TEST(GameLengthLimit, EveryFamilyRefusesThePlyPastTheLimitAndGoesOn) {
  const VariantCatalog catalog;
  for (const std::string variant : {"standard", "flip", "hidden"}) {
    SCOPED_TRACE(variant);
    NewGame created;
    created.variant = variant;
    const std::unique_ptr<GameSessionBase> game =
        new_session(family_of_new_game(created, catalog), created, catalog).game;
    game->settle(kBlue);
    game->settle(kRed);
    EXPECT_EQ(game->max_plies(), 4000);
    game->limit_plies(4);
    for (int ply = 0; ply < 4; ++ply) game->play_text(game->state().legal_actions().front());
    ASSERT_EQ(game->ply(), 4);
    try {
      game->play_text(game->state().legal_actions().front());
      ADD_FAILURE() << "a fifth ply was played";
    } catch (const GameError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kRefused);
      EXPECT_EQ(e.code(), "game_too_long");
      EXPECT_STREQ(e.what(), "a game may have at most 4 moves");
    }
    EXPECT_EQ(game->ply(), 4);
    EXPECT_EQ(game->result(), GameResult::kOngoing);
    EXPECT_EQ(game->termination(), "");
  }
}

}  // namespace
}  // namespace jungle::web
