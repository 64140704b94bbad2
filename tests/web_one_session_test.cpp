// One session type for every family (GameSessionBase): what the open game's
// own session did is asked of the game's State and capabilities, the same
// rule for every family.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "game/families.h"
#include "game/score.h"
#include "web/games/family_sessions.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

std::unique_ptr<GameSessionBase> from_record(const std::string& text,
                                             const VariantCatalog& catalog) {
  NewGame start;
  start.record = text;
  return new_session(family_of_new_game(start, catalog), start, catalog).game;
}

// An illegal move of the open game is refused as every family's is: the
// action, then why (it was "illegal move c3c4: ..."); a text written like
// no move is the client's malformed request.
TEST(OneSession, AnOpenGamesIllegalMoveIsWordedAsEveryFamilys) {
  const std::unique_ptr<GameSessionBase> game =
      GameSessionBase::create(0, "standard", std::nullopt, {});
  try {
    game->play_text("c3c4");
    ADD_FAILURE() << "the Wolf swam";
  } catch (const GameError& e) {
    EXPECT_EQ(e.code(), "illegal_move");
    EXPECT_EQ(std::string(e.what()), "c3c4: Wolf may not enter the water at c4");
  }
  try {
    game->play_text("a3");
    ADD_FAILURE() << "a3 was played";
  } catch (const GameError& e) {
    EXPECT_EQ(e.code(), "bad_move");
  }
  EXPECT_EQ(game->ply(), 0);
}

// A record's result without a reason, which the board does not show, is
// "recorded" in every family, and a Flip Jungle game keeps it through the
// store (its termination was empty, so the row kept no declaration and the
// game read back as going on).
TEST(OneSession, AFlipRecordsResultWithoutAReasonIsRecordedAndStored) {
  const VariantCatalog catalog;
  const std::unique_ptr<GameSessionBase> game = from_record(
      "[Variant \"flip\"]\n[FEN \"4/4/rl2/1E2 w - 0 1\"]\n[Result \"1-0\"]\n\n1. b1b2 1-0\n",
      catalog);
  ASSERT_TRUE(game->over());
  EXPECT_EQ(game->result(), GameResult::kBlueWins);
  EXPECT_EQ(game->termination(), "recorded");
  const StoredGame row = game->to_stored();
  EXPECT_EQ(row.declared, "recorded");
  EXPECT_EQ(row.termination, "recorded");
  const std::unique_ptr<GameSessionBase> back = session_from_stored(row, catalog, 10000);
  EXPECT_EQ(back->result(), GameResult::kBlueWins);
  EXPECT_EQ(back->termination(), "recorded");
}

// The moves a new game is given are played on its session, in every family
// (a Flip Jungle game's were dropped without a word): a flip with what
// chance revealed is one ply.
TEST(OneSession, ANewGamesMovesArePlayedInEveryFamily) {
  const VariantCatalog catalog;
  NewGame start;
  start.variant = "flip";
  start.moves = {"b2?"};
  start.moves_given = true;
  const std::unique_ptr<GameSessionBase> game =
      new_session(family_of_new_game(start, catalog), start, catalog).game;
  EXPECT_EQ(game->ply(), 1);
  ASSERT_EQ(game->state().actions().size(), 2u);
  EXPECT_EQ(game->state().actions()[0], "b2?");
}

// A game loaded from a record is the game played: its record is the game's
// own, without the comments and side lines the loaded record wrote beside it
// (the page keeps those on its analysis board and adds them to a download,
// which then held each side line twice).
TEST(OneSession, AGameFromARecordWritesNoneOfTheRecordsCommentsOrSideLines) {
  const VariantCatalog catalog;
  const std::unique_ptr<GameSessionBase> game = from_record(
      "[Result \"1-0\"]\n\n1. a3a4 {[%eval 0.30/8]} g7g6 (1... a7a6 2. a4a5) 2. g3g4 1-0\n",
      catalog);
  EXPECT_EQ(game->state().actions(), (std::vector<std::string>{"a3a4", "g7g6", "g3g4"}));
  EXPECT_EQ(game->result(), GameResult::kBlueWins);
  EXPECT_EQ(game->termination(), "recorded");
  const std::string record = game->record_text();
  EXPECT_NE(record.find("\n\n1. a3a4 g7g6 2. g3g4 1-0\n"), std::string::npos) << record;
}

// Plays `plies` plies of `game`, each picked from its state's actions by
// its number alone, the way a review test wants a long game and needs no
// particular one.
void play_some_actions(GameSessionBase& game, int plies) {
  for (int i = 0; i < plies && !game.over(); ++i) {
    const std::vector<std::string> actions = game.state().legal_actions();
    game.play_text(actions[size_t(i) * 7 % actions.size()]);
  }
}

// Reviews `game` to its end, each search finding its position's first
// action worth nothing; returns how many steps it took.
int review_to_the_end(GameSessionBase& game) {
  int steps = 0;
  while (std::optional<ReviewStep> step = game.next_review_step()) {
    ReviewSearch found;
    found.best = step->observation.legal_actions.at(0);
    found.score = game::Score::centipawns(0);
    found.depth = 1;
    game.keep_review_finding(*step, found);
    ++steps;
  }
  return steps;
}

// A review applies each of the game's actions once, its steps going on from
// the one before: each step replayed the game from its start, and keeping
// its finding replayed it again (for these 60 plies, 3660 actions applied
// where 60 do; for a 200-ply game, 40000 where 200 do).
// A take-back starts the replay again from the start, once.
TEST(OneSession, AReviewReplaysEachActionOnce) {
  const std::unique_ptr<GameSessionBase> open =
      GameSessionBase::create(0, "standard", std::nullopt, {});
  play_some_actions(*open, 60);
  ASSERT_EQ(open->ply(), 60);
  EXPECT_EQ(review_to_the_end(*open), 61);
  EXPECT_EQ(open->review_findings().analysed, 61);
  EXPECT_EQ(open->review_actions_replayed(), 60u);
  const std::string again = open->state().actions().at(58);
  open->undo(2);
  open->play_text(again);
  EXPECT_EQ(review_to_the_end(*open), 1);
  EXPECT_EQ(open->review_actions_replayed(), 60u + 59u);

  // The review of each action, with chance's outcomes between the plies,
  // on one deal: a new session draws its flips from the system's generator,
  // and on some deals these actions end the game before 40 plies (a CI run
  // stopped at 37).
  std::mt19937_64 rng(1);
  std::unique_ptr<game::State> dealt = game::flip_family().new_state("flip", "", rng);
  dealt->deal(rng);
  const auto flip =
      std::make_unique<GameSessionBase>(1, std::move(dealt), std::array<PlayerConfig, kSides>{});
  play_some_actions(*flip, 40);
  ASSERT_EQ(flip->ply(), 40);
  EXPECT_EQ(review_to_the_end(*flip), 40);
  EXPECT_EQ(flip->review_findings().analysed, 40);
  // 56 actions, chance's outcomes of 16 flips among them: the review's
  // last position is the one before the last, a move.
  ASSERT_EQ(flip->state().actions().size(), 56u);
  EXPECT_EQ(flip->review_actions_replayed(), 55u);
}

// The open game's review values each position, the flip game's each
// action: one rule over the capabilities.
TEST(OneSession, TheReviewsModeIsTheCapabilitiesChoice) {
  const std::unique_ptr<GameSessionBase> open =
      GameSessionBase::create(0, "standard", std::nullopt, {});
  open->play_text("a3a4");
  std::optional<ReviewStep> step = open->next_review_step();
  ASSERT_TRUE(step);
  EXPECT_EQ(step->position, 0);
  EXPECT_FALSE(step->every_action);
  EXPECT_EQ(step->played, "a3a4");
  EXPECT_EQ(step->stands, open->state_at(0)->fen());
  ReviewSearch found;
  found.best = "a3a4";
  found.score = game::Score::centipawns(40);
  found.depth = 6;
  open->keep_review_finding(*step, found);
  step = open->next_review_step();
  ASSERT_TRUE(step);
  EXPECT_EQ(step->position, 1);
  found.best = "g7g6";
  found.score = game::Score::centipawns(25);  // Red's: -25 for Blue
  open->keep_review_finding(*step, found);
  EXPECT_FALSE(open->next_review_step());
  const ReviewFindings f = open->review_findings();
  EXPECT_EQ(f.analysed, 2);
  EXPECT_EQ(f.positions.at(1)->blue_score, -25);
  EXPECT_NE(open->record_text().find("1. a3a4 {[%eval -0.25/6]} *"), std::string::npos)
      << open->record_text();
  // A take-back drops the evaluation of the position it takes back.
  open->undo(1);
  EXPECT_EQ(open->review_findings().analysed, 1);
  EXPECT_EQ(open->review_findings().positions.size(), 1u);
}

}  // namespace
}  // namespace jungle::web
