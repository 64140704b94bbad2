// Game records (docs/records.md): writing then reading gives the same games;
// reading is tolerant of layout and strict about legality, tags and results.

#include "core/game_record.h"
#include "core/geometry.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"

namespace jungle {
namespace {

// A game of legal moves chosen by a fixed pseudo-random sequence, with a
// comment on every third move; it ends when the rules end it or at `plies`.
GameRecord random_record(uint64_t seed, int plies, const std::string& fen = "") {
  GameRecord game;
  game.set_tag("Event", "test " + std::to_string(seed));
  game.set_tag("Date", "2026.11.22");
  game.set_tag("Blue", "Alice \"the rat\"");
  game.set_tag("Red", "Bob\\Carol");
  game.set_tag("Variant", "standard");
  Position pos;
  if (!fen.empty()) {
    pos = Position::from_fen(fen);
    game.set_tag("FEN", fen);
  }
  for (int i = 0; i < plies; ++i) {
    MoveList moves = generate_moves(pos);
    if (moves.empty()) break;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    Move m = moves[int((seed >> 33) % uint64_t(moves.size()))];
    std::string comment =
        i % 3 == 2 ? "[%eval 0." + std::to_string(i) + "/" + std::to_string(i) + "]" : "";
    game.moves.push_back({m, comment});
    pos.do_move(m);
  }
  Termination why = Termination::kNone;
  GameResult r = game_result(pos, &why);
  game.set_tag("Result", std::string(result_tag(r)));
  if (r != GameResult::kOngoing) game.set_tag("Termination", std::string(termination_tag(why)));
  return game;
}

void expect_same(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.tags, b.tags);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].move, b.moves[i].move) << "ply " << i;
    EXPECT_EQ(a.moves[i].comment, b.moves[i].comment) << "ply " << i;
  }
}

// The error read_records raises for `text` (fails the test when there is none).
RecordError read_error(const std::string& text) {
  try {
    read_records(text);
  } catch (const RecordError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return RecordError(0, {}, "");
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::string kHeader = "[Event \"t\"]\n[Date \"2026.11.22\"]\n[Blue \"a\"]\n[Red \"b\"]\n";

TEST(GameRecord, RoundTripOfOneGame) {
  GameRecord game = random_record(7, 300);
  ASSERT_GT(game.moves.size(), 20u);
  const std::string text = write_record(game);
  std::vector<GameRecord> back = read_records(text);
  ASSERT_EQ(back.size(), 1u);
  expect_same(game, back[0]);
  EXPECT_EQ(write_record(back[0]), text);
  // Tag values with quotes and backslashes are escaped and come back whole.
  EXPECT_TRUE(contains(text, "[Blue \"Alice \\\"the rat\\\"\"]")) << text;
  EXPECT_EQ(back[0].tag("Red"), "Bob\\Carol");
}

TEST(GameRecord, SetTagKeepsTheRosterOrder) {
  GameRecord game;
  game.set_tag("Termination", "den");
  game.set_tag("Opening", "x");
  game.set_tag("Result", "1-0");
  game.set_tag("Event", "e");
  game.set_tag("Result", "0-1");
  std::vector<std::string> names;
  for (const auto& [name, value] : game.tags) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"Event", "Result", "Termination", "Opening"}));
  EXPECT_EQ(game.result(), "0-1");
  EXPECT_EQ(GameRecord().result(), "*");
}

TEST(GameRecord, ManyGamesInOneFile) {
  std::vector<GameRecord> games;
  for (uint64_t seed = 1; seed <= 12; ++seed) games.push_back(random_record(seed, int(seed) * 25));
  games.push_back(random_record(99, 15, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1"));
  const std::string text = write_records(games);
  EXPECT_TRUE(contains(text, "*\n\n[Event")) << "games are separated by a blank line";
  std::vector<GameRecord> back = read_records(text);
  ASSERT_EQ(back.size(), games.size());
  for (size_t i = 0; i < games.size(); ++i) expect_same(games[i], back[i]);
  EXPECT_EQ(write_records(back), text);
  int count = 0;
  EXPECT_TRUE(check_records(text, &count).empty());
  EXPECT_EQ(count, int(games.size()));
}

TEST(GameRecord, ToleratesLayoutAndCommentsEverywhere) {
  const std::string text =
      "; a line comment before everything\r\n"
      "{a comment before the tags}\n"
      "[Event   \"spaced\" ]\r\n"
      "{between tags}  [ Blue \"x\"]\n"
      "% an escape line\n"
      "\n\n"
      "{before the first move}\n"
      "1.a3a4 {first\n  comment\n over lines} 1...a7a6\n"
      "2 g3g4 ; this is dropped\n"
      "g7g6 $1 {two} {comments}\n"
      "3.   \t e3e2! 3 ... e7e8\n"
      "\n"
      "*\n"
      "1. a3a4 *\n";
  std::vector<GameRecord> games = read_records(text);
  ASSERT_EQ(games.size(), 2u);
  const GameRecord& g = games[0];
  EXPECT_EQ(g.tag("Event"), "spaced");
  EXPECT_EQ(g.tag("Blue"), "x");
  std::vector<std::string> moves;
  for (const RecordedMove& m : g.moves) moves.push_back(kStandardGeometry.move_text(m.move));
  EXPECT_EQ(moves, (std::vector<std::string>{"a3a4", "a7a6", "g3g4", "g7g6", "e3e2", "e7e8"}));
  EXPECT_EQ(g.moves[0].comment, "first\n  comment\n over lines");
  EXPECT_EQ(g.moves[1].comment, "");
  EXPECT_EQ(g.moves[3].comment, "two comments");
  EXPECT_EQ(games[1].moves.size(), 1u);
}

TEST(GameRecord, CommentsRoundTripAndForceRedMoveNumbers) {
  GameRecord game;
  game.set_tag("Result", "*");
  Position pos;
  for (const char* text : {"a3a4", "a7a6", "g3g4"}) {
    Move m = *parse_move(pos, text);
    game.moves.push_back({m, std::string(text) == "a3a4" ? "[%eval 0.35/12]" : ""});
    pos.do_move(m);
  }
  const std::string text = write_record(game);
  EXPECT_TRUE(contains(text, "1. a3a4 {[%eval 0.35/12]} 1... a7a6 2. g3g4 *")) << text;
  expect_same(game, read_records(text).at(0));
}

TEST(GameRecord, IllegalMoveNamesGameLineMoveAndReason) {
  const std::string text = kHeader + "[Result \"*\"]\n\n1. a3a4 a7a6 *\n\n" + kHeader +
                           "[Result \"*\"]\n"
                           "\n"
                           "1. a3a4 a7a6\n"
                           "2. e3e4 *\n";
  RecordError e = read_error(text);
  EXPECT_EQ(e.game(), 2);
  EXPECT_EQ(e.line(), 16);
  const std::string msg = e.what();
  EXPECT_TRUE(contains(msg, "game 2")) << msg;
  EXPECT_TRUE(contains(msg, "line 16")) << msg;
  EXPECT_TRUE(contains(msg, "move 2 e3e4")) << msg;
  EXPECT_TRUE(contains(msg, "Leopard may not enter the water at e4")) << msg;
}

// The column is where the bad move begins, counted in characters: a
// comment's "é" (two bytes) counts once, and a move written against its
// number ("2.e3e4") begins after the dot.
TEST(GameRecord, AnErrorNamesTheColumnWhereTheBadMoveBegins) {
  const std::string why = "move 2 e3e4 is illegal: Leopard may not enter the water at e4";
  EXPECT_EQ(std::string(read_error("[Result \"*\"]\n\n1. a3a4 a7a6 2. e3e4 *\n").what()),
            "game 1, line 3, column 17: " + why);
  EXPECT_EQ(std::string(read_error("[Result \"*\"]\n\n1. a3a4 {\xC3\xA9} a7a6 2. e3e4 *\n").what()),
            "game 1, line 3, column 21: " + why);
  EXPECT_EQ(std::string(read_error("1. a3a4 a7a6 2.e3e4 *\n").what()),
            "game 1, line 1, column 16: " + why);
  // Broken syntax is placed where the stray character stands.
  EXPECT_EQ(std::string(read_error("\xEF\xBB\xBF"
                                   "1. a3a4 } *\n")
                            .what()),
            "game 1, line 1, column 9: unexpected '}'");
  int games = 0;
  const std::vector<RecordError> errors =
      check_records("1. a3a4 a7a6 *\n\n[Result \"*\"]\n\n1. a3a4 a7a6 2. e3e4 *\n", &games);
  EXPECT_EQ(games, 2);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(std::string(errors[0].what()), "game 2, line 5, column 17: " + why);
}

TEST(GameRecord, IllegalRedMoveAndMalformedMove) {
  std::string msg = read_error("1. a3a4 a7a5 *").what();
  EXPECT_TRUE(contains(msg, "move 1... a7a5 is illegal")) << msg;
  EXPECT_TRUE(contains(msg, "line 1")) << msg;

  msg = read_error("1. a3a4 a7a6\n2. z9a1 *").what();
  EXPECT_TRUE(contains(msg, "move 2 'z9a1' is malformed")) << msg;
  EXPECT_TRUE(contains(msg, "line 2")) << msg;

  msg = read_error("1. b2b3 c9c8 *").what();
  EXPECT_TRUE(contains(msg, "no piece on c9")) << msg;

  // A side line stands in for the move before it, from the position before
  // that move: Blue's turn again here.
  msg = read_error("1. a3a4 ( 1... a7a6 ) *").what();
  EXPECT_TRUE(contains(msg, "move 1 a7a6 is illegal")) << msg;
}

// Side lines in parentheses (docs/records.md) are read as the alternatives
// to the move they follow, nested ones too, and written back the same.
TEST(GameRecord, SideLinesAreReadAndWrittenBack) {
  const std::string text =
      "1. a3a4 (1. g3g4 g7g6 (1... a7a6 {a side line's comment}) 2. g4g5) (1. c3d3) 1... a7a6 {c}\n"
      "2. a4a5 *\n";
  std::vector<GameRecord> games = read_records(text);
  ASSERT_EQ(games.size(), 1u);
  const GameRecord& g = games[0];
  const auto text_of = [](const std::vector<RecordedMove>& line) {
    std::string out;
    for (const RecordedMove& m : line)
      out += (out.empty() ? "" : " ") + kStandardGeometry.move_text(m.move);
    return out;
  };
  EXPECT_EQ(text_of(g.moves), "a3a4 a7a6 a4a5");
  ASSERT_EQ(g.moves[0].variations.size(), 2u);
  EXPECT_EQ(text_of(g.moves[0].variations[0]), "g3g4 g7g6 g4g5");
  EXPECT_EQ(text_of(g.moves[0].variations[1]), "c3d3");
  ASSERT_EQ(g.moves[0].variations[0][1].variations.size(), 1u);
  EXPECT_EQ(text_of(g.moves[0].variations[0][1].variations[0]), "a7a6");
  EXPECT_EQ(g.moves[0].variations[0][1].variations[0][0].comment, "a side line's comment");
  EXPECT_EQ(g.moves[1].comment, "c");
  EXPECT_TRUE(g.moves[1].variations.empty());
  // Written on one line up to 79 columns, as the game's moves are.
  EXPECT_EQ(write_record(g),
            "1. a3a4 (1. g3g4 g7g6 (1... a7a6 {a side line's comment}) 2. g4g5) (1. c3d3)\n"
            "1... a7a6 {c} 2. a4a5 *\n");
  EXPECT_EQ(write_record(read_records(write_record(g))[0]), write_record(g));
}

TEST(GameRecord, BrokenSideLinesAreErrors) {
  std::string msg = read_error("1. a3a4 a7a6 ) *").what();
  EXPECT_TRUE(contains(msg, "')' closes no side line")) << msg;
  msg = read_error("( 1. a3a4 ) *").what();
  EXPECT_TRUE(contains(msg, "must follow the move it is played instead of")) << msg;
  msg = read_error("1. a3a4 () a7a6 *").what();
  EXPECT_TRUE(contains(msg, "has no moves")) << msg;
  msg = read_error("1. a3a4 (1. g3g4 *").what();
  EXPECT_TRUE(contains(msg, "the result * comes inside the side line opened at line 1")) << msg;
  msg = read_error("[Event \"a\"]\n\n1. a3a4 (1. g3g4\n").what();
  EXPECT_TRUE(contains(msg, "line 3, column 9: the side line opened with '(' is never closed"))
      << msg;
  // A side line's move is checked in the side line's position.
  msg = read_error("1. a3a4 a7a6 (1... a7a5) *").what();
  EXPECT_TRUE(contains(msg, "move 1... a7a5 is illegal")) << msg;
}

TEST(GameRecord, MovesAfterTheEndAreIllegal) {
  // Blue's Cat enters the den on move 1; Red may not answer.
  const std::string msg =
      read_error("[FEN \"2C4/7/7/7/7/7/7/7/6r w 0 1\"]\n1. c9d9 g1g2 1-0").what();
  EXPECT_TRUE(contains(msg, "move 1... g1g2 is illegal")) << msg;
  EXPECT_TRUE(contains(msg, "over")) << msg;
}

TEST(GameRecord, BadTagsAreRefused) {
  struct Case {
    std::string text;
    std::string expected;
    int line;
  };
  const std::vector<Case> cases = {
      {"[Event \"a\"]\n[Result \"2-0\"]\n*", "Result \"2-0\" is not one of", 2},
      {"[Termination \"sleep\"]\n*", "Termination \"sleep\" is not one of", 1},
      {"[Event \"a\"]\n\n[Variant \"no-such-rules\"]\n1. a3a4 *", "Variant \"no-such-rules\"", 3},
      {"[FEN \"7/7/7 w\"]\n1. a3a4 *", "FEN tag", 1},
      {"[Event \"a\"]\n[Event \"b\"]\n*", "tag Event appears twice", 2},
      {"[Event a]\n*", "malformed tag pair [Event]", 1},
      {"[Event \"a]\n*", "unterminated value", 1},
      {"[Event \"a\"\n*", "not closed", 1},
      {"1. a3a4 {never closed\n*\n", "never closed", 1},
  };
  for (const Case& c : cases) {
    RecordError e = read_error(c.text);
    EXPECT_TRUE(contains(e.what(), c.expected)) << e.what();
    EXPECT_EQ(e.line(), c.line) << e.what();
    EXPECT_EQ(e.game(), 1) << e.what();
  }
}

TEST(GameRecord, ResultMustMatchAGameEndedByRule) {
  const std::string den = "[FEN \"2C4/7/7/7/7/7/7/7/6r w 0 1\"]\n";
  EXPECT_EQ(read_records(den + "[Result \"1-0\"]\n1. c9d9 1-0").size(), 1u);
  EXPECT_EQ(read_records(den + "1. c9d9 1-0").at(0).result(), "1-0");

  std::string msg = read_error(den + "[Result \"0-1\"]\n1. c9d9 0-1").what();
  EXPECT_TRUE(contains(msg, "Result 0-1 does not match")) << msg;
  EXPECT_TRUE(contains(msg, "Blue won (den)")) << msg;
  msg = read_error(den + "1. c9d9 *").what();
  EXPECT_TRUE(contains(msg, "Result * does not match")) << msg;
  msg = read_error(den + "[Result \"1-0\"]\n1. c9d9 0-1").what();
  EXPECT_TRUE(contains(msg, "does not match [Result \"1-0\"]")) << msg;
  msg = read_error(den + "[Result \"1-0\"]\n[Termination \"repetition\"]\n1. c9d9 1-0").what();
  EXPECT_TRUE(contains(msg, "Termination \"repetition\" does not match")) << msg;
  // A game still going cannot claim an end by rule.
  msg = read_error(den + "[Result \"1-0\"]\n[Termination \"den\"]\n1. c9c8 1-0").what();
  EXPECT_TRUE(contains(msg, "not a finished game")) << msg;
  msg = read_error(den + "[Result \"1/2-1/2\"]\n[Termination \"resignation\"]\n1. c9c8 1/2-1/2")
            .what();
  EXPECT_TRUE(contains(msg, "decisive")) << msg;
  // Resignation and time end a game that the rules have not ended.
  EXPECT_EQ(
      read_records(den + "[Result \"0-1\"]\n[Termination \"resignation\"]\n1. c9c8 0-1").size(),
      1u);
}

// An aborted game has no winner: its record says Result "*" (or "1/2-1/2",
// as records said before aborting was a result of its own), never a win.
TEST(GameRecord, AnAbortedGameNeedsAResultWithoutAWinner) {
  EXPECT_EQ(read_records("[Result \"*\"]\n[Termination \"aborted\"]\n\n1. a3a4 *\n").size(), 1u);
  EXPECT_EQ(
      read_records("[Result \"1/2-1/2\"]\n[Termination \"aborted\"]\n\n1. a3a4 1/2-1/2\n").size(),
      1u);
  const std::string msg =
      read_error("[Result \"1-0\"]\n[Termination \"aborted\"]\n\n1. a3a4 1-0\n").what();
  EXPECT_EQ(
      msg,
      "game 1, line 4, column 9: Termination \"aborted\" needs Result * (nobody won), not 1-0");
}

TEST(GameRecord, FenTagSetsTheStart) {
  const std::string fen = "6d/7/7/7/7/7/7/7/D6 w 0 1";
  GameRecord game = random_record(3, 6, fen);
  const std::string text = write_record(game);
  EXPECT_TRUE(contains(text, "[FEN \"" + fen + "\"]")) << text;
  GameRecord back = read_records(text).at(0);
  expect_same(game, back);
  const Game replayed = Game::from_record(back);
  ASSERT_EQ(size_t(replayed.ply()), back.moves.size());
  EXPECT_EQ(replayed.start().fen(), fen);
  // The same moves are illegal from the standard start.
  back.tags.clear();
  EXPECT_THROW(Game::from_record(back), RecordError);
}

TEST(GameRecord, RedToMoveNumbering) {
  GameRecord game = random_record(5, 5, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1");
  for (RecordedMove& m : game.moves) m.comment.clear();
  std::string text = write_record(game);
  const std::string moves = text.substr(text.find("\n\n") + 2);
  EXPECT_EQ(moves.substr(0, 4), "1...") << moves;
  EXPECT_TRUE(contains(moves, " 2. ")) << moves;
  EXPECT_TRUE(contains(moves, " 3. ")) << moves;
  expect_same(game, read_records(text).at(0));

  // The FEN's move number carries on.
  game = random_record(5, 3, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 12");
  for (RecordedMove& m : game.moves) m.comment.clear();
  text = write_record(game);
  EXPECT_TRUE(contains(text, "\n12... ")) << text;
  EXPECT_TRUE(contains(text, " 13. ")) << text;
  expect_same(game, read_records(text).at(0));
}

// One finished game per Termination value, written and read back.
TEST(GameRecord, EachTermination) {
  struct Case {
    std::string variant;
    std::string fen;
    std::string moves;
    std::string result;
    std::string termination;
  };
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("jungle_record_test_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string quick_food = (dir / "quick-food.toml").string();
  std::ofstream(quick_food)
      << "name = \"quick-food\"\ninherits = \"anti-draw\"\n[den]\nfood_limit = 2\n";

  const std::vector<Case> cases = {
      {"standard", "2C4/7/7/7/7/7/7/7/6r w 0 1", "c9d9", "1-0", "den"},
      {"standard", "7/7/7/7/7/7/7/c6/D6 w 0 1", "a1a2", "1-0", "all captured"},
      {"standard", "cE5/7/L6/7/7/7/7/7/7 w 0 1", "a7a8", "1-0", "no moves"},
      {"standard", "6d/7/7/7/7/7/7/7/D6 w 0 1", "a1a2 g9g8 a2a1 g8g9 a1a2 g9g8 a2a1 g8g9",
       "1/2-1/2", "repetition"},
      {"standard", "6d/7/7/7/7/7/7/7/D6 w 199 100", "a1a2", "1/2-1/2", "move limit"},
      // A record names a rule file by its path from the record's folder.
      {"quick-food.toml", "6d/7/7/7/7/7/7/7/2DR3 w 0 1", "c1c2 g9g8 c2c3", "0-1", "den food"},
      {"standard", "", "a3a4 a7a6", "0-1", "resignation"},
      {"standard", "", "a3a4", "1-0", "time"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.termination);
    GameRecord game;
    game.set_tag("Variant", c.variant);
    if (!c.fen.empty()) game.set_tag("FEN", c.fen);
    game.set_tag("Result", c.result);
    game.set_tag("Termination", c.termination);
    const RuleSetPtr rules =
        load_variant(c.variant.ends_with(".toml") ? (dir / c.variant).string() : c.variant);
    Position pos = c.fen.empty() ? Position(rules) : Position::from_fen(c.fen, rules);
    std::istringstream in(c.moves);
    for (std::string text; in >> text;) {
      std::string why;
      std::optional<Move> m = parse_move(pos, text, &why);
      ASSERT_TRUE(m) << why;
      game.moves.push_back({*m, ""});
      pos.do_move(*m);
    }
    Termination why = Termination::kNone;
    const GameResult r = game_result(pos, &why);
    if (c.termination != "resignation" && c.termination != "time") {
      EXPECT_EQ(termination_tag(why), c.termination);
      EXPECT_EQ(result_tag(r), c.result);
    } else {
      EXPECT_EQ(r, GameResult::kOngoing);
    }
    const std::string text = write_record(game);
    std::vector<GameRecord> back;
    const RecordSource source = RecordSource::of_file(dir / "games.pgn");
    ASSERT_NO_THROW(back = read_records(text, source)) << text;
    ASSERT_EQ(back.size(), 1u);
    expect_same(game, back[0]);
    EXPECT_EQ(Game::from_record(back[0], source).position().fen(), pos.fen());
  }
  fs::remove_all(dir);
}

TEST(GameRecord, CheckRecordsReportsEveryBadGame) {
  const std::string good = "1. a3a4 a7a6 *\n\n";
  const std::string text = good +                               // game 1 (lines 1-2)
                           "1. a3a4 a7a5 2. b2b3 *\n\n" +       // game 2: illegal, line 3
                           good +                               // game 3
                           "[Result \"3-3\"]\n1. a3a4 *\n\n" +  // game 4: bad tag, line 7
                           "[Event \"x\"]\n1. e3e4\n" +         // game 5: no result token, line 11
                           "[Event \"y\"]\n1. a3a4 *\n";        // game 6
  int games = 0;
  std::vector<RecordError> errors = check_records(text, &games);
  EXPECT_EQ(games, 6);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].game(), 2);
  EXPECT_EQ(errors[0].line(), 3);
  EXPECT_EQ(errors[1].game(), 4);
  EXPECT_EQ(errors[1].line(), 7);
  EXPECT_EQ(errors[2].game(), 5);
  EXPECT_EQ(errors[2].line(), 11);
  EXPECT_TRUE(contains(errors[2].what(), "Leopard may not enter the water")) << errors[2].what();
}

// Broken syntax (a side line never closed, an unterminated tag or comment)
// loses its own game only: checking goes on with the next game's tags.
TEST(GameRecord, CheckRecordsGoesOnAfterBrokenSyntax) {
  const std::string text =
      "[Event \"a\"]\n\n1. a3a4 (1. g3g4 *\n"        // game 1: an open side line, line 3
      "[Event \"b\"]\n\n1. a3a4 a7a6 *\n\n"          // game 2, after a result
      "[Event \"c\n[Result \"*\"]\n\n1. a3a4 *\n\n"  // game 3: unterminated tag, line 8
      "[Event \"d\"]\n\n1. a3a4 {never closed\n\n"   // game 4: open comment, line 15
      "[Event \"e\"]\n\n1. a3a4 a7a6 2. c3c4 *\n";   // game 5: illegal, line 19
  int games = 0;
  std::vector<RecordError> errors = check_records(text, &games);
  EXPECT_EQ(games, 5);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].game(), 1);
  EXPECT_EQ(errors[0].line(), 3);
  EXPECT_TRUE(contains(errors[0].what(), "inside the side line")) << errors[0].what();
  EXPECT_EQ(errors[1].game(), 3);
  EXPECT_EQ(errors[1].line(), 8);
  EXPECT_TRUE(contains(errors[1].what(), "unterminated")) << errors[1].what();
  EXPECT_EQ(errors[2].game(), 4);
  EXPECT_EQ(errors[2].line(), 15);
  EXPECT_TRUE(contains(errors[2].what(), "never closed")) << errors[2].what();
  EXPECT_EQ(errors[3].game(), 5);
  EXPECT_EQ(errors[3].line(), 19);
  EXPECT_TRUE(contains(errors[3].what(), "Wolf may not enter the water")) << errors[3].what();
}

// A byte order mark and Windows line ends, as some editors save, are layout.
TEST(GameRecord, ByteOrderMarkAndCrLfAreLayout) {
  std::vector<GameRecord> games =
      read_records("\xEF\xBB\xBF[Event \"bom\"]\r\n[Result \"*\"]\r\n\r\n1. a3a4 a7a6 *\r\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("Event"), "bom");
  EXPECT_EQ(games[0].moves.size(), 2u);
}

TEST(GameRecord, EmptyTextHasNoGames) {
  EXPECT_TRUE(read_records("").empty());
  EXPECT_TRUE(read_records("  \n; nothing\n{just a comment}\n").empty());
}

}  // namespace
}  // namespace jungle
