#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/random_bits.h"
#include "core/secure_random.h"
#include "game/engine.h"
#include "game/family.h"
#include "game/state.h"
#include "ui/terminal_input.h"

namespace jungle {

struct TerminalOptions {
  // The sides a person plays. In a Flip Jungle set where the first flip
  // decides the colours, [kBlue] is the player who acts first and [kRed]
  // the other, whatever colours the first flip gives them.
  std::array<bool, kSides> human = {true, false};
  int skill = 20;  // the engine's skill, 0..20 (Level 8 · full strength), where it has levels
  int64_t movetime_ms = 1000;
  std::string variant = "standard";  // a shipped name or a .toml path, of any family
  // Start here instead of the rule set's start (a hidden game's arbiter's
  // FEN, every animal shown).
  std::string fen;
  std::string load_file;  // continue the first game of this record file
  std::string save_file;  // write the arbiter's record here on exit
  // Chance (what flips reveal, a hidden game's secret set-up) from this
  // seed, so that a game replays; 0: the system's cryptographic generator.
  uint64_t seed = 0;
  bool ascii = false;
  bool colour = false;   // the caller decides: only on a terminal
  bool prompts = false;  // a prompt before each input line, only when a person types
  // Two people at one terminal of a game with hidden information: clear the
  // screen at each hand-over, so that neither sees the other's board.
  bool clear_screen = false;
  // Ctrl-C, SIGTERM and a closed terminal (SIGHUP) end the game as `quit`
  // does, writing --save's record; a second one ends the process at once.
  bool catch_signals = false;
  int hash_mb = 16;
  std::string tb_dir;  // endgame tables for the engine and `hint` (docs/tablebases.md)
};

// `jungle play`: a game of any family between people and the engine on a
// terminal or a pipe, over game::State and game::Engine. The State is the
// arbiter: a person sees its own side's observation, the engine is given
// only its side's observation, and chance (a flip's outcome) is drawn here,
// in one place. The engine thinks in the background while commands are
// still read; lines typed meanwhile wait for its move, except `stop`, and
// `quit`, `help`, `rules`, `level`, `skill`, `flip` and `resign` when
// nothing is waiting before them, so that a script's lines always run in
// order. Commands are offered by what the family and its engine can do
// (Family::capabilities, the engine's options): `pieces` where pieces are
// hidden, `level` where the engine has levels (every family's engine has
// them now; the refusal stays for one that would not); elsewhere they say
// why not. `flip` turns every family's board.
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

 private:
  enum class SearchPurpose { kNone, kMove, kHint };

  bool set_up();
  bool start_game(const game::Family& family, const std::string& variant, const std::string& fen);
  void adopt(std::unique_ptr<game::State> state, std::string start_fen,
             std::vector<std::string> comments);
  void advance();
  void handle_line(const std::string& line);
  bool can_run_now(const std::string& line) const;
  void take_lines(std::vector<std::string> lines);
  void wait_for_event();
  bool interrupted();
  bool read_line(std::string& line);
  void prompt();

  // People and the screen.
  bool person_plays(Side s) const;
  void sync_seats();
  bool hand_overs() const;
  void hand_over(Side to, const std::string& what);
  game::Viewer screen_viewer() const;
  std::string player_name(Side s) const;
  void show_board();
  std::string last_move_label() const;
  void announce_end();
  void tell(Side s);
  void print_help();
  void print_moves();

  // The game.
  void play_person(const std::string& text);
  void played(Side mover, const std::string& number, const std::string& action,
              const std::string& after, std::string comment);
  void play_chance();
  void undo();
  void resign();
  void set_strength(const std::string& cmd, const std::string& arg);
  void save(const std::string& path, bool at_exit);
  bool load(const std::string& path, int game_number);

  // The engine.
  bool engine_has(std::string_view option) const;
  void make_engine();
  void apply_skill(int skill);
  void start_search(SearchPurpose purpose);
  void take_search_result();
  void cancel_search();

  TerminalOptions options_;
  TerminalInput input_;
  std::ostream& out_;

  std::mt19937_64 seeded_;
  SecureRandom secure_;
  RandomBits chance_;  // seeded_ or secure_

  std::unique_ptr<game::State> state_;
  std::string start_fen_;  // where `new` starts again ("" the family's start)
  Side start_side_ = kBlue;
  bool swapped_ = false;  // person_plays(s) reads options_.human[opponent(s)]
  // A resigned game as it was, for `undo` to take the resignation back.
  std::unique_ptr<game::State> before_declared_;
  std::vector<std::string> comments_;  // by ply: the engine's evaluations for the record
  struct Event {
    size_t actions;  // state_->actions().size() once it happened
    Side mover;
    std::string line;
  };
  std::vector<Event> events_;
  std::array<size_t, kSides> told_ = {0, 0};  // events each person has been shown
  std::optional<Side> shown_to_;              // with hand-overs: whose screen this is
  bool flipped_ = false;
  bool announced_ = false;

  std::unique_ptr<game::Engine> engine_;
  const game::Family* engine_family_ = nullptr;
  int engine_skill_ = -1;
  SearchPurpose searching_ = SearchPurpose::kNone;
  uint64_t search_id_ = 0;
  std::atomic<bool> tables_answered_{false};  // the search's root was found in the tables
  std::mutex result_mutex_;
  std::optional<std::pair<uint64_t, game::Answer>> result_;  // delivered by the search thread

  std::deque<std::string> queued_;
  bool quit_ = false;
  bool prompted_ = false;
};

}  // namespace jungle
