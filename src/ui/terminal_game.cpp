#include "ui/terminal_game.h"

#include <signal.h>

#include <algorithm>
#include <fstream>
#include <iostream>

#include "core/file_io.h"
#include "core/game.h"
#include "core/text_util.h"
#include "game/chance_draw.h"
#include "game/engine_options.h"
#include "game/named_outcome.h"
#include "search/strength_levels.h"
#include "ui/observation_view.h"
#include "ui/setup_screen.h"

namespace jungle {

TerminalGame::TerminalGame(TerminalOptions options, int input_fd, std::ostream& out)
    : options_(std::move(options)),
      input_(input_fd),
      out_(out),
      seeded_(options_.seed),
      chance_(options_.seed ? RandomBits(seeded_) : RandomBits(secure_)) {
  flipped_ = options_.human[kRed] && !options_.human[kBlue];
}

TerminalGame::~TerminalGame() {
  // The search thread's callback touches members: end it before they go.
  if (engine_) {
    engine_->stop();
    engine_->wait();
  }
}

int TerminalGame::run() {
  std::optional<SignalCatcher> catcher;
  if (options_.catch_signals) catcher.emplace(input_);
  if (!set_up()) return 2;
  const game::Family& family = state_->family();
  out_ << "jungle play: " << family.title() << " (" << state_->variant() << "), "
       << player_name(kBlue) << " (Blue) against " << player_name(kRed)
       << " (Red). Type help for the commands.\n";
  if (family.capabilities().hidden_information) {
    out_ << "X and x are Blue and Red pieces whose animals you have not been shown.\n";
  }
  if (!hand_overs()) show_board();
  while (!quit_) {
    if (!out_) break;  // nobody reads any more
    if (searching_ == SearchPurpose::kNone && !queued_.empty()) {
      std::string line = queued_.front();
      queued_.pop_front();
      handle_line(line);
      // A move just made hands the turn to the engine before the next line runs.
      advance();
      continue;
    }
    advance();
    if (quit_ || (searching_ == SearchPurpose::kNone && input_.closed())) break;
    prompt();
    wait_for_event();
  }
  cancel_search();
  if (!options_.save_file.empty()) save(options_.save_file, true);
  out_.flush();
  return options_.catch_signals && SignalCatcher::caught() != 0 ? 128 + SignalCatcher::caught() : 0;
}

bool TerminalGame::set_up() {
  if (!options_.load_file.empty()) return load(options_.load_file, 1);
  try {
    return start_game(game::family_of_variant(options_.variant), options_.variant, options_.fen);
  } catch (const std::exception& e) {  // a bad variant, FEN or set-up
    out_ << "error: " << e.what() << "\n";
    return false;
  }
}

// A new game of `family` from `fen`, or from the rule set's start (a
// secret set-up chosen by the people, where the rule set lets them).
// Throws std::invalid_argument for a bad variant or FEN.
bool TerminalGame::start_game(const game::Family& family, const std::string& variant,
                              const std::string& fen) {
  std::string start = fen;
  if (start.empty() && family.setup_to_choose(variant)) {
    SetupScreen screen;
    screen.person = options_.human;
    screen.read_line = [this](std::string& line) { return read_line(line); };
    screen.hand_over = [this](Side s) { hand_over(s, "arrange your animals"); };
    start = choose_setup(variant, screen, chance_, out_);
  }
  adopt(family.new_state(variant, start, chance_), fen, {});
  return true;
}

void TerminalGame::adopt(std::unique_ptr<game::State> state, std::string start_fen,
                         std::vector<std::string> comments) {
  cancel_search();
  state_ = std::move(state);
  start_fen_ = std::move(start_fen);
  const std::unique_ptr<game::State> start = game::start_of(*state_);
  start_side_ = start->actor().is_side() ? start->actor().side : kBlue;
  sync_seats();
  before_declared_.reset();
  comments_ = std::move(comments);
  comments_.resize(size_t(state_->plies()));
  events_.clear();
  told_ = {0, 0};
  shown_to_.reset();
  announced_ = false;
  if (engine_family_ != &state_->family()) make_engine();
  engine_->new_game();
}

// ---------------------------------------------------------------- input

// After a wait: whether a signal came, which ends the game as `quit` does.
bool TerminalGame::interrupted() {
  if (!options_.catch_signals || SignalCatcher::caught() == 0) return false;
  out_ << (SignalCatcher::caught() == SIGINT ? "\nInterrupted: " : "\nStopped by a signal: ")
       << (options_.save_file.empty() ? "quitting.\n" : "saving and quitting.\n");
  quit_ = true;
  return true;
}

void TerminalGame::wait_for_event() {
  out_.flush();
  input_.wait();
  if (interrupted()) return;
  if (input_.take_wake()) take_search_result();
  take_lines(input_.take_lines());
}

// The next line, waiting for it: for screens that must have an answer
// before the game goes on (a hand-over, a set-up). No search runs then.
bool TerminalGame::read_line(std::string& line) {
  while (queued_.empty()) {
    if (quit_ || input_.closed()) return false;
    out_.flush();
    input_.wait();
    if (interrupted()) return false;
    input_.take_wake();
    for (std::string& l : input_.take_lines()) queued_.push_back(std::move(l));
  }
  line = queued_.front();
  queued_.pop_front();
  return true;
}

void TerminalGame::take_lines(std::vector<std::string> lines) {
  for (const std::string& line : lines) {
    prompted_ = false;
    // An empty line matters only as the Enter of a hand-over screen.
    if (split(line).empty() && !hand_overs()) continue;
    if (searching_ != SearchPurpose::kNone && can_run_now(line)) {
      handle_line(line);
    } else {
      if (searching_ != SearchPurpose::kNone && options_.prompts && !split(line).empty()) {
        out_ << "(" << split(line)[0] << " waits until the engine has moved)\n";
      }
      queued_.push_back(line);
    }
  }
}

bool TerminalGame::can_run_now(const std::string& line) const {
  const std::vector<std::string> words = split(line);
  const std::string cmd = words.empty() ? "" : lower(words[0]);
  if (cmd == "stop") return true;
  return queued_.empty() && (cmd == "quit" || cmd == "exit" || cmd == "help" || cmd == "rules" ||
                             cmd == "level" || cmd == "skill" || cmd == "flip" || cmd == "resign");
}

void TerminalGame::prompt() {
  if (!options_.prompts || prompted_ || searching_ != SearchPurpose::kNone || !queued_.empty())
    return;
  prompted_ = true;
  const game::Actor actor = state_->actor();
  out_ << (actor.is_side() ? side_name(actor.side) + " to move> " : std::string("game over> "));
  out_.flush();
}

void TerminalGame::handle_line(const std::string& line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return;
  const std::string cmd = lower(words[0]);
  const std::string arg = words.size() > 1 ? words[1] : "";
  const game::Capabilities can = state_->family().capabilities();

  if (cmd == "quit" || cmd == "exit") {
    quit_ = true;
  } else if (cmd == "stop") {
    if (searching_ == SearchPurpose::kNone) {
      out_ << "Nothing to stop: the engine is not thinking.\n";
    } else {
      engine_->stop();
    }
  } else if (cmd == "help" || cmd == "?") {
    print_help();
  } else if (cmd == "moves") {
    print_moves();
  } else if (cmd == "board") {
    show_board();
  } else if (cmd == "log") {
    for (const Event& e : events_) out_ << e.line << "\n";
  } else if (cmd == "pieces") {
    const std::vector<std::string> lines = deductions(state_->observe(screen_viewer()));
    if (lines.empty()) out_ << "Every piece on the board is in sight.\n";
    for (const std::string& l : lines) out_ << l << "\n";
  } else if (cmd == "undo") {
    if (can.undo) {
      undo();
    } else {
      out_ << "Moves cannot be taken back in " << state_->family().title() << ".\n";
    }
  } else if (cmd == "hint") {
    if (state_->over()) {
      out_ << "The game is over.\n";
    } else if (!person_plays(state_->actor().side)) {
      out_ << "It is " << player_name(state_->actor().side) << "'s turn.\n";
    } else {
      start_search(SearchPurpose::kHint);
    }
  } else if (cmd == "flip") {
    flipped_ = !flipped_;
    show_board();
  } else if (cmd == "fen") {
    out_ << viewer_fen(state_->observe(screen_viewer())) << "\n";
  } else if (cmd == "save") {
    if (arg.empty()) {
      out_ << "Usage: save FILE\n";
    } else {
      save(arg, false);
    }
  } else if (cmd == "load") {
    int number = 1;
    if (arg.empty() || (words.size() > 2 && !parse_int(words[2], number))) {
      out_ << "Usage: load FILE [GAME]\n";
    } else if (load(arg, number)) {
      if (hand_overs()) return;  // the next player's screen comes with the hand-over
      show_board();
    }
  } else if (cmd == "resign") {
    resign();
  } else if (cmd == "new") {
    try {
      start_game(state_->family(), state_->variant(), start_fen_);
      out_ << "New game.\n";
      if (!hand_overs()) show_board();
    } catch (const std::exception& e) {
      out_ << "error: " << e.what() << "\n";
    }
  } else if (cmd == "level" || cmd == "skill") {
    set_strength(cmd, arg);
  } else if (cmd == "rules") {
    const game::Observation o = state_->observe(screen_viewer());
    out_ << "Rules: " << state_->variant() << ".\n";
    for (const std::string& l : rules_lines(o)) out_ << "  " << l << "\n";
  } else if (cmd == "variant") {
    if (arg.empty()) {
      out_ << "Rules: " << state_->variant() << ". Shipped rule sets:";
      for (const game::Family* f : game::families()) {
        for (const std::string& name : f->variants()) out_ << " " << name;
      }
      out_ << "\n";
      return;
    }
    try {
      start_game(game::family_of_variant(arg), arg, "");
      out_ << "New game under the rules " << arg << ".\n";
      if (!hand_overs()) show_board();
    } catch (const std::exception& e) {
      out_ << "error: " << e.what() << "\n";
    }
  } else {
    play_person(words[0]);
  }
}

bool TerminalGame::person_plays(Side s) const {
  return options_.human[swapped_ ? opponent(s) : s];
}

void TerminalGame::sync_seats() {
  const game::Actor actor = state_->actor();
  if (!actor.is_side()) return;
  const Side seat = state_->plies() % 2 == 0 ? start_side_ : opponent(start_side_);
  swapped_ = seat != actor.side;
}

// Two people at a game where each may know what the other may not.
bool TerminalGame::hand_overs() const {
  return options_.human[kBlue] && options_.human[kRed] &&
         state_->family().capabilities().hidden_information;
}

// A screen that shows nothing, until the next player is there.
void TerminalGame::hand_over(Side to, const std::string& what) {
  if (!options_.human[kBlue] || !options_.human[kRed]) return;
  if (options_.clear_screen) out_ << "\x1b[2J\x1b[H";
  out_ << "Pass the device to " << side_name(to) << " (" << what << "). " << side_name(to)
       << ", press Enter when " << side_name(opponent(to)) << " is not looking.\n";
  out_.flush();
  std::string line;
  read_line(line);
  if (options_.clear_screen) out_ << "\x1b[2J\x1b[H";
}

// Whose view the screen shows: the person's; with two, the one whose turn
// it is; with none, a spectator's.
game::Viewer TerminalGame::screen_viewer() const {
  const game::Actor actor = state_->actor();
  if (hand_overs())
    return shown_to_ ? shown_to_ : game::Viewer(actor.is_side() ? actor.side : kBlue);
  if (person_plays(kBlue) != person_plays(kRed)) return person_plays(kBlue) ? kBlue : kRed;
  if (person_plays(kBlue) && actor.is_side()) return actor.side;
  return person_plays(kBlue) ? game::Viewer(kBlue) : std::nullopt;
}

std::string TerminalGame::player_name(Side s) const {
  if (person_plays(s)) return "Human";
  if (!engine_has("Skill Level")) return "jungle engine";
  return "jungle engine, " + strength_name(options_.skill);
}

void TerminalGame::show_board() {
  BoardStyle style;
  style.ascii = options_.ascii;
  style.colour = options_.colour;
  style.flipped = flipped_;
  out_ << "\n" << board_text(state_->observe(screen_viewer()), style);
  std::string status;
  if (const std::string last = last_move_label(); !last.empty()) status = "Last move " + last;
  const game::Actor actor = state_->actor();
  if (actor.is_side()) {
    status += (status.empty() ? "" : "; ") + side_name(actor.side) + " to move (" +
              player_name(actor.side) + ")";
  }
  if (!status.empty()) out_ << status << ".\n";
  out_.flush();
}

// "12... a7a6": the last side's action with its number, and what chance
// made of it ("3. b2?=L").
std::string TerminalGame::last_move_label() const {
  const std::vector<std::string>& actions = state_->actions();
  if (actions.empty()) return "";
  std::unique_ptr<game::State> before = state_->clone();
  while (before->undo() && !before->actor().is_side()) {
  }
  return before->ply_number() + " " + actions.back();
}

void TerminalGame::announce_end() {
  if (announced_ || !state_->over()) return;
  announced_ = true;
  out_ << "Game over: " << state_->result_message() << ". Result " << result_tag(state_->result())
       << "\n";
  if (state_->family().capabilities().hidden_information) {
    // The game is over: nothing is secret any more.
    out_ << "The truth (every animal shown). Start: " << game::start_of(*state_)->fen() << "\n"
         << state_->diagram();
  }
  if (options_.prompts) out_ << "Type new, undo, save FILE or quit.\n";
}

// What the other side did since `s` last looked (a hand-over cleared the screen).
void TerminalGame::tell(Side s) {
  for (size_t i = told_[s]; i < events_.size(); ++i) {
    if (events_[i].mover != s) out_ << events_[i].line << "\n";
  }
  told_[s] = events_.size();
}

// Hands the turn on: chance acts, the game's end is told, the next player
// is handed the device or the engine starts thinking.
void TerminalGame::advance() {
  while (!quit_) {
    if (state_->actor().is_chance()) {
      play_chance();
      continue;
    }
    if (state_->over()) {
      announce_end();
      return;
    }
    const Side s = state_->actor().side;
    if (!person_plays(s)) {
      if (searching_ == SearchPurpose::kNone) start_search(SearchPurpose::kMove);
      return;
    }
    if (!hand_overs() || shown_to_ == s) return;
    cancel_search();
    hand_over(s, "your move");
    shown_to_ = s;
    tell(s);
    show_board();
  }
}

// ---------------------------------------------------------------- the game

void TerminalGame::play_person(const std::string& text) {
  if (state_->over()) {
    out_ << "The game is over: type new, undo, save FILE or quit.\n";
    return;
  }
  const Side mover = state_->actor().side;
  if (!person_plays(mover)) {
    out_ << "It is " << player_name(mover) << "'s turn, not yours.\n";
    return;
  }
  cancel_search();  // a hint still thinking
  const std::string number = state_->ply_number();
  std::string action;
  try {
    // A person may say what chance made of its action, as a game played on
    // a real board is replayed ("b2?=L").
    action = game::apply_naming_outcome(*state_, text);
  } catch (const game::ActionError& e) {
    out_ << "Refused: " << e.what() << "\n";
    return;
  }
  if (state_->actor().is_chance()) play_chance();
  played(mover, number, action, "", "");
}

// After `mover`'s action (and chance's outcome of it): the line everyone
// is told, the record's comment, the board.
void TerminalGame::played(Side mover, const std::string& number, const std::string& action,
                          const std::string& after, std::string comment) {
  const game::Observation seen = state_->observe(std::nullopt);
  const std::string line =
      player_name(mover) + " plays " + number + " " + action + event_words(seen) + after;
  out_ << line << "\n";
  comments_.resize(size_t(state_->plies()));
  if (!comments_.empty() && !comment.empty()) comments_.back() = std::move(comment);
  events_.push_back({state_->actions().size(), mover, line});
  told_[mover] = events_.size();
  before_declared_.reset();
  announced_ = false;
  sync_seats();
  if (!hand_overs()) show_board();
  if (state_->over()) announce_end();
}

// Chance acts here and nowhere else: one outcome drawn by its probability.
void TerminalGame::play_chance() {
  const std::vector<game::ChanceOutcome> outcomes = state_->chance_outcomes();
  if (outcomes.empty()) return;
  // 53 random bits: the same draw on every platform for a seeded game.
  state_->apply(game::sample_chance(outcomes, chance_).action);
}

}  // namespace jungle
