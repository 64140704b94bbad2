// The plies of a game as one viewer knows them (Family::seen_plies), read
// from that viewer's Observation alone, and the move list the web app
// writes from them once for every family (seen_ply_json), reading them once
// for a move's event and the states sent after it.

#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/variants.h"
#include "game/family.h"
#include "game/observation_json.h"
#include "game/state.h"
#include "web/games/family_sessions.h"
#include "web/games/variant_catalog.h"

namespace jungle::game {
namespace {

std::vector<SeenPly> seen_by(const State& s, Viewer viewer) {
  return s.family().seen_plies(s.observe(viewer));
}

TEST(SeenPlies, AnOpenMoveNamesItsAnimalAndTheBoardAfterIt) {
  std::mt19937_64 rng(1);
  std::unique_ptr<State> s = family_of_variant("standard").new_state("standard", "", rng);
  s->apply("a3a4");
  const std::vector<SeenPly> plies = seen_by(*s, std::nullopt);
  ASSERT_EQ(plies.size(), 1u);
  EXPECT_EQ(seen_ply_json(plies[0], 1), (nlohmann::json{{"ply", 1},
                                                        {"move", "a3a4"},
                                                        {"action", "a3a4"},
                                                        {"side", "blue"},
                                                        {"seat", "blue"},
                                                        {"piece", "E"},
                                                        {"captured", nullptr},
                                                        {"lost", nullptr},
                                                        {"jump", false},
                                                        {"fen", s->fen()}}));
  // Nothing of the open game is private: every viewer knows the same.
  EXPECT_EQ(seen_by(*s, kBlue), plies);
  EXPECT_EQ(seen_by(*s, kRed), plies);
}

// In a set whose first flip gives the colours, the first player plays the
// colour it turned over: here Red, so the second player, who moves next,
// plays Blue and its plies are the second seat's.
TEST(SeenPlies, TheFirstFlipGivesTheFirstPlayerItsSeat) {
  std::mt19937_64 rng(1);
  std::unique_ptr<State> s = family_of_variant("flip").new_state("flip", "", rng);
  s->apply("b2?");
  s->apply("b2?=l");
  s->apply("a1?");
  std::string blue_animal;
  for (const ChanceOutcome& o : s->chance_outcomes()) {
    if (std::isupper(static_cast<unsigned char>(o.action.back()))) blue_animal = o.action;
  }
  ASSERT_FALSE(blue_animal.empty());
  s->apply(blue_animal);
  const std::vector<SeenPly> plies = seen_by(*s, std::nullopt);
  ASSERT_EQ(plies.size(), 2u);
  EXPECT_EQ(seen_ply_json(plies[0], 1), (nlohmann::json{{"ply", 1},
                                                        {"move", "b2?=l"},
                                                        {"action", "b2?"},
                                                        {"side", "red"},
                                                        {"seat", "blue"},
                                                        {"revealed", "l"},
                                                        {"fen", plies[0].fen}}));
  EXPECT_EQ(plies[1].move, blue_animal);
  EXPECT_EQ(plies[1].action, "a1?");
  EXPECT_EQ(plies[1].side, kBlue);
  EXPECT_EQ(plies[1].seat, 1);
  EXPECT_EQ(plies[1].revealed, std::string(1, blue_animal.back()));
  EXPECT_EQ(plies[1].fen, s->fen());
}

// A hidden game's mover knows the animal it moved; its opponent and a
// spectator hear only the squares until an attack shows it.
TEST(SeenPlies, AHiddenMoveNamesItsAnimalOnlyToItsMover) {
  std::mt19937_64 rng(7);
  std::unique_ptr<State> s = family_of_variant("hidden").new_state("hidden", "", rng);
  const std::string action = "a3a4";
  const Position truth = Position::from_fen(s->fen(), load_variant("hidden"));
  const std::string animal(
      1, piece_letter(truth.piece_on(truth.rule_set().geometry().parse_square("a3"))));
  ASSERT_EQ(s->apply(action), action);  // to an empty square: nothing shown
  const SeenPly blue = seen_by(*s, kBlue).at(0);
  EXPECT_EQ(blue.piece, animal);
  EXPECT_EQ(blue.side, kBlue);
  EXPECT_EQ(blue.seat, 0);
  ASSERT_TRUE(blue.announcement);
  EXPECT_EQ(blue.announcement->text, "a3a4");
  EXPECT_EQ(blue.announcement->outcome, "move");
  EXPECT_EQ(blue.announcement->attacker, "");
  for (Viewer other : {Viewer(kRed), Viewer()}) {
    const SeenPly heard = seen_by(*s, other).at(0);
    EXPECT_EQ(heard.piece, "?");
    EXPECT_EQ(heard.move, "a3a4");
    EXPECT_EQ(heard.announcement, blue.announcement);
    // The board field draws the mover as an unknown Blue animal.
    const std::string board = heard.fen.substr(0, heard.fen.find(' '));
    EXPECT_EQ(board.find(animal), std::string::npos) << heard.fen;
  }
}

// A read of the plies replays the whole game from its Observation, so the
// web session reads them once for a move's event and the states sent after
// it (GameSessionBase keeps each viewer's last read by the position text it
// read), not once for each: without that, three reads a move here. The
// event's move is the one a spectator's state ends with, exactly.
TEST(SeenPlies, AMovesEventAndTheStatesAfterItReadThePliesOncePerViewer) {
  const web::VariantCatalog catalog;
  // Where viewers know different things, the mover's view and a
  // spectator's are two reads.
  for (const auto& [variant, reads] :
       {std::pair<std::string, int>{"standard", 1}, {"flip", 1}, {"hidden", 2}}) {
    SCOPED_TRACE(variant);
    web::NewGame created;
    created.variant = variant;
    const std::unique_ptr<web::GameSessionBase> game =
        web::new_session(web::family_of_new_game(created, catalog), created, catalog).game;
    game->settle(kBlue);
    game->settle(kRed);
    for (int ply = 0; ply < 12 && !game->over(); ++ply) {
      const std::vector<std::string> legal = game->state().legal_actions();
      ASSERT_FALSE(legal.empty());
      const int before = game->seen_plies_reads();
      game->play_text(legal[size_t(ply * 7) % legal.size()]);
      const nlohmann::json event = game->move_json(game->ply());
      const nlohmann::json mover = game->to_json_for(1);  // the first seat's, Blue's
      const nlohmann::json spectator = game->to_json_for(0);
      EXPECT_EQ(game->seen_plies_reads() - before, reads) << "ply " << game->ply();
      ASSERT_EQ(spectator["moves"].size(), size_t(game->ply()));
      EXPECT_EQ(event, spectator["moves"].back());
      EXPECT_EQ(mover["moves"].size(), size_t(game->ply()));
    }
    EXPECT_GE(game->ply(), 12);
  }
}

}  // namespace
}  // namespace jungle::game
