// `jungle play` end to end: the built binary driven through a pipe, as a
// script would, and through a pseudo-terminal, as a person would, checking
// what each of them sees.

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/game_record.h"
#include "core/geometry.h"
#include "core/position.h"
#include "ui/board_text.h"
#include "ui/terminal_game.h"

namespace jungle {
namespace {

namespace fs = std::filesystem;

// Generous: a failing test should fail, not hang; nothing here waits for time to pass.
constexpr int kTimeoutMs = 60000;

const char* const kStartFen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

// The jungle binary as a child process, its input and output through a pipe
// or a pseudo-terminal.
class Child {
 public:
  enum class Mode { kPipe, kTerminal };

  Child(Mode mode, const std::vector<std::string>& args) : mode_(mode) {
    std::vector<std::string> argv_text = {JUNGLE_BINARY, "play"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    if (mode == Mode::kTerminal) {
      winsize size{};
      size.ws_row = 50;
      size.ws_col = 120;
      int master = -1;
      pid_ = forkpty(&master, nullptr, nullptr, &size);
      if (pid_ == 0) exec(argv_text);
      in_fd_ = out_fd_ = master;
    } else {
      int to_child[2], from_child[2];
      if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
      pid_ = fork();
      if (pid_ == 0) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        dup2(from_child[1], STDERR_FILENO);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
        exec(argv_text);
      }
      close(to_child[0]);
      close(from_child[1]);
      in_fd_ = to_child[1];
      out_fd_ = from_child[0];
    }
  }

  ~Child() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (in_fd_ >= 0) close(in_fd_);
    if (out_fd_ >= 0 && out_fd_ != in_fd_) close(out_fd_);
  }

  bool started() const { return pid_ > 0 && out_fd_ >= 0; }

  void send(const std::string& text) {
    const ssize_t n = write(in_fd_, text.data(), text.size());
    EXPECT_EQ(n, ssize_t(text.size()));
  }

  // The end of input: a closed pipe, or Ctrl-D at the start of a terminal line.
  void close_input() {
    if (mode_ == Mode::kTerminal) {
      send("\x04");
    } else {
      close(in_fd_);
      in_fd_ = -1;
    }
  }

  // Reads until `needle` appears after `from` in the output; false on
  // timeout or end of output.
  bool read_until(const std::string& needle, size_t from = 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kTimeoutMs);
    while (output_.find(needle, from) == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0 || !read_some(int(left))) return false;
    }
    return true;
  }

  // Waits for the process to end, reading what it still writes; its exit code or -1.
  int wait_exit() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kTimeoutMs);
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      read_some(20);
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        while (read_some(20)) {
        }
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
    }
    return -1;
  }

  const std::string& output() const { return output_; }
  size_t mark() const { return output_.size(); }

 private:
  [[noreturn]] static void exec(const std::vector<std::string>& args) {
    setenv("TERM", "xterm-256color", 1);
    unsetenv("NO_COLOR");
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }

  // False at the end of output or when nothing came within the time.
  bool read_some(int timeout_ms) {
    pollfd p{out_fd_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buf[4096];
    const ssize_t n = read(out_fd_, buf, sizeof buf);
    if (n <= 0) return false;  // a terminal whose child has gone reports EIO
    output_.append(buf, size_t(n));
    return true;
  }

  Mode mode_;
  pid_t pid_ = -1;
  int in_fd_ = -1;
  int out_fd_ = -1;
  bool exited_ = false;
  std::string output_;
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

fs::path temp_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle_play_test_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

std::vector<GameRecord> read_record_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return read_records(text.str());
}

bool has_colour_codes(const std::string& text) {
  return contains(text, "\x1b[");
}

TEST(TerminalGame, PipeShowsBoardRefusesIllegalMovesAndAnswers) {
  Child game(Child::Mode::kPipe, {"--movetime", "50"});
  ASSERT_TRUE(game.started());
  // The board, with ranks on both sides and files above and below, in Chinese characters.
  ASSERT_TRUE(game.read_until("Blue to move (Human).")) << game.output();
  EXPECT_TRUE(contains(game.output(), " 9 |")) << game.output();
  EXPECT_TRUE(contains(game.output(), "| 1")) << game.output();
  EXPECT_TRUE(contains(game.output(), "a    b    c    d    e    f    g")) << game.output();
  EXPECT_TRUE(contains(game.output(), "象E")) << game.output();
  EXPECT_TRUE(contains(game.output(), "象e")) << game.output();

  size_t from = game.mark();
  game.send("a3a5\n");
  ASSERT_TRUE(game.read_until("Refused: 'a3a5' is not a move here: illegal move a3a5: ", from))
      << game.output();
  ASSERT_TRUE(game.read_until("one square", from)) << game.output();
  game.send("c3c4\n");
  ASSERT_TRUE(game.read_until("Wolf may not enter the water at c4", from)) << game.output();

  from = game.mark();
  game.send("a3a4\n");
  ASSERT_TRUE(game.read_until("is thinking", from)) << game.output();
  ASSERT_TRUE(game.read_until(" plays 1... ", from)) << game.output();
  ASSERT_TRUE(game.read_until("Blue to move (Human).", from)) << game.output();
  EXPECT_TRUE(contains(game.output().substr(from), "Last move 1... ")) << game.output();

  from = game.mark();
  game.send("undo\nfen\n");
  ASSERT_TRUE(game.read_until("Took back 2 moves.", from)) << game.output();
  ASSERT_TRUE(game.read_until(kStartFen, from)) << game.output();

  const fs::path saved = temp_file("pipe.jgn");
  from = game.mark();
  game.send("a3a4\n");
  ASSERT_TRUE(game.read_until(" plays 1... ", from)) << game.output();
  game.send("save " + saved.string() + "\n");
  ASSERT_TRUE(game.read_until("Saved the game to", from)) << game.output();
  std::vector<GameRecord> records = read_record_file(saved);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].moves.size(), 2u);
  EXPECT_EQ(kStandardGeometry.move_text(records[0].moves[0].move), "a3a4");
  EXPECT_TRUE(contains(records[0].moves[1].comment, "[%eval ")) << records[0].moves[1].comment;
  EXPECT_EQ(records[0].tag("Blue"), "Human");
  EXPECT_EQ(records[0].result(), "*");

  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
  EXPECT_FALSE(has_colour_codes(game.output()));
  // No prompt waits at the end of a line for a script to trip over.
  EXPECT_FALSE(contains(game.output(), "to move> ")) << game.output();
  fs::remove_all(saved.parent_path());
}

// Lines a script writes at once run in order: the undo waits for the engine's reply.
TEST(TerminalGame, ScriptLinesRunInOrder) {
  const fs::path saved = temp_file("script.jgn");
  const fs::path at_exit = temp_file("exit.jgn");
  Child game(Child::Mode::kPipe, {"--movetime", "50", "--ascii", "--save", at_exit.string()});
  ASSERT_TRUE(game.started());
  game.send("a3a4\nundo\nsave " + saved.string() + "\ng3g4\n");
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
  const std::string& out = game.output();
  const size_t reply = out.find(" plays 1... ");
  const size_t undo = out.find("Took back 2 moves.");
  ASSERT_NE(reply, std::string::npos) << out;
  ASSERT_NE(undo, std::string::npos) << out;
  EXPECT_LT(reply, undo);
  EXPECT_TRUE(read_record_file(saved).at(0).moves.empty());
  // --save writes the game as it stood when the input ended.
  std::vector<GameRecord> final_game = read_record_file(at_exit);
  ASSERT_EQ(final_game.size(), 1u);
  ASSERT_EQ(final_game[0].moves.size(), 2u);
  EXPECT_EQ(kStandardGeometry.move_text(final_game[0].moves[0].move), "g3g4");
  // Letters, upper case for Blue and lower case for Red.
  EXPECT_TRUE(contains(out, " 3 | E  .  W  .  P  .  R | 3")) << out;
  EXPECT_FALSE(has_colour_codes(out));
  fs::remove_all(saved.parent_path());
}

TEST(TerminalGame, HumanWinsByEnteringTheDen) {
  const fs::path saved = temp_file("den.jgn");
  Child game(Child::Mode::kPipe,
             {"--fen", "2C4/7/7/7/7/7/7/7/6r w 0 1", "--save", saved.string(), "--ascii"});
  ASSERT_TRUE(game.started());
  game.send("c9d9\n");
  ASSERT_TRUE(game.read_until("Game over: Blue wins: the Cat entered Red's den. Result 1-0\n"))
      << game.output();
  ASSERT_TRUE(game.read_until("Result 1-0")) << game.output();
  game.send("g1g2\n");
  ASSERT_TRUE(game.read_until("The game is over")) << game.output();
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
  std::vector<GameRecord> records = read_record_file(saved);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].result(), "1-0");
  EXPECT_EQ(records[0].tag("Termination"), "den");
  EXPECT_EQ(records[0].tag("FEN"), "2C4/7/7/7/7/7/7/7/6r w 0 1");
  fs::remove_all(saved.parent_path());
}

TEST(TerminalGame, EngineWinsAndTheBoardIsFlippedForRed) {
  // The human plays Red; Blue (the engine) takes Red's last piece at once.
  Child game(Child::Mode::kPipe, {"--side", "red", "--movetime", "50", "--fen",
                                  "7/7/7/7/7/7/7/c6/D6 w 0 1", "--ascii"});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Game over: Blue wins: Red has no pieces left. Result 1-0\n"))
      << game.output();
  // Red sits at the bottom: rank 1 is drawn first and the files run g to a.
  const std::string& out = game.output();
  ASSERT_NE(out.find(" 9 |"), std::string::npos) << out;
  EXPECT_LT(out.find(" 1 |"), out.find(" 9 |")) << out;
  EXPECT_TRUE(contains(out, "g  f  e  d  c  b  a")) << out;
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
}

TEST(TerminalGame, EngineAgainstEngineAndResignation) {
  // Blue's Cat can only walk into the den; the engines finish without any input.
  Child engines(Child::Mode::kPipe,
                {"--side", "none", "--movetime", "20", "--fen", "2C4/7/7/7/7/7/7/7/6r w 0 1"});
  ASSERT_TRUE(engines.started());
  engines.close_input();
  EXPECT_EQ(engines.wait_exit(), 0);
  EXPECT_TRUE(
      contains(engines.output(), "Game over: Blue wins: the Cat entered Red's den. Result 1-0\n"))
      << engines.output();

  Child game(Child::Mode::kPipe, {"--movetime", "50"});
  game.send("resign\n");
  ASSERT_TRUE(game.read_until("Game over: Red wins: Blue resigned. Result 0-1\n")) << game.output();
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
}

// A record that ended by resignation comes back saying who resigned, and
// files that are missing or hold too few games are reported, not fatal.
TEST(TerminalGame, LoadedResignationAndBadFiles) {
  const fs::path resigned = temp_file("resigned.jgn");
  {
    std::ofstream out(resigned);
    out << "[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. a3a4 a7a6 0-1\n";
  }
  Child game(Child::Mode::kPipe, {"--side", "both"});
  ASSERT_TRUE(game.started());
  size_t from = game.mark();
  game.send("load " + resigned.string() + "\n");
  ASSERT_TRUE(game.read_until("Game over: Red wins: Blue resigned. Result 0-1\n", from))
      << game.output();
  from = game.mark();
  game.send("load " + resigned.string() + " 2\n");
  ASSERT_TRUE(game.read_until("holds 1 game; there is no game 2", from)) << game.output();
  from = game.mark();
  game.send("load " + (resigned.parent_path() / "missing.jgn").string() + "\n");
  ASSERT_TRUE(game.read_until("error: cannot read ", from)) << game.output();
  from = game.mark();
  game.send("save " + (resigned.parent_path() / "no" / "dir" / "x.jgn").string() + "\nfen\n");
  ASSERT_TRUE(game.read_until("error: cannot write ", from)) << game.output();
  // The game is still the loaded one, and goes on after a take-back.
  ASSERT_TRUE(game.read_until("l5t/1d3c1/2p1w1e/r6/7/E6/2W1P1R/1C3D1/T5L w 2 2", from))
      << game.output();
  from = game.mark();
  game.send("undo\n");
  ASSERT_TRUE(game.read_until("The game goes on.", from)) << game.output();
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
  fs::remove_all(resigned.parent_path());
}

// Ctrl-C on a terminal ends the game as `quit` does: --save's record is
// written, with the moves so far, and the exit code says it was interrupted.
TEST(TerminalGame, CtrlCSavesTheGame) {
  const fs::path saved = temp_file("interrupted.jgn");
  Child game(Child::Mode::kTerminal, {"--movetime", "50", "--save", saved.string()});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Blue to move> ")) << game.output();
  size_t from = game.mark();
  game.send("a3a4\n");
  ASSERT_TRUE(game.read_until(" plays 1... ", from)) << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();
  game.send("\x03");  // Ctrl-C
  EXPECT_EQ(game.wait_exit(), 128 + SIGINT) << game.output();
  EXPECT_TRUE(contains(game.output(), "Interrupted: saving and quitting.")) << game.output();
  std::vector<GameRecord> records = read_record_file(saved);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].moves.size(), 2u);
  fs::remove_all(saved.parent_path());
}

TEST(TerminalGame, BadOptionsAreReported) {
  Child game(Child::Mode::kPipe, {"--fen", "7/7 w"});
  EXPECT_EQ(game.wait_exit(), 2);
  EXPECT_TRUE(contains(game.output(), "error: ")) << game.output();
  Child variant(Child::Mode::kPipe, {"--variant", "no-such-rules"});
  EXPECT_EQ(variant.wait_exit(), 2);
  EXPECT_TRUE(contains(variant.output(), "no-such-rules")) << variant.output();
}

// One name for a strength everywhere: `--level 5` and `level 5` are the web
// page's Level 5 (skill 12), and the record says so.
TEST(TerminalGame, StrengthIsNamedAsOnTheWebPage) {
  const fs::path file = temp_file("levels.pgn");
  Child game(Child::Mode::kPipe, {"--level", "5", "--movetime", "50", "--save", file.string()});
  ASSERT_TRUE(game.read_until("Blue to move (Human).")) << game.output();
  size_t from = game.mark();
  game.send("level\n");
  ASSERT_TRUE(game.read_until("Engine strength: Level 5 · strong (skill 12).", from))
      << game.output();
  game.send("level 9\n");
  ASSERT_TRUE(
      game.read_until("Usage: level N, with N from 1 (beginner) to 8 (full strength)", from))
      << game.output();
  game.send("skill 7\n");
  ASSERT_TRUE(game.read_until("Engine strength: skill 7.", from)) << game.output();
  game.send("level 2\n");
  ASSERT_TRUE(game.read_until("Engine strength: Level 2 · novice.", from)) << game.output();
  game.send("quit\n");
  EXPECT_EQ(game.wait_exit(), 0);
  const std::vector<GameRecord> records = read_record_file(file);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].tag("Red"), "jungle engine, Level 2 · novice");

  // Command-line errors exit with CLI11's codes, never 0, and name the option.
  Child bad(Child::Mode::kPipe, {"--level", "0"});
  EXPECT_NE(bad.wait_exit(), 0);
  EXPECT_TRUE(contains(bad.output(), "--level: Value 0 not in range 1 to 8")) << bad.output();
  Child both(Child::Mode::kPipe, {"--level", "3", "--skill", "4"});
  EXPECT_NE(both.wait_exit(), 0);
  EXPECT_TRUE(contains(both.output(), "--level excludes --skill")) << both.output();
}

TEST(TerminalGame, TerminalShowsColoursAndPrompts) {
  Child game(Child::Mode::kTerminal, {"--movetime", "50"});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Blue to move> ")) << game.output();
  EXPECT_TRUE(has_colour_codes(game.output())) << game.output();
  EXPECT_TRUE(contains(game.output(), "象")) << game.output();
  EXPECT_TRUE(contains(game.output(), " 9 |")) << game.output();

  size_t from = game.mark();
  game.send("a3a5\n");
  ASSERT_TRUE(game.read_until("Refused: 'a3a5' is not a move here: illegal move a3a5", from))
      << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();

  from = game.mark();
  game.send("a3a4\n");
  ASSERT_TRUE(game.read_until(" plays 1... ", from)) << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();

  from = game.mark();
  game.send("undo\n");
  ASSERT_TRUE(game.read_until("Took back 2 moves.", from)) << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();

  from = game.mark();
  game.send("quit\n");
  EXPECT_EQ(game.wait_exit(), 0);
}

// The engine thinks in the background: `stop` makes it move now and `quit`
// ends the program while it thinks (its time here is far beyond the test's).
TEST(TerminalGame, CommandsAreReadWhileTheEngineThinks) {
  Child game(Child::Mode::kTerminal, {"--movetime", "600000"});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Blue to move> ")) << game.output();
  size_t from = game.mark();
  game.send("a3a4\n");
  ASSERT_TRUE(game.read_until("is thinking (type stop to make it move now)", from))
      << game.output();
  game.send("stop\n");
  ASSERT_TRUE(game.read_until(" plays 1... ", from)) << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();

  from = game.mark();
  game.send("g3g4\n");
  ASSERT_TRUE(game.read_until("is thinking", from)) << game.output();
  game.send("quit\n");
  EXPECT_EQ(game.wait_exit(), 0);
  EXPECT_FALSE(contains(game.output().substr(from), " plays 2... ")) << game.output();
}

// Flip Jungle's engine thinks in the background too (its terminal used to
// wait for it, input unread): `stop` makes it flip or move now, and `quit`
// ends the program while it thinks.
TEST(TerminalGame, StopReachesTheFlipEngine) {
  Child game(Child::Mode::kTerminal, {"--variant", "flip", "--movetime", "600000", "--seed", "3"});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Blue to move> ")) << game.output();
  size_t from = game.mark();
  game.send("b2?=L\n");
  ASSERT_TRUE(game.read_until("Human plays 1. b2? and reveals the Blue Lion (b2?=L)", from))
      << game.output();
  ASSERT_TRUE(game.read_until(
      "jungle engine, Level 8 · full strength is thinking (type stop to make it move now)", from))
      << game.output();
  game.send("stop\n");
  ASSERT_TRUE(game.read_until("jungle engine, Level 8 · full strength plays 1... ", from))
      << game.output();
  ASSERT_TRUE(game.read_until("Blue to move> ", from)) << game.output();

  // A hint thinks in the background as well.
  from = game.mark();
  game.send("hint\n");
  ASSERT_TRUE(game.read_until("Looking for a hint...", from)) << game.output();
  game.send("quit\n");
  EXPECT_EQ(game.wait_exit(), 0);
  EXPECT_FALSE(contains(game.output().substr(from), "Hint: ")) << game.output();
}

TEST(TerminalGame, EndOfInputOnATerminalEndsCleanly) {
  Child game(Child::Mode::kTerminal, {"--ascii"});
  ASSERT_TRUE(game.started());
  ASSERT_TRUE(game.read_until("Blue to move> ")) << game.output();
  game.close_input();
  EXPECT_EQ(game.wait_exit(), 0);
}

TEST(RenderBoard, MarksTerrainLastMoveAndCoordinates) {
  Position pos;
  pos.do_move(Move(kStandardGeometry.parse_square("a3"), kStandardGeometry.parse_square("a4")));
  BoardStyle style;
  style.ascii = true;
  const std::string board = render_board(pos, style);
  EXPECT_EQ(board,
            "     a  b  c  d  e  f  g\n"
            "   +---------------------+\n"
            " 9 | l  .  #  *  #  .  t | 9\n"
            " 8 | .  d  .  #  .  c  . | 8\n"
            " 7 | r  .  p  .  w  .  e | 7\n"
            " 6 | .  ~  ~  .  ~  ~  . | 6\n"
            " 5 | .  ~  ~  .  ~  ~  . | 5\n"
            " 4 |[E] ~  ~  .  ~  ~  . | 4\n"
            " 3 |[.] .  W  .  P  .  R | 3\n"
            " 2 | .  C  .  #  .  D  . | 2\n"
            " 1 | T  .  #  *  #  .  L | 1\n"
            "   +---------------------+\n"
            "     a  b  c  d  e  f  g\n");
  style.ascii = false;
  style.colour = true;
  const std::string coloured = render_board(pos, style);
  EXPECT_TRUE(has_colour_codes(coloured));
  EXPECT_TRUE(contains(coloured, "象"));
  style.colour = false;
  style.hidden_side = kRed;
  const std::string hidden = render_board(pos, style);
  EXPECT_FALSE(contains(hidden, "象e")) << hidden;
  EXPECT_TRUE(contains(hidden, "??x")) << hidden;
}

}  // namespace
}  // namespace jungle
