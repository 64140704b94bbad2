#include "ui/terminal_game.h"

#include <signal.h>

#include <algorithm>
#include <fstream>
#include <iostream>

#include "core/file_io.h"
#include "core/game.h"
#include "core/text_util.h"
#include "game/engine_options.h"
#include "search/strength_levels.h"
#include "ui/observation_view.h"
#include "ui/setup_screen.h"

namespace jungle {

namespace {

// An engine's score, from the side to move's view, as records and the
// screen give it: from Blue's side.
Evaluation evaluation_for_blue(const game::Score& s, Side mover, int depth) {
  Evaluation e;
  e.depth = depth;
  e.mate = s.kind == game::Score::Kind::kMate;
  e.value = s.value;
  if (s.kind == game::Score::Kind::kTablebase)
    e.value = game::centipawns_of_expected(s.expected_result());
  if (mover == kRed) e.value = -e.value;
  return e;
}

// The game as it started: the state with every action taken back.
std::unique_ptr<game::State> start_of(const game::State& state) {
  std::unique_ptr<game::State> start = state.clone();
  while (start->undo()) {
  }
  return start;
}

}  // namespace

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
  if (start.empty() && family.capabilities().setup) {
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
  const std::unique_ptr<game::State> start = start_of(*state_);
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
    if (board_turns(state_->observe(screen_viewer()))) {
      flipped_ = !flipped_;
      show_board();
    } else {
      out_ << "This board is drawn one way only.\n";
    }
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

void TerminalGame::print_help() {
  const game::Capabilities can = state_->family().capabilities();
  const game::Observation o = state_->observe(screen_viewer());
  out_ << "Type an action as the moves command lists it: a move is its from-square then its\n"
          "to-square (a3a4)"
       << (can.chance ? "; a flip is its square and ? (b2?), or b2?=L to say what it revealed" : "")
       << (can.hidden_information ? "; a move onto an enemy piece attacks it" : "")
       << ".\nCommands:\n"
          "  help            this list\n"
          "  moves           the legal moves here\n"
          "  board           the board again\n"
          "  log             every move so far, as everyone was told it\n";
  if (can.hidden_information) {
    out_ << "  pieces          what each enemy piece can still be\n";
  }
  if (can.undo) out_ << "  undo            take back your last move and the engine's reply\n";
  out_ << "  hint            ask the engine for a move\n"
          "  stop            make the thinking engine move now\n";
  if (board_turns(o)) out_ << "  flip            turn the board around\n";
  out_ << "  fen             the position as FEN"
       << (can.hidden_information ? " (as you see it)" : "")
       << "\n"
          "  save FILE       write the game record (docs/records.md)\n"
          "  load FILE [N]   continue game N (default 1) of a record file\n"
          "  resign          give up the game\n"
          "  new             start again from this game's first position\n";
  if (engine_has("Skill Level")) {
    out_ << "  level N         engine strength, Level 1 (beginner) to 8 (full strength),\n"
            "                  as on the web page\n"
            "  skill N         finer: the engine's skill, 0 to 20 (Level 8 is 20)\n";
  }
  out_ << "  rules           the rules of this game in words\n"
          "  variant NAME    new game under a shipped rule set or a .toml file\n"
          "  quit            leave (the record is written if --save was given);\n"
          "                  Ctrl-C does the same\n";
}

void TerminalGame::print_moves() {
  const game::Actor actor = state_->actor();
  if (!actor.is_side()) {
    out_ << "No legal moves: the game is over.\n";
    return;
  }
  const std::vector<std::string> actions = state_->observe(actor.side).legal_actions;
  out_ << "Legal moves (" << actions.size() << "):";
  for (const std::string& a : actions) out_ << " " << a;
  out_ << "\n";
}

// ---------------------------------------------------------------- people and the screen

// Seats, not colours: the player who acted first at the start keeps
// options_.human[start side] whatever colour a Flip Jungle first flip gives
// it. A player's turn passes with each ply (a hidden game's refused attack
// is none: the same side tries again).
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
    out_ << "The truth (every animal shown). Start: " << start_of(*state_)->fen() << "\n"
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
    state_->apply(text);
    action = state_->actions().back();
  } catch (const game::ActionError& e) {
    // A person may say what chance made of its action, as a game played on
    // a real board is replayed: the action, then chance's outcome whose text
    // starts with it ("b2?" and "b2?=L").
    bool played_both = false;
    for (const std::string& a : state_->legal_actions()) {
      if (text.size() <= a.size() || text.compare(0, a.size(), a) != 0) continue;
      state_->apply(a);
      try {
        if (state_->actor().is_chance()) {
          state_->apply(text);
          played_both = true;
          action = a;
          break;
        }
      } catch (const game::ActionError&) {
      }
      state_->undo();
    }
    if (!played_both) {
      out_ << "Refused: " << e.what() << "\n";
      return;
    }
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
  double x = double(chance_() >> 11) * 0x1.0p-53;
  const game::ChanceOutcome* pick = &outcomes.back();
  for (const game::ChanceOutcome& o : outcomes) {
    if (x < o.probability) {
      pick = &o;
      break;
    }
    x -= o.probability;
  }
  state_->apply(pick->action);
}

void TerminalGame::undo() {
  cancel_search();
  if (state_->over() && is_declared_termination(state_->termination())) {
    // A resignation (or a loaded game's declared end) is the last thing to
    // take back: the game as it was before it.
    if (before_declared_) {
      state_ = std::move(before_declared_);
    } else if (!state_->actions().empty()) {
      const std::string last = state_->actions().back();
      state_->undo();
      state_->apply(last);
    } else {
      out_ << "Nothing to take back.\n";
      return;
    }
    sync_seats();
    announced_ = false;
    out_ << "The game goes on.\n";
    show_board();
    return;
  }
  // Back to the last position a person had to move in: with the engine,
  // its reply and chance's outcomes go too; with no person, one move.
  const bool anyone = options_.human[kBlue] || options_.human[kRed];
  std::unique_ptr<game::State> back = state_->clone();
  bool reached = false;
  while (back->undo()) {
    const game::Actor actor = back->actor();
    if (!actor.is_side()) continue;
    const Side seat = back->plies() % 2 == 0 ? start_side_ : opponent(start_side_);
    if (!anyone || options_.human[seat]) {
      reached = true;
      break;
    }
  }
  if (!reached) {
    out_ << "Nothing to take back.\n";
    return;
  }
  const int taken = state_->plies() - back->plies();
  state_ = std::move(back);
  sync_seats();
  comments_.resize(size_t(state_->plies()));
  while (!events_.empty() && events_.back().actions > state_->actions().size()) events_.pop_back();
  for (size_t& t : told_) t = std::min(t, events_.size());
  announced_ = false;
  out_ << "Took back " << taken << (taken == 1 ? " move.\n" : " moves.\n");
  show_board();
}

void TerminalGame::resign() {
  if (state_->over()) {
    out_ << "The game is already over.\n";
    return;
  }
  cancel_search();
  Side loser = state_->actor().is_side() ? state_->actor().side : kBlue;
  if (person_plays(kBlue) != person_plays(kRed)) loser = person_plays(kBlue) ? kBlue : kRed;
  std::unique_ptr<game::State> before = state_->clone();
  try {
    state_->declare(loser == kBlue ? GameResult::kRedWins : GameResult::kBlueWins, "resignation");
  } catch (const std::invalid_argument& e) {
    out_ << "error: " << e.what() << "\n";
    return;
  }
  before_declared_ = std::move(before);
  announced_ = false;
  announce_end();
}

// `level N` takes the web page's levels (1..8), `skill N` the engine's own
// scale (0..20); both answer with the one name records and the page use.
void TerminalGame::set_strength(const std::string& cmd, const std::string& arg) {
  if (!engine_has("Skill Level")) {
    out_ << "The " << state_->family().title() << " engine has one strength: its full one.\n";
    return;
  }
  const bool by_level = cmd == "level";
  int n = 0;
  if (arg.empty()) {
    out_ << "Engine strength: " << strength_name(options_.skill) << " (skill " << options_.skill
         << ").\n";
  } else if (!parse_int(arg, n) || n < (by_level ? 1 : 0) ||
             n > (by_level ? int(kStrengthLevels.size()) : 20)) {
    out_ << (by_level ? "Usage: level N, with N from 1 (beginner) to 8 (full strength)\n"
                      : "Usage: skill N, with N from 0 (weakest) to 20 (full strength)\n");
  } else {
    options_.skill = by_level ? kStrengthLevels[size_t(n - 1)].skill : n;
    out_ << "Engine strength: " << strength_name(options_.skill) << ".\n";
  }
}

// ---------------------------------------------------------------- files

// The arbiter's record, or while a hidden game goes on with one person's
// screen, what that person was shown: the truth waits for the end.
void TerminalGame::save(const std::string& path, bool at_exit) {
  const game::Tags tags = {{"Event", "jungle play"},
                           {"Date", today()},
                           {"Blue", player_name(kBlue)},
                           {"Red", player_name(kRed)}};
  const game::Viewer viewer = screen_viewer();
  const bool seen = !at_exit && !state_->over() &&
                    state_->family().capabilities().hidden_information && viewer.has_value();
  std::ofstream file(path, std::ios::binary);
  file << (seen ? state_->record_seen_by(viewer, tags) : state_->record(tags, comments_));
  if (!file) {
    out_ << "error: cannot write " << path << "\n";
    return;
  }
  out_ << "Saved " << (seen ? side_name(*viewer) + "'s view of the game" : "the game") << " to "
       << path << ".\n";
}

bool TerminalGame::load(const std::string& path, int game_number) {
  std::string text;
  try {
    text = read_small_file(path, kMaxRecordFileBytes);
  } catch (const FileReadError& e) {
    out_ << "error: cannot read " << e.what() << "\n";
    return false;
  }
  // A record's Variant may name a rule file only in the record's folder.
  const RecordSource source = RecordSource::of_file(path);
  std::vector<game::RecordedGame> games;
  try {
    games = game::family_of_record(text, source).read_records(text, source);
  } catch (const RecordError& e) {
    out_ << "error: " << path << ": " << e.what() << "\n";
    return false;
  } catch (const std::invalid_argument& e) {
    out_ << "error: " << path << ": " << e.what() << "\n";
    return false;
  }
  if (game_number < 1 || game_number > int(games.size())) {
    out_ << "error: " << path << " holds " << games.size()
         << (games.size() == 1 ? " game" : " games") << "; there is no game " << game_number
         << "\n";
    return false;
  }
  game::RecordedGame& g = games[size_t(game_number - 1)];
  if (!g.state) {
    out_ << "error: " << path << " holds " << (g.seen ? g.seen->title : "a player's record")
         << ", not the whole game: only the arbiter's record of a game can go on\n";
    return false;
  }
  const std::string start = start_of(*g.state)->fen();
  adopt(std::move(g.state), start, std::move(g.comments));
  out_ << "Loaded game " << game_number << " of " << path << " (" << state_->plies()
       << (state_->plies() == 1 ? " ply).\n" : " plies).\n");
  return true;
}

// ---------------------------------------------------------------- the engine

bool TerminalGame::engine_has(std::string_view option) const {
  return engine_ && game::find_option(engine_->options(), option) != nullptr;
}

void TerminalGame::make_engine() {
  if (engine_) {
    engine_->stop();
    engine_->wait();
  }
  engine_ = state_->family().make_engine();
  engine_family_ = &state_->family();
  engine_skill_ = -1;
  auto set = [this](std::string_view name, const std::string& value) {
    if (!engine_has(name)) return;
    for (const std::string& w : engine_->set_option(name, value)) out_ << w << "\n";
  };
  set("Hash", std::to_string(options_.hash_mb));
  set("Threads", "1");
  if (options_.seed != 0 && engine_has("Seed")) {
    const game::OptionSpec* spec = game::find_option(engine_->options(), "Seed");
    set("Seed", std::to_string(std::min<uint64_t>(options_.seed, uint64_t(spec->max))));
  }
  if (!options_.tb_dir.empty()) {
    if (!engine_has("TablebasePath")) {
      out_ << state_->family().title() << " has no endgame tables: --tb is not used.\n";
      return;
    }
    try {
      set("TablebasePath", options_.tb_dir);
    } catch (const std::invalid_argument& e) {
      // Tables that do not fit: say so once and play on without them.
      out_ << "No tablebase: " << e.what() << "\n";
      options_.tb_dir.clear();
    }
  }
}

void TerminalGame::apply_skill(int skill) {
  if (skill == engine_skill_ || !engine_has("Skill Level")) return;
  engine_->set_option("Skill Level", std::to_string(skill));
  engine_skill_ = skill;
}

void TerminalGame::start_search(SearchPurpose purpose) {
  const Side mover = state_->actor().side;
  // A hint is the engine's honest opinion, whatever level it plays at.
  apply_skill(purpose == SearchPurpose::kHint ? 20 : options_.skill);
  game::Limits limits;
  limits.movetime_ms = std::max<int64_t>(1, options_.movetime_ms);
  const uint64_t id = ++search_id_;
  searching_ = purpose;
  tables_answered_ = false;
  if (purpose == SearchPurpose::kMove) {
    out_ << player_name(mover) << " is thinking"
         << (options_.prompts ? " (type stop to make it move now)" : "") << "...\n";
  } else {
    out_ << "Looking for a hint...\n";
  }
  out_.flush();
  // The engine is given the mover's observation, never the game.
  try {
    engine_->go(
        state_->observe(mover), limits,
        [this](const game::SearchInfo& info) {
          // The open engine answers a position in its tables at depth 1.
          if (info.depth == 1 && info.tbhits > 0) tables_answered_ = true;
        },
        [this, id](const game::Answer& a) {
          {
            std::lock_guard<std::mutex> lock(result_mutex_);
            result_ = std::make_pair(id, a);
          }
          input_.wake();
        });
  } catch (const std::invalid_argument& e) {
    searching_ = SearchPurpose::kNone;
    out_ << "error: the engine cannot search this position: " << e.what() << "\n";
    if (purpose == SearchPurpose::kMove) quit_ = true;  // it would only be asked again
  }
}

void TerminalGame::take_search_result() {
  std::optional<std::pair<uint64_t, game::Answer>> delivered;
  {
    std::lock_guard<std::mutex> lock(result_mutex_);
    delivered.swap(result_);
  }
  if (!delivered || delivered->first != search_id_ || searching_ == SearchPurpose::kNone) return;
  engine_->wait();
  const SearchPurpose purpose = searching_;
  searching_ = SearchPurpose::kNone;
  const game::Answer& a = delivered->second;
  for (const std::string& w : a.warnings) out_ << w << "\n";
  const Side mover = state_->actor().side;
  const std::vector<std::string> legal = state_->legal_actions();
  if (legal.empty()) return;
  const std::string action =
      std::find(legal.begin(), legal.end(), a.action) != legal.end() ? a.action : legal[0];
  const Evaluation evaluation = evaluation_for_blue(a.score, mover, a.depth);
  if (purpose == SearchPurpose::kHint) {
    out_ << "Hint: " << action;
    if (tables_answered_ && a.depth == 1) {
      const int moves = a.score.kind == game::Score::Kind::kMate ? a.score.value : 0;
      out_ << " (tablebase: "
           << (moves > 0   ? "win in " + std::to_string(moves) + " moves"
               : moves < 0 ? "loss in " + std::to_string(-moves) + " moves"
                           : std::string("draw"))
           << ")\n";
    } else {
      out_ << " (evaluation " << evaluation_text(evaluation) << " for Blue, depth " << a.depth
           << ")\n";
    }
    return;
  }
  const std::string number = state_->ply_number();
  state_->apply(action);
  if (state_->actor().is_chance()) play_chance();
  played(mover, number, action,
         " (evaluation " + evaluation_text(evaluation) + " for Blue, depth " +
             std::to_string(a.depth) + ")",
         eval_comment(evaluation));
}

void TerminalGame::cancel_search() {
  if (searching_ == SearchPurpose::kNone) return;
  engine_->stop();
  engine_->wait();
  searching_ = SearchPurpose::kNone;
  std::lock_guard<std::mutex> lock(result_mutex_);
  result_.reset();
}

}  // namespace jungle
