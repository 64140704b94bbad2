// The set-up phase as the base session holds it (GameSessionBase::arrange,
// settle, ready, game_session_setup.cpp), driven through the session
// interface the game service uses, whatever the family: the exact refusals,
// the ready flags, the state started from the arrangements, and the stored
// row's set-up words read back.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/variants.h"
#include "game/family.h"
#include "test_folder.h"
#include "web/games/family_sessions.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

struct Refusal {
  ErrorKind kind = ErrorKind::kBadRequest;
  std::string code, message;
  bool operator==(const Refusal&) const = default;
};

Refusal refusal_of(const std::function<void()>& act) {
  try {
    act();
  } catch (const GameError& e) {
    return {e.kind(), e.code(), e.what()};
  }
  return {ErrorKind::kBadRequest, "none", "nothing was refused"};
}

std::unique_ptr<GameSessionBase> new_game(const VariantCatalog& catalog, const std::string& variant,
                                          bool red_engine = false) {
  NewGame game;
  game.variant = variant;
  if (red_engine) game.players[kRed].kind = PlayerConfig::Kind::kEngine;
  return new_session(game::family_of_variant(variant), game, catalog).game;
}

// Blue's chosen arrangement and the truth's Blue half it gives.
constexpr const char* kBlueArrangement = "a1=L g1=T b2=C f2=D a3=E c3=W e3=P g3=R";
constexpr const char* kBlueHalf = "/E1W1P1R/1C3D1/L5T w 0 1";

TEST(WebSessionSetup, EachSideArrangesAndSettlesAndTheGameStartsOnceBothHave) {
  const VariantCatalog catalog;
  std::unique_ptr<GameSessionBase> game = new_game(catalog, "hidden-stratego");
  std::mt19937_64 rng(7);
  EXPECT_FALSE(game->ready(kBlue));
  EXPECT_FALSE(game->ready(kRed));
  EXPECT_FALSE(game->set_up());
  EXPECT_FALSE(game->clocks_may_run());
  EXPECT_EQ(game->stored_setup_words(), std::vector<std::string>{});
  const Refusal setting_up{ErrorKind::kConflict, "setting_up",
                           "the players are still arranging their animals; the first move waits "
                           "until both are ready"};
  EXPECT_EQ(refusal_of([&] { game->play_text("a3a4"); }), setting_up);
  EXPECT_EQ(refusal_of([&] { game->engine_observation(); }), setting_up);

  // Blue arranges: the state starts from it at once, nothing settled yet.
  game->arrange(kBlue, kBlueArrangement, rng);
  EXPECT_TRUE(game->state().fen().ends_with(kBlueHalf)) << game->state().fen();
  EXPECT_FALSE(game->ready(kBlue));
  const std::string arranged = game->state().fen();
  // A refused arrangement says why and changes nothing.
  EXPECT_EQ(refusal_of([&] { game->arrange(kBlue, "a1=L g1=L", rng); }),
            (Refusal{ErrorKind::kRefused, "bad_arrangement", "the Blue Lion is placed twice"}));
  EXPECT_EQ(game->state().fen(), arranged);

  game->settle(kBlue);
  EXPECT_TRUE(game->ready(kBlue));
  EXPECT_FALSE(game->ready(kRed));
  EXPECT_FALSE(game->set_up());
  EXPECT_FALSE(game->clocks_may_run());
  EXPECT_EQ(game->stored_setup_words(), std::vector<std::string>{"setup:blue"});
  EXPECT_EQ(refusal_of([&] { game->arrange(kBlue, "", rng); }),
            (Refusal{ErrorKind::kRefused, "setup_settled",
                     "Blue's arrangement is settled; it cannot change now"}));
  EXPECT_EQ(refusal_of([&] { game->play_text("a3a4"); }), setting_up);

  // Red at random: Blue's half stays as Blue chose it.
  game->arrange(kRed, "", rng);
  EXPECT_TRUE(game->state().fen().ends_with(kBlueHalf)) << game->state().fen();
  const std::string start = game->state().fen();
  game->settle(kRed);
  EXPECT_TRUE(game->ready(kRed));
  EXPECT_TRUE(game->set_up());
  EXPECT_TRUE(game->clocks_may_run());
  EXPECT_EQ(game->stored_setup_words(), (std::vector<std::string>{"setup:blue", "setup:red"}));
  game->settle(kRed);  // nothing more to settle
  EXPECT_EQ(refusal_of([&] { game->arrange(kRed, "", rng); }).code, "setup_settled");

  // The game is the one both arranged, and begins.
  EXPECT_EQ(game->state().fen(), start);
  EXPECT_EQ(game->ply(), 0);
  game->play_text("a3a4");
  EXPECT_EQ(game->ply(), 1);
  EXPECT_EQ(game::start_of(game->state())->fen(), start);
  // Its moves say it has begun: no set-up words any more.
  EXPECT_EQ(game->stored_setup_words(), std::vector<std::string>{});
}

// A stored row's set-up words and start are read back into the set-up
// being chosen: the settled side stays settled, the other may arrange.
TEST(WebSessionSetup, AStoredSetUpResumesWithItsSettledSides) {
  const VariantCatalog catalog;
  std::unique_ptr<GameSessionBase> game = new_game(catalog, "hidden-stratego");
  std::mt19937_64 rng(3);
  game->arrange(kBlue, kBlueArrangement, rng);
  game->settle(kBlue);
  const StoredGame row = game->to_stored();
  EXPECT_EQ(row.moves, "setup:blue");
  EXPECT_EQ(row.start_fen, game->state().fen());

  std::unique_ptr<GameSessionBase> back = session_from_stored(row, catalog, 5000);
  EXPECT_TRUE(back->ready(kBlue));
  EXPECT_FALSE(back->ready(kRed));
  EXPECT_EQ(back->state().fen(), row.start_fen);
  EXPECT_EQ(refusal_of([&] { back->arrange(kBlue, "", rng); }).code, "setup_settled");
  back->arrange(kRed, "", rng);
  EXPECT_TRUE(back->state().fen().ends_with(kBlueHalf)) << back->state().fen();
  back->settle(kRed);
  EXPECT_TRUE(back->set_up());

  // A word naming no side is a damaged row.
  StoredGame damaged = row;
  damaged.id = 9;
  damaged.moves = "setup:green";
  EXPECT_EQ(refusal_of([&] { session_from_stored(damaged, catalog, 5000); }),
            (Refusal{ErrorKind::kServerFault, "damaged_game",
                     "stored game 9 does not replay: 'setup:green' is not a settled set-up"}));
}

// Where the set-up is not the players' to choose, there is nothing to
// arrange or settle, and every side is ready from the start.
TEST(WebSessionSetup, AGameWithNoSetUpToChooseHasNothingToArrange) {
  const VariantCatalog catalog;
  std::mt19937_64 rng(1);
  std::unique_ptr<GameSessionBase> shuffled = new_game(catalog, "hidden");
  EXPECT_TRUE(shuffled->ready(kBlue));
  EXPECT_TRUE(shuffled->ready(kRed));
  EXPECT_TRUE(shuffled->clocks_may_run());
  EXPECT_EQ(refusal_of([&] { shuffled->arrange(kBlue, "", rng); }),
            (Refusal{ErrorKind::kRefused, "no_setup",
                     "in 'hidden' the arbiter places the animals (setup = shuffled); arranging "
                     "them is for a set with setup = chosen"}));
  shuffled->settle(kBlue);  // nothing to settle
  EXPECT_EQ(shuffled->stored_setup_words(), std::vector<std::string>{});
  for (const char* variant : {"standard", "flip"}) {
    std::unique_ptr<GameSessionBase> open = new_game(catalog, variant);
    EXPECT_TRUE(open->set_up()) << variant;
    EXPECT_EQ(refusal_of([&] { open->arrange(kBlue, "", rng); }),
              (Refusal{ErrorKind::kRefused, "no_setup",
                       "only a hidden-pieces game has a set-up to arrange"}))
        << variant;
  }
}

// An engine's seat is given its family's own choice (Family::choose_setup),
// settled from the start; the person's seat is left to arrange.
TEST(WebSessionSetup, AnEnginesSeatIsSettledOnItsFamilysChoice) {
  const VariantCatalog catalog;
  std::unique_ptr<GameSessionBase> game = new_game(catalog, "hidden-stratego", true);
  EXPECT_FALSE(game->ready(kBlue));
  EXPECT_TRUE(game->ready(kRed));
  EXPECT_EQ(game->stored_setup_words(), std::vector<std::string>{"setup:red"});
  // Only a set whose set-up the players choose has a choice to make.
  std::mt19937_64 rng(1);
  EXPECT_EQ(game::family_of_variant("hidden").choose_setup("hidden", kRed, rng), "");
  EXPECT_EQ(game::family_of_variant("standard").choose_setup("standard", kRed, rng), "");
  const std::string red =
      game::family_of_variant("hidden-stratego").choose_setup("hidden-stratego", kRed, rng);
  std::unique_ptr<game::Setup> setup =
      game::family_of_variant("hidden-stratego").new_setup("hidden-stratego", rng);
  setup->set(kRed, red);
  EXPECT_EQ(setup->arrangement(kRed), red);
}

// The state's "ply" counts what its readers are shown (GameSessionBase::
// ply): where viewers know different things, every announcement, a
// refused try included, though the board did not move and the same side
// tries again.
TEST(WebSessionSetup, ARefusedTryIsAPlyWhereViewersKnowDifferentThings) {
  const TestFolder dir("web-session-refused");
  const std::string variant = (dir / "refused.toml").string();
  std::ofstream(variant) << "name = \"refused\"\ninherits = \"hidden\"\n"
                            "[hidden]\nfailed_attack = \"refused\"\n";
  const game::Family& family = game::family_of_variant(variant);
  std::mt19937_64 rng(1);
  // Blue's Cat d3 tries Red's Dog d4.
  GameSessionBase game(0, family.new_state(variant, "c5e/7/7/7/7/3d3/3C3/7/6R w 0 1", rng), {});
  game.play_text("d3d4");
  EXPECT_EQ(game.state().plies(), 0);
  EXPECT_EQ(game.ply(), 1);
  EXPECT_EQ(game.moves_json(std::nullopt).size(), 1u);
  EXPECT_EQ(game.to_json_for(1)["ply"], 1);
  EXPECT_EQ(game.seat_to_move(), 0);  // Blue tries again
  game.play_text("d3c3");
  EXPECT_EQ(game.ply(), 2);
}

}  // namespace
}  // namespace jungle::web
