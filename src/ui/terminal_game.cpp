#include "ui/terminal_game.h"

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/file_io.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/rules_summary.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "search/strength_levels.h"

namespace jungle {

namespace {

bool looks_like_move(const std::string& w) {
  auto alpha = [](char c) { return c >= 'a' && c <= 'z'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  return w.size() == 4 && alpha(w[0]) && digit(w[1]) && alpha(w[2]) && digit(w[3]);
}

}  // namespace

TerminalGame::TerminalGame(TerminalOptions options, int input_fd, std::ostream& out)
    : options_(std::move(options)), input_(input_fd), out_(out) {
  flipped_ = options_.human[kRed] && !options_.human[kBlue];
}

TerminalGame::~TerminalGame() {
  // The search thread's callback touches members: end it before they go.
  engine_.stop();
  engine_.wait();
}

int TerminalGame::run() {
  std::optional<SignalCatcher> catcher;
  if (options_.catch_signals) catcher.emplace(input_);
  return play_game();
}

int TerminalGame::play_game() {
  if (!set_up()) return 2;
  out_ << "jungle play: " << player_name(kBlue) << " (Blue) against " << player_name(kRed)
       << " (Red), rules " << game_.variant() << ". Type help for the commands.\n";
  show_board();
  if (game_over()) announce_end();
  while (!quit_) {
    if (!out_) break;  // nobody reads any more
    if (searching_ == SearchPurpose::kNone && !queued_.empty()) {
      std::string line = queued_.front();
      queued_.pop_front();
      handle_line(line);
      // A move just made hands the turn to the engine before the next line runs.
      maybe_start_engine();
      continue;
    }
    maybe_start_engine();
    if (searching_ == SearchPurpose::kNone && input_.closed()) break;
    prompt();
    wait_for_event();
  }
  cancel_search();
  if (!options_.save_file.empty()) save(options_.save_file);
  out_.flush();
  return options_.catch_signals && SignalCatcher::caught() != 0 ? 128 + SignalCatcher::caught() : 0;
}

bool TerminalGame::set_up() {
  if (!options_.load_file.empty()) {
    return load(options_.load_file, 1, std::cerr);
  }
  RuleSetPtr rules;
  try {
    rules = load_variant(options_.variant);
  } catch (const VariantError& e) {
    for (const VariantIssue& issue : e.issues())
      std::cerr << "error: " << issue.to_string() << "\n";
    return false;
  }
  Position start(rules);
  if (!options_.fen.empty()) {
    try {
      start = Position::from_fen(options_.fen, rules);
    } catch (const FenError& e) {
      std::cerr << "error: " << e.what() << "\n";
      return false;
    }
  }
  engine_.set_rules(rules);
  new_game(Game(start, options_.variant));
  return true;
}

void TerminalGame::new_game(Game game) {
  game_ = std::move(game);
  announced_ = false;
  engine_.new_game();
}

GameRecord TerminalGame::record() const {
  GameRecord r = game_.to_record();
  r.set_tag("Event", "jungle play");
  r.set_tag("Date", today());
  r.set_tag("Blue", player_name(kBlue));
  r.set_tag("Red", player_name(kRed));
  return r;
}

// ---------------------------------------------------------------- input

void TerminalGame::wait_for_event() {
  out_.flush();
  input_.wait();
  if (options_.catch_signals && SignalCatcher::caught() != 0) {
    out_ << (SignalCatcher::caught() == SIGINT ? "\nInterrupted: " : "\nStopped by a signal: ")
         << (options_.save_file.empty() ? "quitting.\n" : "saving and quitting.\n");
    quit_ = true;
    return;
  }
  if (input_.take_wake()) take_search_result();
  take_lines(input_.take_lines());
}

void TerminalGame::take_lines(std::vector<std::string> lines) {
  for (const std::string& line : lines) {
    prompted_ = false;
    if (split(line).empty()) continue;
    if (searching_ != SearchPurpose::kNone && can_run_now(line)) {
      handle_line(line);
    } else {
      if (searching_ != SearchPurpose::kNone && options_.prompts) {
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
  if (game_over()) {
    out_ << "game over> ";
  } else {
    out_ << side_name(pos().side_to_move()) << " to move> ";
  }
  out_.flush();
}

void TerminalGame::handle_line(const std::string& line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return;
  const std::string cmd = lower(words[0]);
  const std::string arg = words.size() > 1 ? words[1] : "";

  if (looks_like_move(cmd)) {
    if (game_over()) {
      out_ << "The game is over: type new, undo, save FILE or quit.\n";
      return;
    }
    if (!options_.human[pos().side_to_move()]) {
      out_ << "It is " << player_name(pos().side_to_move()) << "'s turn, not yours.\n";
      return;
    }
    std::string why;
    std::optional<Move> m = parse_move(pos(), cmd, &why);
    if (!m) {
      out_ << "Refused: " << why << "\n";
      return;
    }
    play(*m, "");
    show_board();
    if (game_over()) announce_end();
  } else if (cmd == "quit" || cmd == "exit") {
    quit_ = true;
  } else if (cmd == "stop") {
    if (searching_ == SearchPurpose::kNone) {
      out_ << "Nothing to stop: the engine is not thinking.\n";
    } else {
      engine_.stop();
    }
  } else if (cmd == "help" || cmd == "?") {
    print_help();
  } else if (cmd == "moves") {
    print_moves();
  } else if (cmd == "undo") {
    undo();
  } else if (cmd == "hint") {
    if (game_over()) {
      out_ << "The game is over.\n";
    } else {
      start_search(SearchPurpose::kHint);
    }
  } else if (cmd == "flip") {
    flipped_ = !flipped_;
    show_board();
  } else if (cmd == "fen") {
    out_ << pos().fen() << "\n";
  } else if (cmd == "save") {
    if (arg.empty()) {
      out_ << "Usage: save FILE\n";
    } else {
      save(arg);
    }
  } else if (cmd == "load") {
    int number = 1;
    if (arg.empty() || (words.size() > 2 && !parse_int(words[2], number))) {
      out_ << "Usage: load FILE [GAME]\n";
    } else if (load(arg, number, out_)) {
      out_ << "Loaded game " << number << " of " << arg << ".\n";
      show_board();
      if (game_over()) announce_end();
    }
  } else if (cmd == "resign") {
    if (game_over()) {
      out_ << "The game is already over.\n";
      return;
    }
    cancel_search();
    Side loser = pos().side_to_move();
    if (options_.human[kBlue] != options_.human[kRed]) loser = options_.human[kBlue] ? kBlue : kRed;
    game_.resign(loser);
    announce_end();
  } else if (cmd == "new") {
    cancel_search();
    new_game(Game(game_.start(), game_.variant()));
    out_ << "New game.\n";
    show_board();
  } else if (cmd == "level" || cmd == "skill") {
    set_strength(cmd, arg);
  } else if (cmd == "rules") {
    out_ << "Rules: " << game_.variant() << ".\n";
    for (const std::string& line : rules_summary(pos().rule_set())) out_ << "  " << line << "\n";
  } else if (cmd == "variant") {
    if (arg.empty()) {
      out_ << "Rules: " << game_.variant() << ". Shipped rule sets:";
      for (const std::string& name : builtin_variant_names()) out_ << " " << name;
      out_ << "\n";
      return;
    }
    RuleSetPtr rules;
    try {
      rules = load_variant(arg);
    } catch (const VariantError& e) {
      for (const VariantIssue& issue : e.issues()) out_ << "error: " << issue.to_string() << "\n";
      return;
    }
    cancel_search();
    engine_.set_rules(rules);
    new_game(Game(Position(rules), arg));
    out_ << "New game under the rules " << arg << ": " << rules->rules().description << ".\n";
    show_board();
  } else {
    out_ << "Unknown command '" << words[0] << "': type a move like a3a4, or help.\n";
  }
}

void TerminalGame::print_help() {
  out_ << "Moves are written from-square then to-square: a3a4 (a jump too: g3g7).\n"
          "Commands:\n"
          "  help            this list\n"
          "  moves           the legal moves here\n"
          "  undo            take back your last move and the engine's reply\n"
          "  hint            ask the engine for a move\n"
          "  stop            make the thinking engine move now\n"
          "  flip            turn the board around\n"
          "  fen             the position as FEN\n"
          "  save FILE       write the game record (docs/records.md)\n"
          "  load FILE [N]   continue game N (default 1) of a record file\n"
          "  resign          give up the game\n"
          "  new             start again from this game's first position\n"
          "  level N         engine strength, Level 1 (beginner) to 8 (full strength),\n"
          "                  as on the web page\n"
          "  skill N         finer: the engine's skill, 0 to 20 (Level 8 is 20)\n"
          "  rules           the rules of this game in words\n"
          "  variant NAME    new game under a shipped rule set or a .toml file\n"
          "  quit            leave (the record is written if --save was given);\n"
          "                  Ctrl-C does the same\n";
}

void TerminalGame::print_moves() {
  MoveList moves = generate_moves(pos());
  if (moves.empty()) {
    out_ << "No legal moves.\n";
    return;
  }
  out_ << "Legal moves (" << moves.size() << "):";
  for (Move m : moves) out_ << " " << pos().rule_set().geometry().move_text(m);
  out_ << "\n";
}

// ---------------------------------------------------------------- the game

void TerminalGame::play(Move m, std::string comment) {
  game_.play(m, std::move(comment));
  announced_ = false;
}

void TerminalGame::undo() {
  cancel_search();
  if (game_.declared()) {
    // A resignation (or a loaded game's declared end) is the last thing to take back.
    game_.clear_declared();
    announced_ = false;
    out_ << "The game goes on.\n";
    show_board();
    return;
  }
  const int taken = game_.plies_back_to_human(options_.human);
  if (taken == 0) {
    out_ << "Nothing to take back.\n";
    return;
  }
  for (int i = 0; i < taken; ++i) game_.undo();
  announced_ = false;
  out_ << "Took back " << taken << (taken == 1 ? " move.\n" : " moves.\n");
  show_board();
}

void TerminalGame::announce_end() {
  if (announced_) return;
  announced_ = true;
  const GameResult r = game_.result();
  const std::string who = r == GameResult::kBlueWins  ? "Blue wins"
                          : r == GameResult::kRedWins ? "Red wins"
                                                      : "Draw";
  out_ << "Game over: " << who << " (" << game_.end_reason() << "). Result " << result_tag(r)
       << "\n";
  if (options_.prompts) out_ << "Type new, undo, save FILE or quit.\n";
}

void TerminalGame::show_board() {
  BoardStyle style;
  style.ascii = options_.ascii;
  style.colour = options_.colour;
  style.flipped = flipped_;
  if (pos().rules().hidden_pieces && options_.human[kBlue] != options_.human[kRed]) {
    style.hidden_side = options_.human[kBlue] ? kRed : kBlue;
  }
  out_ << "\n" << render_board(pos(), style);
  std::string status;
  if (game_.ply() > 0) status = "Last move " + game_.move_label(game_.ply() - 1);
  if (!game_over()) {
    const Side s = pos().side_to_move();
    status += (status.empty() ? "" : "; ") + side_name(s) + " to move (" + player_name(s) + ")";
  }
  out_ << status << ".\n";
  out_.flush();
}

// `level N` takes the web page's levels (1..8), `skill N` the engine's own
// scale (0..20); both answer with the one name records and the page use.
void TerminalGame::set_strength(const std::string& cmd, const std::string& arg) {
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

std::string TerminalGame::player_name(Side s) const {
  if (options_.human[s]) return "Human";
  return "jungle engine, " + strength_name(options_.skill);
}

// ---------------------------------------------------------------- the engine

void TerminalGame::apply_engine_options(int skill) {
  EngineOptions o = engine_.options();
  if (o.skill_level == skill && o.hash_mb == options_.hash_mb && o.threads == 1 &&
      o.tablebase_path == options_.tb_dir) {
    return;
  }
  o.skill_level = skill;
  o.hash_mb = options_.hash_mb;
  o.threads = 1;
  o.tablebase_path = options_.tb_dir;
  try {
    engine_.set_options(o);
  } catch (const std::exception& e) {
    // Tables that do not fit: say so once and play on without them.
    out_ << "No tablebase: " << e.what() << "\n";
    options_.tb_dir.clear();
    o.tablebase_path.clear();
    engine_.set_options(o);
  }
}

void TerminalGame::maybe_start_engine() {
  if (quit_ || searching_ != SearchPurpose::kNone || game_over()) return;
  if (options_.human[pos().side_to_move()]) return;
  start_search(SearchPurpose::kMove);
}

void TerminalGame::start_search(SearchPurpose purpose) {
  // A hint is the engine's honest opinion, whatever level it plays at.
  apply_engine_options(purpose == SearchPurpose::kHint ? 20 : options_.skill);
  SearchLimits limits;
  limits.movetime_ms = std::max<int64_t>(1, options_.movetime_ms);
  const uint64_t id = ++search_id_;
  searching_ = purpose;
  if (purpose == SearchPurpose::kMove) {
    out_ << player_name(pos().side_to_move()) << " is thinking"
         << (options_.prompts ? " (type stop to make it move now)" : "") << "...\n";
  } else {
    out_ << "Looking for a hint...\n";
  }
  out_.flush();
  engine_.start(pos(), limits, {}, [this, id](const SearchResult& r) {
    {
      std::lock_guard<std::mutex> lock(result_mutex_);
      result_ = std::make_pair(id, r);
    }
    input_.wake();
  });
}

void TerminalGame::take_search_result() {
  std::optional<std::pair<uint64_t, SearchResult>> delivered;
  {
    std::lock_guard<std::mutex> lock(result_mutex_);
    delivered.swap(result_);
  }
  if (!delivered || delivered->first != search_id_ || searching_ == SearchPurpose::kNone) return;
  engine_.wait();
  const SearchPurpose purpose = searching_;
  searching_ = SearchPurpose::kNone;
  const SearchResult& r = delivered->second;
  const Side mover = pos().side_to_move();

  Move m = r.best;
  if (m.is_none() || !is_legal(pos(), m)) {
    MoveList legal = generate_moves(pos());
    if (legal.empty()) return;
    m = legal[0];
  }
  for (const std::string& error : r.errors) {
    out_ << "Tablebase: " << error << "; the engine plays on without this table\n";
  }
  const Evaluation evaluation = evaluation_for_blue(r.score, mover, r.depth);
  const std::string eval = evaluation_text(evaluation);
  // A damaged table gives no verdict: the hint is then the search's.
  const std::optional<tb::Verdict> v = purpose == SearchPurpose::kHint && engine_.tablebase()
                                           ? engine_.tablebase()->probe_unless_damaged(pos())
                                           : std::nullopt;
  if (v) {
    out_ << "Hint: " << pos().rule_set().geometry().move_text(m) << " (tablebase: "
         << (v->wdl == tb::Wdl::kDraw ? std::string("draw") : tb::verdict_text(*v) + " plies")
         << ")\n";
    return;
  }
  if (purpose == SearchPurpose::kHint) {
    out_ << "Hint: " << pos().rule_set().geometry().move_text(m) << " (evaluation " << eval
         << " for Blue, depth " << r.depth << ")\n";
    return;
  }
  out_ << player_name(mover) << " plays " << game_.move_label(game_.ply(), m) << " (evaluation "
       << eval << " for Blue, depth " << r.depth << ")\n";
  play(m, eval_comment(evaluation));
  show_board();
  if (game_over()) announce_end();
}

void TerminalGame::cancel_search() {
  if (searching_ == SearchPurpose::kNone) return;
  engine_.stop();
  engine_.wait();
  searching_ = SearchPurpose::kNone;
  std::lock_guard<std::mutex> lock(result_mutex_);
  result_.reset();
}

// ---------------------------------------------------------------- files

void TerminalGame::save(const std::string& path) {
  std::ofstream file(path, std::ios::binary);
  file << write_record(record());
  if (!file) {
    out_ << "error: cannot write " << path << "\n";
    return;
  }
  out_ << "Saved the game to " << path << ".\n";
}

bool TerminalGame::load(const std::string& path, int game_number, std::ostream& err) {
  std::string text;
  try {
    text = read_small_file(path, kMaxRecordFileBytes);
  } catch (const FileReadError& e) {
    err << "error: cannot read " << e.what() << "\n";
    return false;
  }
  // A record's Variant may name a rule file only in the record's folder.
  const RecordSource source = RecordSource::of_file(path);
  std::vector<GameRecord> games;
  std::optional<Game> game;
  try {
    games = read_records(text, source);
    if (game_number < 1 || game_number > int(games.size())) {
      err << "error: " << path << " holds " << games.size()
          << (games.size() == 1 ? " game" : " games") << "; there is no game " << game_number
          << "\n";
      return false;
    }
    game = Game::from_record(games[size_t(game_number - 1)], source);
  } catch (const RecordError& e) {
    err << "error: " << path << ": " << e.what() << "\n";
    return false;
  }
  cancel_search();
  engine_.set_rules(game->rule_set_ptr());
  new_game(std::move(*game));
  return true;
}

}  // namespace jungle
