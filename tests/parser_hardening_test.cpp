// Inputs from an outside attack on the readers of core/: FENs, game records,
// rule files and the files they name. Each test pins the answer that
// replaced a wrong or dangerous one.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/file_io.h"
#include "core/game_record.h"
#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/variants.h"
#include "search/eval_params.h"

namespace jungle {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The message of the FenError that `fen` raises ("" when it is accepted).
std::string fen_error(const std::string& fen, RuleSetPtr rules = RuleSet::standard()) {
  try {
    Position::from_fen(fen, std::move(rules));
  } catch (const FenError& e) {
    return e.what();
  }
  return "";
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Runs `fn` on a thread of its own; false when it has not returned within
// `seconds` (a reader blocked on a FIFO), so that the test fails rather
// than hangs. A thread left blocked is abandoned.
bool finishes_within(double seconds, std::function<void()> fn) {
  auto done = std::make_shared<std::atomic<bool>>(false);
  std::thread([fn = std::move(fn), done] {
    fn();
    *done = true;
  }).detach();
  const Clock::time_point start = Clock::now();
  while (!*done && seconds_since(start) < seconds) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return *done;
}

class ParserHardeningFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter = 0;
    dir_ = fs::temp_directory_path() / ("jungle_parser_hardening_" + std::to_string(getpid()) +
                                        "_" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& relative, const std::string& text) {
    const fs::path path = dir_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  fs::path fifo(const std::string& relative) {
    const fs::path path = dir_ / relative;
    EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
    return path;
  }

  fs::path dir_;
};

// --- FEN ----------------------------------------------------------------------

TEST(ParserHardeningFen, BothDensEnteredIsImpossible) {
  EXPECT_EQ(fen_error("3E3/7/7/7/7/7/7/7/3e3 b 0 1"),
            "both dens are entered (Blue Elephant on d9, Red Elephant on d1); the game ends "
            "when the first den is entered");
  EXPECT_EQ(fen_error("3E3/7/7/7/7/7/7/7/3e3 w"), fen_error("3E3/7/7/7/7/7/7/7/3e3 b 0 1"));
  // One den entered is a finished game, and a position a FEN may show.
  EXPECT_EQ(fen_error("3E3/7/7/7/7/7/7/7/2e4 b 0 1"), "");
}

TEST(ParserHardeningFen, EmptyBoardIsImpossible) {
  EXPECT_EQ(fen_error("7/7/7/7/7/7/7/7/7 w 0 1"),
            "the board is empty; the game ends when a side loses its last piece");
  // One side without pieces is a finished game.
  EXPECT_EQ(fen_error("7/7/7/7/7/7/7/7/D6 w 0 1"), "");
}

TEST(ParserHardeningFen, PieceInItsOwnDenIsRejected) {
  EXPECT_EQ(fen_error("l5t/7/7/7/7/7/7/7/3E3 w 0 1"), "Blue Elephant in its own den d1");
}

TEST(ParserHardeningFen, ExtraPieceOnARankIsRejected) {
  EXPECT_EQ(fen_error("6lt/7/7/7/7/7/7/7/L6 w"), "FEN rank 9 has 8 files; expected 7");
  EXPECT_EQ(fen_error("7l/7/7/7/7/7/7/7/L6 w"), "FEN rank 9 has 8 files; expected 7");
  EXPECT_EQ(fen_error("l5t/7/7/7/7/7/7/7/L5Tr w"), "FEN rank 1 has 8 files; expected 7");
  EXPECT_EQ(fen_error("l5t/7/7/7/7/7/7/7/9L w"), "FEN rank 1 has 10 files; expected 7");
  // A rule set's start position goes through the same check.
  try {
    parse_rules("start = \"6lt/7/7/7/7/7/7/7/L6 w\"\n", "extra.toml");
    ADD_FAILURE() << "accepted";
  } catch (const VariantError& e) {
    ASSERT_EQ(e.issues().size(), 1u);
    EXPECT_EQ(e.issues()[0].to_string(),
              "extra.toml:1:9: start position: FEN rank 9 has 8 files; expected 7");
  }
}

TEST(ParserHardeningFen, CountersAreBounded) {
  const std::string board = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w ";
  EXPECT_EQ(fen_error(board + "0 2147483647"),
            "FEN move number '2147483647' is not a whole number from 1 to 1000000");
  EXPECT_EQ(fen_error(board + "0 99999999999"),
            "FEN move number '99999999999' is not a whole number from 1 to 1000000");
  EXPECT_EQ(fen_error(board + "99999999999 1"),
            "FEN plies since the last capture '99999999999' is not a whole number from 0 to "
            "1000000");
  // Under a set with no move limit, 2^30 plies used to read as "drawn: move limit".
  const RuleSetPtr bush = load_variant("bush");
  EXPECT_EQ(fen_error(board + "1073741824 1", bush),
            "FEN plies since the last capture '1073741824' is not a whole number from 0 to "
            "1000000");

  // The largest counters still leave the game room to go on.
  Position pos = Position::from_fen(board + "1000000 1000000", bush);
  EXPECT_EQ(generate_moves(pos).size(), 24);
  pos.do_move(*parse_move(pos, "a3a4"));
  pos.do_move(*parse_move(pos, "a7a6"));
  EXPECT_EQ(pos.fen(), "l5t/1d3c1/2p1w1e/r6/7/E6/2W1P1R/1C3D1/T5L w 1000002 1000001");
}

TEST(ParserHardeningFen, WritingARecordWithAnOutOfRangeMoveNumberDoesNotOverflow) {
  GameRecord game;
  game.set_tag("FEN", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 2147483647");
  const Position pos = Position(RuleSet::standard());
  game.moves = {{*parse_move(pos, "a3a4"), ""}, {Move(), ""}, {Move(), ""}};
  game.moves[1].move =
      Move(kStandardGeometry.parse_square("a7"), kStandardGeometry.parse_square("a6"));
  game.moves[2].move =
      Move(kStandardGeometry.parse_square("g3"), kStandardGeometry.parse_square("g4"));
  const std::string text = write_record(game);
  EXPECT_NE(text.find("1. a3a4 a7a6 2. g3g4 *"), std::string::npos) << text;
}

// --- Repetition ---------------------------------------------------------------

// A quiet move (no capture, no den entry) chosen by a fixed generator, or
// none when there is no such move.
std::optional<Move> quiet_move(const Position& pos, uint64_t& seed) {
  std::vector<Move> quiet;
  const Square enemy_den = pos.rule_set().den(opponent(pos.side_to_move()));
  for (Move m : generate_moves(pos)) {
    if (!pos.is_capture(m) && m.to() != enemy_den) quiet.push_back(m);
  }
  if (quiet.empty()) return std::nullopt;
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return quiet[size_t((seed >> 33) % quiet.size())];
}

// The counts kept per move agree with counting the game's keys afresh,
// including the counts David Bush's rule asks for before a move.
TEST(ParserHardeningRepetition, CountsMatchARecount) {
  Position pos = Position::from_fen("r5d/7/7/7/7/7/7/7/D5R w 0 1", load_variant("bush"));
  std::vector<uint64_t> keys = {pos.board_key()};
  const auto count = [&](uint64_t key) { return int(std::count(keys.begin(), keys.end(), key)); };
  uint64_t seed = 1;
  int repeated = 0;
  for (int ply = 0; ply < 3000; ++ply) {
    ASSERT_EQ(pos.state().repetitions, count(pos.board_key())) << "ply " << ply;
    repeated += pos.state().repetitions > 1;
    for (Move candidate : generate_pseudo_moves(pos)) {
      if (pos.is_capture(candidate)) continue;
      pos.do_move(candidate);
      const uint64_t after = pos.board_key();
      pos.undo_move();
      ASSERT_EQ(pos.occurrences_after(candidate), count(after))
          << kStandardGeometry.move_text(candidate);
    }
    // David Bush's rule may leave no quiet move.
    std::optional<Move> m = quiet_move(pos, seed);
    if (!m) break;
    pos.do_move(*m);
    keys.push_back(pos.board_key());
  }
  EXPECT_GT(keys.size(), 1000u);
  EXPECT_GT(repeated, 100);  // the few pieces keep coming back
  // A capture starts the count afresh.
  Position fresh = Position::from_fen("7/7/7/7/7/7/7/d6/D6 w 0 1", load_variant("bush"));
  fresh.do_move(*parse_move(fresh, "a1a2"));
  EXPECT_EQ(fresh.state().repetitions, 1);
}

// Under a set with no move limit a game may go long without a capture;
// each move used to look back over the whole game. Its cost is measured, not
// timed here (`jungle pgn check` on a long record shows it); this plays such a game
// through and checks the counters at its end.
TEST(ParserHardeningRepetition, LongGameWithoutCapturesPlaysThrough) {
  Position pos(load_variant("bush"));
  uint64_t seed = 7;
  int plies = 0;
  for (; plies < 60000; ++plies) {
    std::optional<Move> m = quiet_move(pos, seed);
    if (!m) break;
    pos.do_move(*m);
  }
  EXPECT_EQ(plies, 60000);
  EXPECT_EQ(pos.plies_since_capture(), 60000);
}

// --- Records --------------------------------------------------------------------

// A bush game of `plies` quiet moves, as record text.
std::string long_bush_record(int plies) {
  GameRecord game;
  game.set_tag("Variant", "bush");
  Position pos(load_variant("bush"));
  uint64_t seed = 11;
  for (int i = 0; i < plies; ++i) {
    std::optional<Move> m = quiet_move(pos, seed);
    if (!m) break;
    game.moves.push_back({*m, ""});
    pos.do_move(*m);
  }
  EXPECT_EQ(int(game.moves.size()), plies);
  return write_record(game);
}

TEST(ParserHardeningRecord, GameLongerThanTheCapIsRefusedWhileReading) {
  const std::string text = long_bush_record(kMaxRecordPlies + 2000);
  int games = 0;
  const std::vector<RecordError> errors = check_records(text, &games);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(games, 1);
  const std::string message = errors[0].what();
  EXPECT_EQ(message.substr(message.find(": the game") + 2),
            "the game has more than 10000 moves (plies), the most a record may hold");
  EXPECT_THROW(read_records(text), RecordError);

  // The longest game allowed reads.
  const std::string longest = long_bush_record(kMaxRecordPlies);
  EXPECT_EQ(read_records(longest).at(0).moves.size(), size_t(kMaxRecordPlies));
}

TEST_F(ParserHardeningFiles, RecordVariantIsAShippedSetOrAFileInTheRecordsFolder) {
  const std::string moves = "\n1. a3a4 *\n";
  auto error_of = [&](const std::string& variant, const RecordSource& source) {
    try {
      read_records("[Variant \"" + variant + "\"]\n" + moves, source);
    } catch (const RecordError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const RecordSource text_only;
  const RecordSource from_file = RecordSource::of_file(dir_ / "games.pgn");
  write("rules/mine.toml", "name = \"mine\"\ninherits = \"bush\"\n");
  write("outside.toml", "name = \"outside\"\n");
  fs::create_directories(dir_ / "records");
  const RecordSource nested = RecordSource::of_file(dir_ / "records" / "games.pgn");

  // Shipped sets from anywhere.
  EXPECT_EQ(error_of("bush", text_only), "");
  // A file next to the record, by a relative path, when the record is a file.
  EXPECT_EQ(error_of("rules/mine.toml", from_file), "");
  EXPECT_EQ(read_records("[Variant \"rules/mine.toml\"]\n" + moves, from_file).at(0).tag("Variant"),
            "rules/mine.toml");
  EXPECT_EQ(
      error_of("rules/mine.toml", text_only),
      "game 1, line 1, column 1: Variant \"rules/mine.toml\": unknown rule set 'rules/mine.toml' "
      "(known: standard, bush, wikipedia, mistboard, dog-swims, universal-traps, "
      "elephant-takes-rat, "
      "leopard-jumps, lion-tiger-equal, tiger-over-lion, anti-draw, animal-checkers, "
      "animal-checkers-7x9, academic, hidden, hidden-stratego; a record read from a file may also "
      "name a .toml file in its folder)");
  // Nothing else: devices, absolute paths, paths out of the folder.
  EXPECT_NE(error_of("/dev/zero", from_file).find("unknown rule set '/dev/zero'"),
            std::string::npos)
      << error_of("/dev/zero", from_file);
  EXPECT_NE(error_of("/dev/zero", text_only).find("unknown rule set '/dev/zero'"),
            std::string::npos);
  EXPECT_EQ(error_of((dir_ / "outside.toml").string(), from_file),
            "game 1, line 1, column 1: Variant \"" + (dir_ / "outside.toml").string() +
                "\": a record may name a rule set file only by a path relative to its folder, "
                "not '" +
                (dir_ / "outside.toml").string() + "'");
  EXPECT_EQ(
      error_of("../outside.toml", nested),
      "game 1, line 1, column 1: Variant \"../outside.toml\": a record may name a rule set file "
      "only inside its folder, not '../outside.toml'");
  // A link out of the folder is outside it too, and so is a parent outside it.
  fs::create_symlink(dir_ / "outside.toml", dir_ / "records" / "link.toml");
  EXPECT_NE(error_of("link.toml", nested).find("is outside the folder"), std::string::npos)
      << error_of("link.toml", nested);
  write("records/child.toml", "inherits = \"../outside.toml\"\n");
  EXPECT_NE(error_of("child.toml", nested).find("is outside the folder"), std::string::npos)
      << error_of("child.toml", nested);
  write("records/zero.toml", "inherits = \"/dev/zero\"\n");
  EXPECT_NE(error_of("zero.toml", nested).find("is outside the folder"), std::string::npos)
      << error_of("zero.toml", nested);
  // A FIFO in the folder is refused, not waited on.
  fifo("records/pipe.toml");
  std::string pipe_error;
  ASSERT_TRUE(finishes_within(5, [&] { pipe_error = error_of("pipe.toml", nested); }));
  EXPECT_NE(pipe_error.find("not a regular file"), std::string::npos) << pipe_error;
}

// --- Files ----------------------------------------------------------------------

TEST_F(ParserHardeningFiles, ReadSmallFileReadsOnlyRegularFilesUpToTheCap) {
  const fs::path ok = write("ok.txt", "hello");
  EXPECT_EQ(read_small_file(ok, 5), "hello");
  auto reason = [](const fs::path& path, size_t cap) {
    try {
      read_small_file(path, cap);
    } catch (const FileReadError& e) {
      return e.reason();
    }
    return std::string("read");
  };
  EXPECT_EQ(reason(ok, 4), "larger than 4 bytes");
  EXPECT_EQ(reason(dir_ / "missing.txt", 100), "no such file");
  EXPECT_EQ(reason(dir_, 100), "a directory, not a file");
  EXPECT_EQ(reason("/dev/zero", 100), "not a regular file");
  const fs::path pipe = fifo("pipe");
  std::string pipe_reason;
  ASSERT_TRUE(finishes_within(5, [&] { pipe_reason = reason(pipe, 100); }));
  EXPECT_EQ(pipe_reason, "not a regular file");
  try {
    read_small_file("/dev/zero", 100);
  } catch (const FileReadError& e) {
    EXPECT_STREQ(e.what(), "'/dev/zero': not a regular file");
  }
}

TEST_F(ParserHardeningFiles, RuleFilesAreReadOnlyWhenRegularAndSmall) {
  auto first_issue = [](const std::string& name) {
    try {
      load_variant(name);
    } catch (const VariantError& e) {
      return e.issues().at(0).to_string();
    }
    return std::string("loaded");
  };
  EXPECT_EQ(first_issue("/dev/zero"), "/dev/zero: not a regular file");
  const fs::path pipe = fifo("pipe.toml");
  std::string pipe_issue;
  ASSERT_TRUE(finishes_within(5, [&] { pipe_issue = first_issue(pipe.string()); }));
  EXPECT_EQ(pipe_issue, pipe.string() + ": not a regular file");
  const fs::path child = write("child.toml", "inherits = \"/dev/zero\"\n");
  EXPECT_EQ(first_issue(child.string()),
            child.string() + ":1:12: not a regular file: the parent rule set '/dev/zero'");
  const fs::path big = write("big.toml", std::string(70000, '#') + "\n");
  EXPECT_EQ(first_issue(big.string()), big.string() + ": larger than 65536 bytes");
}

TEST_F(ParserHardeningFiles, WeightsFilesAreReadOnlyWhenRegularAndSmall) {
  auto reason = [](const fs::path& path) {
    try {
      load_eval_params_file(path, default_eval_params());
    } catch (const FileReadError& e) {
      return e.reason();
    }
    return std::string("read");
  };
  EXPECT_EQ(reason("/dev/zero"), "not a regular file");
  const fs::path pipe = fifo("weights.txt");
  std::string pipe_reason;
  ASSERT_TRUE(finishes_within(5, [&] { pipe_reason = reason(pipe); }));
  EXPECT_EQ(pipe_reason, "not a regular file");
  const fs::path good = write("good.txt", format_eval_params(default_eval_params(), {"test"}));
  EXPECT_EQ(reason(good), "read");
}

// --- TOML the parser must not see -----------------------------------------------

TEST(ParserHardeningToml, InputThatBreaksTheParserIsRefusedWithAPlace) {
  auto first_issue = [](std::string_view text) {
    try {
      parse_rules(text, "x.toml");
    } catch (const VariantError& e) {
      return e.issues().at(0).to_string();
    }
    return std::string("parsed");
  };
  // toml++ 3.3 reaches an "unreachable" point on the first and asserts on the second.
  EXPECT_EQ(first_issue(std::string_view("a\xc8\xa8", 3)),
            "x.toml:1:2: a non-ASCII character outside a string or comment (keys must be "
            "ASCII; quote other text)");
  EXPECT_EQ(first_issue(std::string_view("[\0]", 3)),
            "x.toml:1:2: a NUL byte; a rule file is text");
  EXPECT_EQ(first_issue("name = \"x\"\n# ok\n\xff\n"), "x.toml:3:1: a byte that is not UTF-8 text");
  EXPECT_EQ(first_issue("description = \"caf\xc3\xa9\"\nname = \"x\"\n\xc3\xa9 = 1\n"),
            "x.toml:3:1: a non-ASCII character outside a string or comment (keys must be "
            "ASCII; quote other text)");
  EXPECT_EQ(first_issue("description = \"\xed\xa0\x80\"\n"),
            "x.toml:1:16: a byte that is not UTF-8 text");
  // Text in strings and comments may be any UTF-8, escapes and quotes included.
  EXPECT_EQ(parse_rules("# caf\xc3\xa9\nname = \"x\"\ndescription = \"\\\"caf\xc3\xa9\\\" "
                        "\xe2\x80\x94 '\"\n[ranks]\nrat = 1 # \xc3\xa9\n",
                        "x.toml")
                .description,
            "\"caf\xc3\xa9\" \xe2\x80\x94 '");
  EXPECT_EQ(parse_rules("name = \"x\"\ndescription = '''\n\xc3\xa9\n'''\n", "x.toml").description,
            "\xc3\xa9\n");
  EXPECT_EQ(
      parse_rules("name = \"x\"\ndescription = \"\"\"\n\xc3\xa9\"\n\"\"\"\n", "x.toml").description,
      "\xc3\xa9\"\n");
}

// --- explain_illegal --------------------------------------------------------------

TEST(ParserHardeningNotation, OwnDenMoveThatIsLegalIsNotExplainedAsIllegal) {
  Position pos(load_variant("anti-draw"));
  for (const char* text : {"a3a4", "b8c8", "a4a5", "c8c9", "a5a6"}) {
    std::optional<Move> m = parse_move(pos, text);
    ASSERT_TRUE(m) << text;
    pos.do_move(*m);
  }
  EXPECT_TRUE(is_legal(
      pos, Move(kStandardGeometry.parse_square("c9"), kStandardGeometry.parse_square("d9"))));
  EXPECT_EQ(explain_illegal(pos, kStandardGeometry.parse_square("c9"),
                            kStandardGeometry.parse_square("d9")),
            "");
  // Under the standard rules the same move is illegal, and said so.
  Position standard;
  for (const char* text : {"a3a4", "b8c8", "a4a5", "c8c9", "a5a6"}) {
    standard.do_move(*parse_move(standard, text));
  }
  EXPECT_EQ(explain_illegal(standard, kStandardGeometry.parse_square("c9"),
                            kStandardGeometry.parse_square("d9")),
            "Dog may not enter its own den at d9");
}

}  // namespace
}  // namespace jungle
