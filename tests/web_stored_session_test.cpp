// A game held by the base session alone (GameSessionBase, as every Flip
// Jungle game is): stored as its start and each ply's event, read back by
// playing each event again, its review's findings in either stored format,
// and its record's comments, all from the game's State, whatever its family.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>

#include "game/families.h"
#include "game/score.h"
#include "web/games/family_sessions.h"
#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"

namespace jungle::web {
namespace {

const std::string kFlipStart = "\?\?\?\?/\?\?\?\?/\?\?\?\?/\?\?\?\? - RCDWPTLErcdwptle 0 1";

// A first-flip game whose plies are the actions given, chance's included.
std::unique_ptr<GameSessionBase> flip_game(int64_t id, std::initializer_list<const char*> actions) {
  std::mt19937_64 rng(1);
  std::unique_ptr<game::State> s = game::flip_family().new_state("flip", "", rng);
  for (const char* a : actions) s->apply(a);
  return std::make_unique<GameSessionBase>(id, std::move(s), std::array<PlayerConfig, kSides>{});
}

// A stored row of a first-flip game, as from_stored reads it: its start
// and the plies' words.
StoredGame flip_row(int64_t id, const std::string& moves) {
  StoredGame row;
  row.id = id;
  row.variant = "flip";
  row.start_fen = kFlipStart;
  row.moves = moves;
  return row;
}

// Red's Lion turned over first (Red is the first player), Blue's Elephant
// next to it, Red's Rat, and the Elephant takes the Lion.
std::unique_ptr<GameSessionBase> four_plies() {
  return flip_game(7, {"b2?", "b2?=l", "b3?", "b3?=E", "c2?", "c2?=r", "b3b2"});
}

// The row keeps the format Flip Jungle's own session wrote (its start, and
// each flip folded with what it revealed into one word), so that rows
// stored before still load, and reads back to the same game and record.
TEST(StoredSession, AFlipGameStoredAndReadBackIsTheSameGameAndRecord) {
  const std::unique_ptr<GameSessionBase> game = four_plies();
  StoredGame row = game->stored_row();
  EXPECT_EQ(row.variant, "flip");
  EXPECT_EQ(row.start_fen, kFlipStart);
  EXPECT_EQ(row.moves, "b2?=l b3?=E c2?=r b3b2");
  EXPECT_EQ(row.ply_count, 4);
  EXPECT_EQ(row.declared, "");
  EXPECT_EQ(row.result, "*");

  const std::unique_ptr<GameSessionBase> back = GameSessionBase::from_stored(row, 10000);
  EXPECT_EQ(back->state().actions(), game->state().actions());
  EXPECT_EQ(back->state().fen(), game->state().fen());
  EXPECT_EQ(back->side_of_seat(0), kRed);
  EXPECT_EQ(back->moves_json(std::nullopt), game->moves_json(std::nullopt));
  EXPECT_EQ(back->record_text(), game->record_text());
  EXPECT_NE(back->record_text().find("\n\n1. b2?=l b3?=E 2. c2?=r b3b2 *\n"), std::string::npos)
      << back->record_text();
  EXPECT_EQ(back->stored_row().moves, row.moves);
}

// A declared end is kept apart from the plies and declared again on the
// replay; a review stored in the format of the days before reviews went
// through the game interface (the flip search's points) still reads, and is
// written back in today's.
TEST(StoredSession, ARowOfTheFormerFormatsLoadsWithItsDeclarationAndFindings) {
  StoredGame row = flip_row(5, "b2?=l b3?=E");
  row.result = "1-0";
  row.termination = "resignation";
  row.declared = "resignation";
  row.evaluations = R"([{"b": "c3?", "s": 0.0, "p": 0.0, "d": 3}, null])";
  const std::unique_ptr<GameSessionBase> back = GameSessionBase::from_stored(row, 10000);
  EXPECT_EQ(back->ply(), 2);
  EXPECT_TRUE(back->over());
  EXPECT_EQ(back->result(), GameResult::kBlueWins);
  EXPECT_EQ(back->termination(), "resignation");
  EXPECT_EQ(back->review_findings().analysed, 1);
  const StoredGame again = back->to_stored();
  EXPECT_EQ(again.moves, row.moves);
  EXPECT_EQ(again.declared, "resignation");
  EXPECT_EQ(again.evaluations, R"([{"b":"c3?","d":3,"eb":0.5,"ep":0.5},null])");
}

// A finding of the former format is read by its game's family: a flip
// game's points by the flip search's curve (25 points an expected 0.731),
// written back as expected results.
TEST(StoredSession, AFlipRowOfPointsIsReadByTheFlipCurve) {
  StoredGame row = flip_game(6, {"b2?", "b2?=l", "b3?", "b3?=E"})->stored_row();
  row.evaluations = R"([{"b": "c3?", "s": 25.0, "p": -25.0, "d": 3}, null])";
  const std::unique_ptr<GameSessionBase> back = GameSessionBase::from_stored(row, 10000);
  EXPECT_EQ(back->review_findings().analysed, 1);
  EXPECT_EQ(back->to_stored().evaluations,
            R"([{"b":"c3?","d":3,"eb":0.7310585786300049,"ep":0.2689414213699951},null])");
}

// Only Flip Jungle's search stored points: a hidden game's row of that
// format reads as no finding (searched again), not by another family's curve.
TEST(StoredSession, AHiddenRowOfPointsIsNoFinding) {
  std::mt19937_64 rng(1);
  std::unique_ptr<game::State> s = game::hidden_family().new_state("hidden", "", rng);
  s->apply(s->legal_actions().front());
  const GameSessionBase game(8, std::move(s), std::array<PlayerConfig, kSides>{});
  StoredGame row = game.stored_row();
  row.evaluations = R"([{"b": "a3a4", "s": 25.0, "p": 25.0, "d": 3}])";
  const std::unique_ptr<GameSessionBase> back = GameSessionBase::from_stored(row, 10000);
  EXPECT_EQ(back->review_findings().analysed, 0);
  EXPECT_EQ(back->to_stored().evaluations, "");
}

// A row that no longer replays is refused, naming the ply that does not.
TEST(StoredSession, ARowThatNoLongerReplaysNamesItsPly) {
  StoredGame row = flip_row(9, "b2?=l b2?=L");
  try {
    GameSessionBase::from_stored(row, 10000);
    FAIL() << "the row was read";
  } catch (const GameError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kServerFault);
    EXPECT_EQ(e.code(), "damaged_game");
    EXPECT_EQ(std::string(e.what()),
              "stored game 9 does not replay: ply 2 b2?=L is not one the game allows there");
  }
  row.variant = "/tmp/flip.toml";
  row.moves = "";
  EXPECT_THROW(GameSessionBase::from_stored(row, 10000), GameError);
}

// The record's comments are each reviewed ply's value after it, from Blue's
// side: the first flip of a first-flip set too, whose mover had no colour
// before it (Red's, which it turned over).
TEST(StoredSession, ARecordCommentsEachReviewedPlyFromBluesSide) {
  const std::unique_ptr<GameSessionBase> game = four_plies();
  std::optional<ReviewStep> step = game->next_review_step();
  ASSERT_TRUE(step);
  ASSERT_EQ(step->position, 0);
  ReviewSearch found;
  found.best = "b2?";
  found.score = game::Score::of_expected(0.75);
  found.played = game::Score::of_expected(0.75);
  found.depth = 3;
  game->keep_review_finding(*step, found);
  // Red, the first player, expects 0.75 after it: Blue 0.25, -191
  // centipawns by the one curve (400 log10(0.25 / 0.75)).
  ASSERT_EQ(game::centipawns_of_expected(0.25), -191);
  EXPECT_NE(game->record_text().find("\n\n1. b2?=l {[%eval -1.91/3]} 1... b3?=E 2. c2?=r b3b2 *\n"),
            std::string::npos)
      << game->record_text();
}

// An open game's row as its own session (GameSession, before every family
// had the one session type) wrote it: the start, each move, and its
// review's evaluation of each POSITION (after 0..3 moves, from Blue's side;
// null where none was found). It reads back with its evaluations: the
// review's answer, the record's [%eval] comments, and the row written again.
TEST(StoredSession, AnOpenGamesRowOfItsOwnFormerSessionReadsBackWithItsEvaluations) {
  const VariantCatalog catalog;
  StoredGame row;
  row.id = 3;
  row.variant = "standard";
  row.start_fen = catalog.get("standard")->rules().start_fen;
  row.moves = "a3a4 g7g6 a4a5";
  row.result = "*";
  row.blue = row.red = R"({"type":"human"})";
  row.evaluations = R"([{"b":"a3a4","d":8,"f":false,"m":0,"s":30},)"
                    R"({"b":"g7g6","d":8,"f":false,"m":0,"s":-20},null,)"
                    R"({"b":"g6g5","d":9,"f":false,"m":0,"s":35}])";
  const std::unique_ptr<GameSessionBase> back = session_from_stored(row, catalog, 10000);
  EXPECT_EQ(back->state().actions(), (std::vector<std::string>{"a3a4", "g7g6", "a4a5"}));
  const ReviewFindings found = back->review_findings();
  EXPECT_EQ(found.total, 4);
  EXPECT_EQ(found.analysed, 3);
  ASSERT_EQ(found.positions.size(), 4u);
  ASSERT_TRUE(found.positions[0] && found.positions[1] && found.positions[3]);
  EXPECT_FALSE(found.positions[2]);
  EXPECT_EQ(found.positions[0]->blue_score, 30);
  EXPECT_EQ(found.positions[1]->blue_score, -20);
  EXPECT_EQ(found.positions[1]->best, "g7g6");
  EXPECT_EQ(found.positions[3]->depth, 9);
  // A move is judged by the positions before and after it: the first only.
  ASSERT_EQ(found.moves.size(), 3u);
  ASSERT_TRUE(found.moves[0]);
  EXPECT_FALSE(found.moves[1]);
  EXPECT_FALSE(found.moves[2]);
  EXPECT_EQ(found.moves[0]->move, "a3a4");
  EXPECT_EQ(found.moves[0]->best, "a3a4");
  EXPECT_EQ(found.moves[0]->side, kBlue);
  EXPECT_EQ(found.moves[0]->to_json(1)["expected_best"], 0.53);
  EXPECT_EQ(found.moves[0]->to_json(1)["expected_played"], 0.48);
  EXPECT_NE(
      back->record_text().find("1. a3a4 {[%eval -0.20/8]} 1... g7g6 2. a4a5 {[%eval 0.35/9]} *"),
      std::string::npos)
      << back->record_text();
  // Written again as it was read.
  EXPECT_EQ(back->stored_row().evaluations, row.evaluations);
  EXPECT_EQ(back->stored_row().moves, row.moves);
  EXPECT_EQ(back->stored_row().start_fen, row.start_fen);
}

// The same for a game of hidden pieces held by the base (its own session
// still writes its row, with the set-up's words): the row is the truth's
// start and each try's announcement, and each announcement reads back as
// the try that makes it.
TEST(StoredSession, AHiddenGameHeldByTheBaseReadsBackFromItsAnnouncements) {
  std::mt19937_64 rng(3);
  GameSessionBase game(4, game::hidden_family().new_state("hidden", "", rng), {});
  // Each side tries its last action, until an attack has been announced.
  while (!game.over() && game.ply() < 200 &&
         game.stored_row().moves.find(':') == std::string::npos) {
    game.play_text(game.state().legal_actions().back());
  }
  const StoredGame row = game.stored_row();
  ASSERT_NE(row.moves.find(':'), std::string::npos) << row.moves;
  EXPECT_EQ(row.start_fen, game::start_of(game.state())->fen());
  const std::unique_ptr<GameSessionBase> back = GameSessionBase::from_stored(row, 10000);
  EXPECT_EQ(back->state().actions(), game.state().actions());
  EXPECT_EQ(back->state().fen(), game.state().fen());
  EXPECT_EQ(back->stored_row().moves, row.moves);
}

}  // namespace
}  // namespace jungle::web
