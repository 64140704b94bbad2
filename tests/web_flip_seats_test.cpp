// The seats of a game and the colours they play, told by the base session
// from the game's state (State::first_player) for every family: a Flip
// Jungle session kept its own copy of the position and its own seat
// mapping beside them.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "game/families.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

// A first-flip game whose first flip turned over a red animal: the first
// player (seat 0) plays Red, and the second, Blue, is to move.
std::unique_ptr<game::State> red_first_flip() {
  std::mt19937_64 rng(1);
  std::unique_ptr<game::State> s = game::flip_family().new_state("flip", "", rng);
  s->apply("b2?");
  s->apply("b2?=l");
  return s;
}

TEST(WebFlipSeats, TheStateToldNoColoursBeforeTheFirstFlipAndItsColourAfter) {
  std::mt19937_64 rng(1);
  EXPECT_EQ(game::flip_family().new_state("flip", "", rng)->first_player(), std::nullopt);
  EXPECT_EQ(red_first_flip()->first_player(), std::optional<Side>(kRed));
  EXPECT_EQ(game::open_family().new_state("standard", "", rng)->first_player(),
            std::optional<Side>(kBlue));
}

TEST(WebFlipSeats, BeforeTheFirstFlipTheFirstSeatIsToMoveAndNoSeatHasAColour) {
  std::mt19937_64 rng(1);
  GameSessionBase game(1, game::flip_family().new_state("flip", "", rng),
                       {PlayerConfig{}, PlayerConfig{}});
  EXPECT_FALSE(game.colours_known());
  EXPECT_EQ(game.seat_to_move(), 0);
  EXPECT_EQ(game.seat_of_side(kRed), 0);
  const Json state = game.to_json_for(3);
  EXPECT_EQ(state["first_player_colour"], nullptr);
  EXPECT_EQ(state["side_to_move"], nullptr);
  EXPECT_EQ(state["seat_to_move"], "blue");
  EXPECT_THROW(game.declare(0, "resignation"), GameError);
}

TEST(WebFlipSeats, TheFirstFlipGivesTheFirstSeatTheColourItTurnedOver) {
  GameSessionBase game(1, red_first_flip(), {PlayerConfig{}, PlayerConfig{}});
  EXPECT_TRUE(game.colours_known());
  EXPECT_EQ(game.side_of_seat(0), kRed);
  EXPECT_EQ(game.side_of_seat(1), kBlue);
  EXPECT_EQ(game.seat_of_side(kBlue), 1);
  EXPECT_EQ(game.seat_to_move(), 1);
  Json state = game.to_json_for(3);
  EXPECT_EQ(state["first_player_colour"], "red");
  EXPECT_EQ(state["side_to_move"], "blue");
  // Seats are named by the first player's colour name: "red" is seat 1.
  EXPECT_EQ(state["seat_to_move"], "red");
  EXPECT_EQ(state["fen"], game.state().fen());
  // The first seat resigns: Blue, the second seat's colour, wins, and once
  // the game is over the seat after the last mover's is named.
  game.declare(1, "resignation");
  EXPECT_EQ(game.result(), GameResult::kBlueWins);
  EXPECT_EQ(game.seat_to_move(), 1);
  state = game.to_json_for(3);
  EXPECT_EQ(state["winner"], "blue");
  EXPECT_EQ(state["seat_to_move"], "red");
}

// The state's legal moves are its reader's (game::Observation::
// legal_actions): the holder of the seat to move is sent them, the seat
// waiting for its turn and a spectator none. They were once the position's,
// sent to every reader.
TEST(WebFlipSeats, OnlyTheHolderOfTheSeatToMoveIsSentTheLegalMoves) {
  GameSessionBase game(1, red_first_flip(), {PlayerConfig{}, PlayerConfig{}});
  ASSERT_EQ(game.seat_to_move(), 1);
  const std::vector<std::string> legal = game.state().legal_actions();
  ASSERT_EQ(legal.size(), 15u);  // Blue has no animal face up: it turns one of 15 tiles
  EXPECT_EQ(game.to_json_for(2)["legal_moves"], Json(legal));
  // A page holding both seats plays both sides.
  EXPECT_EQ(game.to_json_for(3)["legal_moves"], Json(legal));
  EXPECT_EQ(game.to_json_for(1)["legal_moves"], Json::array());
  EXPECT_EQ(game.to_json_for(0)["legal_moves"], Json::array());
  // Every reader sees the same board.
  EXPECT_EQ(game.to_json_for(0)["fen"], game.state().fen());
  EXPECT_EQ(game.to_json_for(1)["board"], game.to_json_for(2)["board"]);
}

// A game over before anyone moved names, as the side that would be next,
// the side its start gave the move: a game from a position with Red to
// move that is resigned at once is Red's to move, in every family. The
// base once fell back to the first seat (Blue) wherever no ply was played.
TEST(WebFlipSeats, AGameOverBeforeAnyMoveNamesTheSideItsStartGaveTheMove) {
  const VariantCatalog catalog;
  const RuleSetPtr rules = catalog.get("standard");
  std::string red_to_move = rules->rules().start_fen;
  red_to_move.replace(red_to_move.find(" w "), 3, " b ");
  const std::unique_ptr<GameSessionBase> made =
      GameSessionBase::create(1, "standard", red_to_move, {});
  GameSessionBase& open = *made;
  ASSERT_EQ(open.to_json_for(3)["side_to_move"], "red");
  open.declare(1, "resignation");
  ASSERT_TRUE(open.over());
  EXPECT_EQ(open.to_json_for(3)["side_to_move"], "red");
  EXPECT_EQ(open.seat_to_move(), 1);

  std::mt19937_64 rng(1);
  // Every tile face down, Red to move (each "\?" escaped: two question marks
  // before a slash would read as a trigraph).
  const std::string red_first = "\?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? b RCDWPTLErcdwptle 0 1";
  GameSessionBase flip(1, game::flip_family().new_state("flip-fixed", red_first, rng),
                       {PlayerConfig{}, PlayerConfig{}});
  ASSERT_EQ(flip.to_json_for(3)["side_to_move"], "red");
  flip.declare(0, "resignation");
  ASSERT_TRUE(flip.over());
  EXPECT_EQ(flip.to_json_for(3)["side_to_move"], "red");
  EXPECT_EQ(flip.seat_to_move(), 1);
}

}  // namespace
}  // namespace jungle::web
