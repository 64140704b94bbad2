// Game (core/game.h): the one model of a game in progress under the terminal
// game, the web session and the match runner. In the manner of OpenSpiel's
// state tests: apply and undo are symmetric, serialization round-trips,
// declared results and the take-back policy behave as the interfaces need.

#include "core/game.h"
#include "core/geometry.h"
#include "search/search.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "game/families.h"
#include "web/games/family_sessions.h"
#include "web/games/variant_catalog.h"

namespace jungle {
namespace {

// Plays up to `plies` random legal moves, each with a comment, stopping
// before the game ends so that every move can be taken back.
Game random_game(unsigned seed, int plies, Position start = Position()) {
  Game game(std::move(start));
  std::mt19937 rng(seed);
  for (int i = 0; i < plies && !game.over(); ++i) {
    const MoveList moves = generate_moves(game.position());
    const Move m = moves[size_t(rng() % moves.size())];
    game.play(m, i % 3 == 0 ? "[%eval 0.12/3]" : "");
  }
  return game;
}

void expect_same_game(const Game& a, const Game& b) {
  EXPECT_EQ(a.variant(), b.variant());
  EXPECT_EQ(a.start().fen(), b.start().fen());
  ASSERT_EQ(a.ply(), b.ply());
  for (int i = 0; i < a.ply(); ++i) {
    EXPECT_EQ(a.moves()[size_t(i)].move, b.moves()[size_t(i)].move) << "ply " << i;
    EXPECT_EQ(a.moves()[size_t(i)].comment, b.moves()[size_t(i)].comment) << "ply " << i;
  }
  EXPECT_EQ(a.position().fen(), b.position().fen());
  EXPECT_EQ(a.position().key(), b.position().key());
  EXPECT_EQ(a.result(), b.result());
  EXPECT_EQ(a.termination(), b.termination());
  EXPECT_EQ(a.declared().has_value(), b.declared().has_value());
}

TEST(Game, ApplyAndUndoAreSymmetric) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    Game game(Position{});
    std::mt19937 rng(seed);
    std::vector<std::string> fens = {game.position().fen()};
    std::vector<uint64_t> keys = {game.position().key()};
    for (int i = 0; i < 80 && !game.over(); ++i) {
      const MoveList moves = generate_moves(game.position());
      game.play(moves[size_t(rng() % moves.size())]);
      fens.push_back(game.position().fen());
      keys.push_back(game.position().key());
    }
    // Any ply is reached by replaying from the start.
    for (int k = 0; k <= game.ply(); ++k) {
      EXPECT_EQ(game.position_at(k).fen(), fens[size_t(k)]) << "seed " << seed << " ply " << k;
      EXPECT_EQ(game.position_at(k).key(), keys[size_t(k)]);
    }
    EXPECT_THROW(game.position_at(game.ply() + 1), std::out_of_range);
    EXPECT_THROW(game.position_at(-1), std::out_of_range);
    // Taking every move back walks the same positions in reverse.
    for (int k = game.ply(); k > 0; --k) {
      EXPECT_EQ(game.position().fen(), fens[size_t(k)]);
      EXPECT_EQ(game.position().key(), keys[size_t(k)]);
      ASSERT_TRUE(game.undo());
    }
    EXPECT_EQ(game.position().fen(), fens[0]);
    EXPECT_EQ(game.ply(), 0);
    EXPECT_FALSE(game.undo());
  }
}

TEST(Game, PlayRefusesAnIllegalMoveAndChangesNothing) {
  Game game(Position{});
  EXPECT_THROW(
      game.play(Move(kStandardGeometry.parse_square("a3"), kStandardGeometry.parse_square("a5"))),
      std::invalid_argument);
  EXPECT_EQ(game.ply(), 0);
  EXPECT_EQ(game.position().fen(), Position().fen());
}

TEST(Game, SerializationRoundTripsTheHistory) {
  // Standard start; a start with Red to move; a game ended by resignation.
  std::vector<Game> games;
  games.push_back(random_game(7, 40));
  games.push_back(
      random_game(8, 25, Position::from_fen("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1")));
  games.push_back(random_game(9, 12));
  games.back().resign(kBlue);
  for (const Game& game : games) {
    const std::string text = game.serialize();
    const Game back = Game::deserialize(text);
    expect_same_game(game, back);
    EXPECT_EQ(back.serialize(), text);
  }
  // The history survives, which a FEN would lose: repetition counts stay.
  EXPECT_EQ(Game::deserialize(games[0].serialize()).position().state().repetitions,
            games[0].position().state().repetitions);
  EXPECT_THROW(Game::deserialize(""), RecordError);
}

TEST(Game, RecordHasTheResultTags) {
  Game game = random_game(3, 6);
  game.resign(kRed);
  const GameRecord record = game.to_record();
  EXPECT_EQ(record.tag("Result"), "1-0");
  EXPECT_EQ(record.tag("Termination"), "resignation");
  EXPECT_EQ(record.tag("Variant"), "standard");
  EXPECT_EQ(record.tag("FEN"), "");  // the rule set's start
  EXPECT_EQ(record.moves.size(), 6u);

  const std::string fen = "6d/7/7/7/7/7/7/7/D6 w 0 1";
  const GameRecord from_fen = Game(Position::from_fen(fen)).to_record();
  EXPECT_EQ(from_fen.tag("FEN"), fen);
  EXPECT_EQ(from_fen.tag("Result"), "*");
  EXPECT_EQ(from_fen.tag("Termination"), "");
}

TEST(Game, DeclaredResults) {
  Game game = random_game(4, 4);
  game.resign(kBlue);
  EXPECT_EQ(game.result(), GameResult::kRedWins);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.termination(), "resignation");
  EXPECT_EQ(game.result_message(), "Red wins: Blue resigned");
  EXPECT_EQ(game.end_reason(), "Blue resigned");
  const MoveList moves = generate_moves(game.position());
  EXPECT_THROW(game.play(moves[0]), std::invalid_argument);
  EXPECT_THROW(game.resign(kRed), std::invalid_argument);
  game.clear_declared();
  EXPECT_FALSE(game.over());

  game.declare(GameResult::kBlueWins, "time");
  EXPECT_EQ(game.result_message(), "Blue wins: Red ran out of time");
  EXPECT_EQ(game.end_reason(), "Red lost on time");
  // Taking back a move takes the declaration with it.
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.declared());
  EXPECT_FALSE(game.over());

  game.declare(GameResult::kDraw, "agreement");
  EXPECT_EQ(game.result_message(), "Draw by agreement");
  EXPECT_EQ(game.end_reason(), "agreement");
  game.clear_declared();
  game.declare(GameResult::kRedWins, "");
  EXPECT_EQ(game.termination(), "");
  EXPECT_EQ(game.result_message(), "Red wins (result given by the record)");
  EXPECT_EQ(game.end_reason(), "as recorded");
  game.clear_declared();
  EXPECT_THROW(game.declare(GameResult::kOngoing, "resignation"), std::invalid_argument);
  EXPECT_THROW(game.declare(GameResult::kDraw, "den"), std::invalid_argument);
}

TEST(Game, ARecordedResultTheBoardDoesNotShowIsDeclared) {
  const std::string text =
      "[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. a3a4 a7a6 0-1\n"
      "\n[Result \"1/2-1/2\"]\n\n1. a3a4 1/2-1/2\n";
  const std::vector<GameRecord> records = read_records(text);
  ASSERT_EQ(records.size(), 2u);
  const Game resigned = Game::from_record(records[0]);
  ASSERT_TRUE(resigned.declared());
  EXPECT_EQ(resigned.result(), GameResult::kRedWins);
  EXPECT_EQ(resigned.end_reason(), "Blue resigned");
  const Game drawn = Game::from_record(records[1]);
  ASSERT_TRUE(drawn.declared());
  EXPECT_EQ(drawn.termination(), "");
  EXPECT_EQ(drawn.result_message(), "Draw (result given by the record)");
  EXPECT_EQ(drawn.to_record().tag("Termination"), "");
}

TEST(Game, AGameEndedByTheBoardSaysHow) {
  // The Blue Lion one step from Red's den.
  Game game(Position::from_fen("7/3L3/7/7/7/7/7/7/r6 w 0 1"));
  game.play(Move(kStandardGeometry.parse_square("d8"), kStandardGeometry.parse_square("d9")));
  EXPECT_EQ(game.result(), GameResult::kBlueWins);
  EXPECT_EQ(game.board_termination(), Termination::kDenEntered);
  EXPECT_EQ(game.termination(), "den");
  EXPECT_FALSE(game.declared());
  EXPECT_EQ(game.result_message(), "Blue wins: the Lion entered Red's den");
  EXPECT_EQ(game.end_reason(), "den entered: the Blue Lion reached Red's den at d9");
  EXPECT_THROW(game.declare(GameResult::kRedWins, "resignation"), std::invalid_argument);
  EXPECT_EQ(game.to_record().tag("Termination"), "den");
  EXPECT_EQ(game.move_label(0), "1. d8d9");
}

TEST(Game, MoveLabelsNumberFromTheStart) {
  Game game =
      random_game(5, 3, Position::from_fen("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 7"));
  const auto text = [&](int i) {
    return kStandardGeometry.move_text(game.moves()[size_t(i)].move);
  };
  EXPECT_EQ(game.move_label(0), "7... " + text(0));
  EXPECT_EQ(game.move_label(1), "8. " + text(1));
  EXPECT_EQ(game.move_label(2), "8... " + text(2));
}

// The take-back policy: a person's undo goes back to the last position
// where a person was to move, taking the engine's reply with it.
TEST(Game, UndoGoesBackToAHumansTurn) {
  const std::array<bool, kSides> blue_human = {true, false};
  const std::array<bool, kSides> red_human = {false, true};
  const std::array<bool, kSides> nobody = {false, false};
  const std::array<bool, kSides> both = {true, true};
  Game game(Position{});
  EXPECT_EQ(game.plies_back_to_human(blue_human), 0);
  EXPECT_EQ(game.plies_back_to_human(nobody), 0);
  game.play(
      Move(kStandardGeometry.parse_square("a3"), kStandardGeometry.parse_square("a4")));  // Blue
  EXPECT_EQ(game.plies_back_to_human(blue_human), 1);
  EXPECT_EQ(game.plies_back_to_human(red_human), 0);  // only the engine has moved
  game.play(
      Move(kStandardGeometry.parse_square("g7"), kStandardGeometry.parse_square("g6")));  // Red
  EXPECT_EQ(game.plies_back_to_human(blue_human), 2);
  EXPECT_EQ(game.plies_back_to_human(red_human), 1);
  EXPECT_EQ(game.plies_back_to_human(both), 1);
  EXPECT_EQ(game.plies_back_to_human(nobody), 1);
  EXPECT_EQ(game.mover_of(0), kBlue);
  EXPECT_EQ(game.mover_of(1), kRed);
}

TEST(Game, ResultAndTerminationVocabularyRoundTrips) {
  for (GameResult r :
       {GameResult::kOngoing, GameResult::kBlueWins, GameResult::kRedWins, GameResult::kDraw}) {
    EXPECT_EQ(result_from_tag(result_tag(r)), r);
  }
  EXPECT_EQ(result_tag(GameResult::kBlueWins), "1-0");
  EXPECT_EQ(result_tag(GameResult::kRedWins), "0-1");
  EXPECT_EQ(result_tag(GameResult::kDraw), "1/2-1/2");
  EXPECT_EQ(result_tag(GameResult::kOngoing), "*");
  EXPECT_EQ(result_from_tag("2-0"), std::nullopt);
  EXPECT_EQ(result_from_tag(""), std::nullopt);

  const std::vector<std::pair<Termination, std::string>> rules = {
      {Termination::kDenEntered, "den"},       {Termination::kAllCaptured, "all captured"},
      {Termination::kNoLegalMove, "no moves"}, {Termination::kRepetition, "repetition"},
      {Termination::kMoveLimit, "move limit"}, {Termination::kDenFood, "den food"}};
  for (const auto& [t, tag] : rules) {
    EXPECT_EQ(termination_tag(t), tag);
    EXPECT_EQ(termination_from_tag(tag), t);
    EXPECT_FALSE(is_declared_termination(tag));
  }
  EXPECT_EQ(termination_tag(Termination::kNone), "");
  EXPECT_EQ(termination_from_tag(""), std::nullopt);
  for (std::string_view tag : kDeclaredTerminations) {
    EXPECT_TRUE(is_declared_termination(tag));
    EXPECT_EQ(termination_from_tag(tag), std::nullopt);
  }
  EXPECT_FALSE(is_declared_termination(""));
  EXPECT_FALSE(is_declared_termination("recorded"));
}

TEST(Game, EvalCommentIsOneFormat) {
  EXPECT_EQ(eval_comment({35, false, 12}), "[%eval 0.35/12]");
  EXPECT_EQ(eval_comment({-120, false, 5}), "[%eval -1.20/5]");
  EXPECT_EQ(eval_comment({0, false, 1}), "[%eval 0.00/1]");
  EXPECT_EQ(eval_comment({4, true, 9}), "[%eval #4/9]");
  EXPECT_EQ(eval_comment({-3, true, 7}), "[%eval #-3/7]");
  EXPECT_EQ(evaluation_text({-3, true, 7}), "#-3");
}

// The web session over Game: its "recorded" name for a declared result
// without a reason survives the database, and it offers the take-back policy.
TEST(GameSessionOverGame, RecordedResultAndTakeBackPolicy) {
  const web::VariantCatalog catalog;
  web::PlayerConfig engine;
  engine.kind = web::PlayerConfig::Kind::kEngine;
  web::NewGame start;
  start.record = "[Result \"1-0\"]\n\n1. a3a4 a7a6 1-0\n";
  start.players = {web::PlayerConfig{}, engine};
  auto session = web::new_session(web::family_of_new_game(start, catalog), start, catalog).game;
  EXPECT_EQ(session->termination(), "recorded");
  EXPECT_EQ(session->result_message(), "Blue wins (result given by the record)");
  const web::StoredGame stored = session->to_stored();
  EXPECT_EQ(stored.declared, "recorded");
  EXPECT_EQ(stored.result, "1-0");
  auto back = web::session_from_stored(stored, catalog, 10000);
  EXPECT_EQ(back->termination(), "recorded");
  EXPECT_EQ(back->result(), GameResult::kBlueWins);
  EXPECT_EQ(back->record_text().find("[Termination"), std::string::npos);
  // Blue is the person: undo goes back over Red's (the engine's) reply.
  EXPECT_EQ(back->plies_back_to_human(), 2);
  back->undo(back->plies_back_to_human());
  EXPECT_EQ(back->ply(), 0);
  EXPECT_FALSE(back->over());
}

// Every family's session declares through its game::State, one way: an
// ending the state refuses is the client's refused request, named, and
// leaves the game as it was; a declared ending is its family's (the state's
// family, its variant).
TEST(GameSessionOverGame, DeclarationsGoThroughTheState) {
  const std::unique_ptr<web::GameSessionBase> made =
      web::GameSessionBase::create(0, "standard", std::nullopt, {});
  web::GameSessionBase& session = *made;
  EXPECT_EQ(&session.family(), &game::open_family());
  EXPECT_EQ(&session.family(), &session.state().family());
  EXPECT_EQ(session.variant(), "standard");
  try {
    session.declare(0, "boredom");
    ADD_FAILURE() << "an unknown ending was declared";
  } catch (const web::GameError& e) {
    EXPECT_EQ(e.code(), "bad_declaration");
    EXPECT_EQ(std::string(e.what()), "'boredom' is not a declared ending");
  }
  EXPECT_FALSE(session.over());
  session.declare(1, "resignation");
  EXPECT_EQ(session.result(), GameResult::kRedWins);
  EXPECT_EQ(session.result_message(), "Red wins: Blue resigned");
  EXPECT_EQ(session.to_stored().declared, "resignation");
}

}  // namespace
}  // namespace jungle

namespace jungle {
namespace {

// One count of moves to a forced win, for the protocol, records, the terminal and the web.
TEST(MateInMoves, CountsTheWinnersMoves) {
  EXPECT_EQ(mate_in_moves(kMateScore - 1), 1);      // the side to move wins with its next move
  EXPECT_EQ(mate_in_moves(kMateScore - 3), 2);      // ... with its second
  EXPECT_EQ(mate_in_moves(-(kMateScore - 2)), -1);  // the side to move is lost after one reply
  EXPECT_EQ(mate_in_moves(-(kMateScore - 4)), -2);
  EXPECT_EQ(mate_in_moves(350), 0);
  EXPECT_EQ(mate_in_moves(-kMateBound + 1), 0);
  const Evaluation red_wins = evaluation_for_blue(kMateScore - 1, kRed, 7);
  EXPECT_TRUE(red_wins.mate);
  EXPECT_EQ(red_wins.value, -1);
  EXPECT_EQ(eval_comment(red_wins), "[%eval #-1/7]");
  EXPECT_EQ(eval_comment(evaluation_for_blue(-35, kRed, 12)), "[%eval 0.35/12]");
}

}  // namespace
}  // namespace jungle
