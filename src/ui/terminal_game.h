#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "search/engine.h"
#include "ui/board_text.h"
#include "ui/terminal_input.h"

namespace jungle {

struct TerminalOptions {
  std::array<bool, kSides> human = {true, false};  // the sides a person plays
  int skill = 20;  // the engine's skill, 0..20 (Level 8 · full strength)
  int64_t movetime_ms = 1000;
  std::string variant = "standard";  // a shipped name or a .toml path
  std::string fen;                   // start here instead of the rule set's start
  std::string load_file;             // continue the first game of this record file
  std::string save_file;             // write the record here on exit
  bool ascii = false;
  bool colour = false;   // the caller decides: only on a terminal
  bool prompts = false;  // a prompt before each input line, only when a person types
  // Ctrl-C, SIGTERM and a closed terminal (SIGHUP) end the game as `quit`
  // does, writing --save's record; a second one ends the process at once.
  bool catch_signals = false;
  int hash_mb = 16;
};

// `jungle play`: a game between people and the engine on a terminal or a
// pipe. The engine thinks in the background while commands are still read;
// lines typed meanwhile wait for its move, except `stop`, and `quit`,
// `help`, `level`, `flip` and `resign` when nothing is waiting before them,
// so that a script's lines always run in order.
class TerminalGame {
 public:
  TerminalGame(TerminalOptions options, int input_fd, std::ostream& out);
  ~TerminalGame();
  TerminalGame(const TerminalGame&) = delete;
  TerminalGame& operator=(const TerminalGame&) = delete;

  // Plays until `quit` or the end of the input; returns the exit code
  // (0, 2 when the options name a bad variant, FEN or record, or 128 plus
  // the signal's number after an interruption).
  int run();

  // The game so far as a record (docs/records.md).
  GameRecord record() const;

 private:
  enum class SearchPurpose { kNone, kMove, kHint };

  int play_game();
  bool set_up();
  void new_game(Game game);
  void handle_line(const std::string& line);
  bool can_run_now(const std::string& line) const;
  void take_lines(std::vector<std::string> lines);
  void wait_for_event();
  void maybe_start_engine();
  void start_search(SearchPurpose purpose);
  void take_search_result();
  void cancel_search();
  void play(Move m, std::string comment);
  void show_board();
  void announce_end();
  bool game_over() const { return game_.over(); }
  const Position& pos() const { return game_.position(); }
  std::string player_name(Side s) const;
  void set_strength(const std::string& cmd, const std::string& arg);
  void prompt();
  void save(const std::string& path);
  bool load(const std::string& path, int game_number, std::ostream& err);
  void undo();
  void print_help();
  void print_moves();
  void apply_engine_options(int skill);

  TerminalOptions options_;
  TerminalInput input_;
  std::ostream& out_;

  Engine engine_;
  Game game_{Position()};
  bool flipped_ = false;
  bool announced_ = false;

  SearchPurpose searching_ = SearchPurpose::kNone;
  uint64_t search_id_ = 0;
  std::mutex result_mutex_;
  std::optional<std::pair<uint64_t, SearchResult>> result_;  // delivered by the search thread

  std::deque<std::string> queued_;
  bool quit_ = false;
  bool prompted_ = false;
};

}  // namespace jungle
