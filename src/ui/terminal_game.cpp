#include "ui/terminal_game.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "core/file_io.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"

namespace jungle {

namespace {

// Indexed by Animal: Rat, Cat, Dog, Wolf, Leopard, Tiger, Lion, Elephant.
constexpr std::array<std::string_view, kAnimals> kGlyphs = {"鼠", "貓", "狗", "狼",
                                                            "豹", "虎", "獅", "象"};

// 256-colour backgrounds light enough for both sides' bold pieces to read on them.
constexpr std::string_view kReset = "\033[0m";
constexpr std::string_view kLandBg = "\033[48;5;223m";
constexpr std::string_view kWaterBg = "\033[48;5;117m";
constexpr std::string_view kTrapBg = "\033[48;5;180m";
constexpr std::string_view kDenBg = "\033[48;5;150m";
constexpr std::string_view kBluePiece = "\033[1;38;5;19m";
constexpr std::string_view kRedPiece = "\033[1;38;5;124m";
constexpr std::string_view kTerrainMark = "\033[22;38;5;244m";
constexpr std::string_view kFrame = "\033[1;38;5;16m";
constexpr std::string_view kDim = "\033[2m";

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

bool looks_like_move(const std::string& w) {
  auto alpha = [](char c) { return c >= 'a' && c <= 'z'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  return w.size() == 4 && alpha(w[0]) && digit(w[1]) && alpha(w[2]) && digit(w[3]);
}

bool parse_int(const std::string& text, int& value) {
  try {
    size_t used = 0;
    value = std::stoi(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}

std::string today() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &local);
  return buf;
}

GameResult result_from_text(const std::string& r) {
  if (r == "1-0") return GameResult::kBlueWins;
  if (r == "0-1") return GameResult::kRedWins;
  if (r == "1/2-1/2") return GameResult::kDraw;
  return GameResult::kOngoing;
}

GameResult win_for(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}

// The signal that interrupted the game, and the pipe that wakes its loop.
volatile sig_atomic_t g_signal = 0;
volatile sig_atomic_t g_signal_fd = -1;

void on_signal(int sig) {
  if (g_signal != 0) {
    // A second interruption: the person means it.
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  g_signal = sig;
  const int saved_errno = errno;
  const char byte = 2;
  if (g_signal_fd >= 0) {
    [[maybe_unused]] ssize_t written = write(g_signal_fd, &byte, 1);
  }
  errno = saved_errno;
}

constexpr std::array<int, 3> kCaughtSignals = {SIGINT, SIGTERM, SIGHUP};

}  // namespace

std::string render_board(const Position& pos, const BoardStyle& style) {
  const RuleSet& rs = pos.rule_set();
  // Columns for a square's content: a letter, a wide character, or a wide
  // character with its letter when no colour tells the sides apart.
  const int width = style.ascii ? 1 : style.colour ? 2 : 3;
  const int cell = width + 2;
  const Move last = pos.last_move();

  auto square_text = [&](Square s) {
    const Bitboard bb = square_bb(s);
    std::string_view bg = kLandBg;
    char mark = '.';
    if (rs.water() & bb) bg = kWaterBg, mark = '~';
    if (rs.all_traps() & bb) bg = kTrapBg, mark = '#';
    if (s == rs.den(kBlue) || s == rs.den(kRed)) bg = kDenBg, mark = '*';

    std::string content;
    std::string_view fg = kTerrainMark;
    const Piece p = pos.piece_on(s);
    if (p != kNoPiece) {
      const Side side = side_of(p);
      const bool hidden = style.hidden_side && *style.hidden_side == side;
      const char letter = hidden ? (side == kBlue ? 'X' : 'x') : piece_letter(p);
      if (style.ascii) {
        content = std::string(1, hidden ? '?' : letter);
        if (hidden && !style.colour) content = std::string(1, letter);
      } else {
        content = hidden ? "??" : std::string(kGlyphs[animal_of(p)]);
        if (!style.colour) content += letter;
      }
      fg = side == kBlue ? kBluePiece : kRedPiece;
    } else if (mark == '.') {
      content = width == 1 ? "." : width == 2 ? ". " : " . ";
    } else {
      content = std::string(size_t(width), mark);
    }

    const bool framed = !last.is_none() && (s == last.from() || s == last.to());
    const char left = framed ? '[' : ' ';
    const char right = framed ? ']' : ' ';
    if (!style.colour) return left + content + right;
    std::string out(bg);
    out += framed ? std::string(kFrame) + left : std::string(1, left);
    out += std::string(fg) + content;
    out += framed ? std::string(kFrame) + right : std::string(1, right);
    out += kReset;
    return out;
  };

  std::vector<int> files, ranks;
  for (int f = 0; f < kFiles; ++f) files.push_back(style.flipped ? kFiles - 1 - f : f);
  for (int r = kRanks - 1; r >= 0; --r) ranks.push_back(style.flipped ? kRanks - 1 - r : r);

  std::string file_line = "    ";
  for (int f : files) {
    std::string label(size_t(cell), ' ');
    label[size_t((cell - 1) / 2)] = char('a' + f);
    file_line += label;
  }
  while (!file_line.empty() && file_line.back() == ' ') file_line.pop_back();
  std::string border = "   +" + std::string(size_t(cell * kFiles), '-') + "+";
  if (style.colour) {
    file_line = std::string(kDim) + file_line + std::string(kReset);
    border = std::string(kDim) + border + std::string(kReset);
  }

  std::string out = file_line + "\n" + border + "\n";
  for (int r : ranks) {
    const std::string label = std::to_string(r + 1);
    out += " " + label + " |";
    for (int f : files) out += square_text(make_square(f, r));
    out += "| " + label + "\n";
  }
  out += border + "\n" + file_line + "\n";
  return out;
}

TerminalGame::TerminalGame(TerminalOptions options, int input_fd, std::ostream& out)
    : options_(std::move(options)), input_fd_(input_fd), out_(out) {
  if (pipe(wake_pipe_) != 0) throw std::runtime_error("cannot create a pipe");
  for (int fd : wake_pipe_) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  flipped_ = options_.human[kRed] && !options_.human[kBlue];
}

TerminalGame::~TerminalGame() {
  // The search thread's callback touches members: end it before they go.
  engine_.stop();
  engine_.wait();
  for (int fd : wake_pipe_) close(fd);
}

int TerminalGame::run() {
  std::array<struct sigaction, kCaughtSignals.size()> previous{};
  if (options_.catch_signals) {
    g_signal = 0;
    g_signal_fd = wake_pipe_[1];
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < kCaughtSignals.size(); ++i) {
      sigaction(kCaughtSignals[i], &action, &previous[i]);
    }
  }
  const int code = play_game();
  if (options_.catch_signals) {
    for (size_t i = 0; i < kCaughtSignals.size(); ++i) {
      sigaction(kCaughtSignals[i], &previous[i], nullptr);
    }
    g_signal_fd = -1;
  }
  return code;
}

int TerminalGame::play_game() {
  if (!set_up()) return 2;
  out_ << "jungle play: " << player_name(kBlue) << " (Blue) against " << player_name(kRed)
       << " (Red), rules " << variant_ << ". Type help for the commands.\n";
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
    if (searching_ == SearchPurpose::kNone && input_closed_) break;
    prompt();
    wait_for_event();
  }
  cancel_search();
  if (!options_.save_file.empty()) save(options_.save_file);
  out_.flush();
  return g_signal != 0 && options_.catch_signals ? 128 + int(g_signal) : 0;
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
  variant_ = options_.variant;
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
  new_game(start);
  return true;
}

void TerminalGame::new_game(const Position& start) {
  start_ = start;
  pos_ = start;
  moves_.clear();
  declared_.reset();
  announced_ = false;
  engine_.new_game();
}

GameRecord TerminalGame::record() const {
  GameRecord r;
  r.set_tag("Event", "jungle play");
  r.set_tag("Date", today());
  r.set_tag("Blue", player_name(kBlue));
  r.set_tag("Red", player_name(kRed));
  std::string termination;
  r.set_tag("Result", std::string(result_tag(outcome(&termination, nullptr))));
  r.set_tag("Variant", variant_);
  if (start_.fen() != Position(start_.rule_set_ptr()).fen()) r.set_tag("FEN", start_.fen());
  if (!termination.empty()) r.set_tag("Termination", termination);
  r.moves = moves_;
  return r;
}

// ---------------------------------------------------------------- input

void TerminalGame::wait_for_event() {
  out_.flush();
  pollfd fds[2] = {{wake_pipe_[0], POLLIN, 0}, {input_fd_, POLLIN, 0}};
  const int count = input_closed_ ? 1 : 2;
  const int ready = poll(fds, nfds_t(count), -1);
  if (options_.catch_signals && g_signal != 0) {
    out_ << (g_signal == SIGINT ? "\nInterrupted: " : "\nStopped by a signal: ")
         << (options_.save_file.empty() ? "quitting.\n" : "saving and quitting.\n");
    quit_ = true;
    return;
  }
  if (ready < 0) {
    if (errno != EINTR) input_closed_ = true;
    return;
  }
  if (fds[0].revents & POLLIN) {
    char drain[64];
    while (read(wake_pipe_[0], drain, sizeof drain) > 0) {
    }
    take_search_result();
  }
  if (count > 1 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) read_input();
}

void TerminalGame::read_input() {
  char buf[4096];
  const ssize_t n = read(input_fd_, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n <= 0) {
    input_closed_ = true;  // end of input; on a terminal whose other end went away, EIO
  } else {
    input_buffer_.append(buf, size_t(n));
  }
  std::vector<std::string> lines;
  for (size_t nl; (nl = input_buffer_.find('\n')) != std::string::npos;) {
    lines.push_back(input_buffer_.substr(0, nl));
    input_buffer_.erase(0, nl + 1);
  }
  if (input_closed_ && !input_buffer_.empty()) {
    lines.push_back(input_buffer_);
    input_buffer_.clear();
  }
  for (std::string& line : lines) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    prompted_ = false;
    if (split_words(line).empty()) continue;
    if (searching_ != SearchPurpose::kNone && can_run_now(line)) {
      handle_line(line);
    } else {
      if (searching_ != SearchPurpose::kNone && options_.prompts) {
        out_ << "(" << split_words(line)[0] << " waits until the engine has moved)\n";
      }
      queued_.push_back(line);
    }
  }
}

bool TerminalGame::can_run_now(const std::string& line) const {
  const std::vector<std::string> words = split_words(line);
  const std::string cmd = words.empty() ? "" : lower(words[0]);
  if (cmd == "stop") return true;
  return queued_.empty() && (cmd == "quit" || cmd == "exit" || cmd == "help" || cmd == "level" ||
                             cmd == "flip" || cmd == "resign");
}

void TerminalGame::prompt() {
  if (!options_.prompts || prompted_ || searching_ != SearchPurpose::kNone || !queued_.empty())
    return;
  prompted_ = true;
  if (game_over()) {
    out_ << "game over> ";
  } else {
    out_ << side_name(pos_.side_to_move()) << " to move> ";
  }
  out_.flush();
}

void TerminalGame::handle_line(const std::string& line) {
  const std::vector<std::string> words = split_words(line);
  if (words.empty()) return;
  const std::string cmd = lower(words[0]);
  const std::string arg = words.size() > 1 ? words[1] : "";

  if (looks_like_move(cmd)) {
    if (game_over()) {
      out_ << "The game is over: type new, undo, save FILE or quit.\n";
      return;
    }
    if (!options_.human[pos_.side_to_move()]) {
      out_ << "It is " << player_name(pos_.side_to_move()) << "'s turn, not yours.\n";
      return;
    }
    std::string why;
    std::optional<Move> m = parse_move(pos_, cmd, &why);
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
    out_ << pos_.fen() << "\n";
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
    Side loser = pos_.side_to_move();
    if (options_.human[kBlue] != options_.human[kRed]) loser = options_.human[kBlue] ? kBlue : kRed;
    declared_ = Declared{win_for(opponent(loser)), "resignation", side_name(loser) + " resigned"};
    announce_end();
  } else if (cmd == "new") {
    cancel_search();
    new_game(start_);
    out_ << "New game.\n";
    show_board();
  } else if (cmd == "level") {
    int level = 0;
    if (arg.empty()) {
      out_ << "Engine level " << options_.level << " (0..20).\n";
    } else if (!parse_int(arg, level) || level < 0 || level > 20) {
      out_ << "Usage: level N, with N from 0 (beginner) to 20 (full strength)\n";
    } else {
      options_.level = level;
      out_ << "Engine level " << level << ".\n";
    }
  } else if (cmd == "variant") {
    if (arg.empty()) {
      out_ << "Rules: " << variant_ << ". Shipped rule sets:";
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
    variant_ = arg;
    engine_.set_rules(rules);
    new_game(Position(rules));
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
          "  level N         engine skill, 0 (beginner) to 20 (full strength)\n"
          "  variant NAME    new game under a shipped rule set or a .toml file\n"
          "  quit            leave (the record is written if --save was given);\n"
          "                  Ctrl-C does the same\n";
}

void TerminalGame::print_moves() {
  MoveList moves = generate_moves(pos_);
  if (moves.empty()) {
    out_ << "No legal moves.\n";
    return;
  }
  out_ << "Legal moves (" << moves.size() << "):";
  for (Move m : moves) out_ << " " << move_text(m);
  out_ << "\n";
}

// ---------------------------------------------------------------- the game

void TerminalGame::play(Move m, std::string comment) {
  moves_.push_back({m, std::move(comment)});
  pos_.do_move(m);
  announced_ = false;
}

void TerminalGame::undo() {
  cancel_search();
  if (declared_) {
    // A resignation (or a loaded game's declared end) is the last thing to take back.
    declared_.reset();
    announced_ = false;
    out_ << "The game goes on.\n";
    show_board();
    return;
  }
  const bool any_human = options_.human[kBlue] || options_.human[kRed];
  auto mover_of_last = [&] { return Side(start_.side_to_move() ^ ((moves_.size() - 1) & 1)); };
  bool human_moved = !any_human && !moves_.empty();
  for (size_t i = 0; i < moves_.size() && !human_moved; ++i) {
    human_moved = options_.human[start_.side_to_move() ^ (i & 1)];
  }
  if (!human_moved) {
    out_ << "Nothing to take back.\n";
    return;
  }
  int taken = 0;
  for (;;) {
    const Side mover = mover_of_last();
    pos_.undo_move();
    moves_.pop_back();
    ++taken;
    if (!any_human || options_.human[mover] || moves_.empty()) break;
  }
  announced_ = false;
  out_ << "Took back " << taken << (taken == 1 ? " move.\n" : " moves.\n");
  show_board();
}

bool TerminalGame::game_over() const {
  return outcome(nullptr, nullptr) != GameResult::kOngoing;
}

GameResult TerminalGame::outcome(std::string* termination, std::string* reason) const {
  if (declared_) {
    if (termination) *termination = declared_->termination;
    if (reason) *reason = declared_->reason;
    return declared_->result;
  }
  Termination why = Termination::kNone;
  const GameResult r = game_result(pos_, &why);
  if (termination) *termination = termination_tag(why);
  if (!reason || r == GameResult::kOngoing) return r;
  const Side to_move = pos_.side_to_move();
  const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
  const Side loser = opponent(winner);
  switch (why) {
    case Termination::kDenEntered: {
      const Square den = pos_.rule_set().den(loser);
      *reason = "den entered: the " + side_name(winner) + " " +
                std::string(animal_name(animal_of(pos_.piece_on(den)))) + " reached " +
                side_name(loser) + "'s den at " + square_name(den);
      break;
    }
    case Termination::kAllCaptured:
      *reason = "all captured: " + side_name(loser) + " has no pieces left";
      break;
    case Termination::kNoLegalMove:
      *reason = "no legal move: " + side_name(to_move) + " cannot move";
      break;
    case Termination::kRepetition:
      *reason = "repetition: the same position occurred " +
                std::to_string(pos_.rules().repetition_count) + " times";
      break;
    case Termination::kMoveLimit:
      *reason = "move limit: " + std::to_string(pos_.rules().no_capture_limit) +
                " plies without a capture";
      break;
    case Termination::kDenFood:
      *reason = "den food: " + side_name(loser) + " kept its own den occupied too long";
      break;
    case Termination::kNone:
      break;
  }
  return r;
}

void TerminalGame::announce_end() {
  if (announced_) return;
  announced_ = true;
  std::string reason;
  const GameResult r = outcome(nullptr, &reason);
  const std::string who = r == GameResult::kBlueWins  ? "Blue wins"
                          : r == GameResult::kRedWins ? "Red wins"
                                                      : "Draw";
  out_ << "Game over: " << who << " (" << reason << "). Result " << result_tag(r) << "\n";
  if (options_.prompts) out_ << "Type new, undo, save FILE or quit.\n";
}

void TerminalGame::show_board() {
  BoardStyle style;
  style.ascii = options_.ascii;
  style.colour = options_.colour;
  style.flipped = flipped_;
  if (pos_.rules().hidden_pieces && options_.human[kBlue] != options_.human[kRed]) {
    style.hidden_side = options_.human[kBlue] ? kRed : kBlue;
  }
  out_ << "\n" << render_board(pos_, style);
  std::string status;
  if (!moves_.empty()) {
    Position before = pos_;
    before.undo_move();
    status = "Last move " + move_label(before, moves_.back().move);
  }
  if (!game_over()) {
    const Side s = pos_.side_to_move();
    status += (status.empty() ? "" : "; ") + side_name(s) + " to move (" + player_name(s) + ")";
  }
  out_ << status << ".\n";
  out_.flush();
}

std::string TerminalGame::player_name(Side s) const {
  if (options_.human[s]) return "Human";
  return "jungle level " + std::to_string(options_.level);
}

std::string TerminalGame::move_label(const Position& before, Move m) const {
  return std::to_string(before.move_number()) + (before.side_to_move() == kBlue ? ". " : "... ") +
         move_text(m);
}

std::string TerminalGame::eval_text(int score, Side mover) const {
  // Records give evaluations from Blue's side, as PGN gives them from White's.
  const int blue = mover == kBlue ? score : -score;
  if (blue >= kMateBound) return "#" + std::to_string((kMateScore - blue + 1) / 2);
  if (blue <= -kMateBound) return "#-" + std::to_string((kMateScore + blue + 1) / 2);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", blue / 100.0);
  return buf;
}

// ---------------------------------------------------------------- the engine

void TerminalGame::apply_engine_options(int skill) {
  EngineOptions o = engine_.options();
  if (o.skill_level == skill && o.hash_mb == options_.hash_mb && o.threads == 1) return;
  o.skill_level = skill;
  o.hash_mb = options_.hash_mb;
  o.threads = 1;
  engine_.set_options(o);
}

void TerminalGame::maybe_start_engine() {
  if (quit_ || searching_ != SearchPurpose::kNone || game_over()) return;
  if (options_.human[pos_.side_to_move()]) return;
  start_search(SearchPurpose::kMove);
}

void TerminalGame::start_search(SearchPurpose purpose) {
  // A hint is the engine's honest opinion, whatever level it plays at.
  apply_engine_options(purpose == SearchPurpose::kHint ? 20 : options_.level);
  SearchLimits limits;
  limits.movetime_ms = std::max<int64_t>(1, options_.movetime_ms);
  const uint64_t id = ++search_id_;
  searching_ = purpose;
  if (purpose == SearchPurpose::kMove) {
    out_ << player_name(pos_.side_to_move()) << " is thinking"
         << (options_.prompts ? " (type stop to make it move now)" : "") << "...\n";
  } else {
    out_ << "Looking for a hint...\n";
  }
  out_.flush();
  engine_.start(pos_, limits, {}, [this, id](const SearchResult& r) {
    {
      std::lock_guard<std::mutex> lock(result_mutex_);
      result_ = std::make_pair(id, r);
    }
    const char byte = 1;
    [[maybe_unused]] ssize_t written = write(wake_pipe_[1], &byte, 1);
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
  const Side mover = pos_.side_to_move();

  Move m = r.best;
  if (m.is_none() || !is_legal(pos_, m)) {
    MoveList legal = generate_moves(pos_);
    if (legal.empty()) return;
    m = legal[0];
  }
  const std::string eval = eval_text(r.score, mover);
  if (purpose == SearchPurpose::kHint) {
    out_ << "Hint: " << move_text(m) << " (evaluation " << eval << " for Blue, depth " << r.depth
         << ")\n";
    return;
  }
  out_ << player_name(mover) << " plays " << move_label(pos_, m) << " (evaluation " << eval
       << " for Blue, depth " << r.depth << ")\n";
  play(m, "[%eval " + eval + "/" + std::to_string(r.depth) + "]");
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
  std::optional<ReplayedEnds> positions;
  try {
    games = read_records(text, source);
    if (game_number < 1 || game_number > int(games.size())) {
      err << "error: " << path << " holds " << games.size()
          << (games.size() == 1 ? " game" : " games") << "; there is no game " << game_number
          << "\n";
      return false;
    }
    positions = replay_ends(games[size_t(game_number - 1)], source);
  } catch (const RecordError& e) {
    err << "error: " << path << ": " << e.what() << "\n";
    return false;
  }
  const GameRecord& game = games[size_t(game_number - 1)];
  cancel_search();
  variant_ = game.tag("Variant").empty() ? "standard" : game.tag("Variant");
  engine_.set_rules(positions->end.rule_set_ptr());
  new_game(positions->start);
  pos_ = positions->end;
  moves_ = game.moves;
  const GameResult recorded = result_from_text(game.result());
  if (recorded != GameResult::kOngoing && game_result(pos_) == GameResult::kOngoing) {
    const std::string term = game.tag("Termination");
    std::string how = term.empty() ? "as recorded" : term;
    if (recorded != GameResult::kDraw) {
      const std::string loser = recorded == GameResult::kBlueWins ? "Red" : "Blue";
      if (term == "resignation") how = loser + " resigned";
      if (term == "time") how = loser + " lost on time";
    }
    declared_ = Declared{recorded, term, how};
  }
  return true;
}

}  // namespace jungle
