// GTP in KataGo-AnimalChess's dialect: the reader, the two-stage moves, the clock.

#include "protocol/gtp.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/dialect_move.h"
#include "core/dialect_position.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "protocol/uci_limits.h"

namespace jungle {

namespace {

using notation::Dialect;

constexpr std::string_view kCommands[] = {"protocol_version",  "name",          "version",
                                          "known_command",     "list_commands", "boardsize",
                                          "clear_board",       "setfen",        "play",
                                          "genmove",           "undo",          "showboard",
                                          "kata-set-param",    "time_settings", "time_left",
                                          "kgs-time_settings", "clear_cache",   "quit"};

// GTP's colour: `b` (black) is Blue, the side at the bottom that moves first.
std::optional<Side> read_colour(std::string_view text) {
  const std::string c = lower(text);
  if (c == "b" || c == "black") return kBlue;
  if (c == "w" || c == "white") return kRed;
  return std::nullopt;
}

char colour_letter(Side s) {
  return s == kBlue ? 'b' : 'w';
}

// A vertex (A1..G9, either case) as our square's name ("a1").
std::optional<std::string> read_vertex(std::string_view text) {
  const Square s = notation::read_square(Dialect::kKatago, text);
  if (s == kNoSquare) return std::nullopt;
  return notation::write_square(Dialect::kJungle, s);
}

std::string vertex_of(std::string_view square) {
  std::string v(square);
  for (char& c : v) c = char(std::toupper(static_cast<unsigned char>(c)));
  return v;
}

// A number of seconds as GTP writes times, whole or with decimals.
std::optional<int64_t> read_seconds(std::string_view text) {
  const std::string s(text);
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != s.size() || !std::isfinite(v) || v < 0 || v * 1000 > double(uci_limits::kMaxClockMs))
    return std::nullopt;
  return int64_t(std::llround(v * 1000));
}

// GTP's preprocessing: control characters other than tab and newline
// dropped, tabs made spaces, a comment from '#' dropped.
std::string clean(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == '#') break;
    const auto u = static_cast<unsigned char>(c);
    if (c == '\t') {
      out += ' ';
    } else if (u >= 32 && u != 127) {
      out += c;
    }
  }
  return out;
}

std::string square_from(const std::string& action) {
  return action.substr(0, 2);
}
std::string square_to(const std::string& action) {
  return action.substr(2, 2);
}

}  // namespace

GtpProtocol::GtpProtocol(std::istream& in, std::ostream& out, std::string variant)
    : in_(in), out_(out), variant_(std::move(variant)) {
  family_ = &game::family_of_variant(variant_);
  if (family_->name() != "open")
    throw std::invalid_argument("GTP plays the open game; '" + variant_ + "' is " +
                                std::string(family_->title()));
  // Held while the geometry is read: it lives in the rule set.
  const RuleSetPtr rules = load_variant(variant_);
  const Geometry& board = rules->geometry();
  if (board.files() != kStandardGeometry.files() || board.ranks() != kStandardGeometry.ranks())
    throw std::invalid_argument("GTP's vertices name the 7x9 board only; '" + variant_ + "' is " +
                                std::to_string(board.files()) + "x" +
                                std::to_string(board.ranks()));
  engine_ = family_->make_engine();
  start("");
}

void GtpProtocol::start(const std::string& fen) {
  std::mt19937_64 unused(0);  // the open game has no chance
  std::unique_ptr<game::State> next = family_->new_state(variant_, fen, unused);
  state_ = std::move(next);
  selected_.reset();
  pending_.clear();
  engine_->new_game();
}

int GtpProtocol::run() {
  std::string line;
  while (std::getline(in_, line)) {
    if (!execute(line)) return 0;
  }
  return 0;
}

bool GtpProtocol::execute(std::string_view raw) {
  std::vector<std::string> words = split(clean(raw));
  if (words.empty()) return true;
  std::string id;
  if (std::all_of(words[0].begin(), words[0].end(), [](char c) { return c >= '0' && c <= '9'; })) {
    id = words[0];
    words.erase(words.begin());
  }
  Reply reply;
  std::string command;
  if (words.empty()) {
    reply = {false, "no command after the id"};
  } else {
    command = words[0];
    const std::vector<std::string> args(words.begin() + 1, words.end());
    try {
      reply = dispatch(command, args);
    } catch (const std::exception& e) {
      reply = {false, e.what()};
    }
  }
  // One line of error: a reason with a newline in it would end the answer early.
  if (!reply.ok) std::replace(reply.text.begin(), reply.text.end(), '\n', ' ');
  out_ << (reply.ok ? '=' : '?') << id << ' ' << reply.text << "\n\n";
  out_.flush();
  return command != "quit" || !reply.ok;
}

GtpProtocol::Reply GtpProtocol::dispatch(const std::string& command,
                                         const std::vector<std::string>& args) {
  if (command == "protocol_version") return {true, "2"};
  if (command == "name") return {true, "jungle"};
  if (command == "version") return {true, JUNGLE_VERSION};
  if (command == "known_command") {
    const bool known = args.size() == 1 && std::find(std::begin(kCommands), std::end(kCommands),
                                                     args[0]) != std::end(kCommands);
    return {true, known ? "true" : "false"};
  }
  if (command == "list_commands") {
    std::string all;
    for (std::string_view c : kCommands) all += (all.empty() ? "" : "\n") + std::string(c);
    return {true, all};
  }
  if (command == "quit") return {true, ""};
  if (command == "boardsize") return cmd_boardsize(args);
  if (command == "clear_board") {
    start("");
    return {true, ""};
  }
  if (command == "setfen") return cmd_setfen(args);
  if (command == "play") return cmd_play(args);
  if (command == "genmove") return cmd_genmove(args);
  if (command == "undo") return cmd_undo();
  if (command == "showboard") return cmd_showboard();
  if (command == "kata-set-param") return cmd_set_param(args);
  if (command == "time_settings") return cmd_time_settings(args);
  if (command == "time_left") return cmd_time_left(args);
  if (command == "kgs-time_settings") return cmd_kgs_time_settings(args);
  if (command == "clear_cache") {
    // KataGo's clears its search cache; ours is the hash table, which
    // clear_board keeps (so does KataGo's), as a GUI's analysis wants.
    engine_->set_option("Clear Hash", "");
    return {true, ""};
  }
  return {false, "unknown command '" + command + "' (list_commands names them)"};
}

GtpProtocol::Reply GtpProtocol::cmd_boardsize(const std::vector<std::string>& args) {
  // Go's one size does not describe a 7x9 board: either side's length, or
  // both, is taken as naming it.
  if (args.empty() || args.size() > 2) return {false, "boardsize: expected 7 9"};
  for (const std::string& a : args) {
    if (a != "7" && a != "9") return {false, "unacceptable size '" + a + "': the board is 7x9"};
  }
  start("");
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_setfen(const std::vector<std::string>& args) {
  if (args.empty())
    return {false, "setfen: expected a FEN, like l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w"};
  const std::string text = join_words(args, 0, args.size());
  std::string fen;
  try {
    fen =
        notation::write_position(Dialect::kJungle, notation::read_position(Dialect::kKatago, text));
    start(fen);
  } catch (const std::exception& e) {
    return {false, std::string("setfen: ") + e.what()};
  }
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_play(const std::vector<std::string>& args) {
  if (args.size() != 2) return {false, "play: expected a colour and a vertex, like 'play b A3'"};
  const std::optional<Side> colour = read_colour(args[0]);
  if (!colour) return {false, "play: '" + args[0] + "' is not a colour (b or w)"};
  const std::string v = lower(args[1]);
  if (v == "pass" || v == "resign")
    return {false, "illegal move: '" + args[1] + "' is no move in Jungle; play a piece's vertex"};
  const std::optional<std::string> square = read_vertex(args[1]);
  if (!square) return {false, "play: '" + args[1] + "' is not a vertex (A1 to G9)"};
  if (state_->over())
    return {false, "illegal move: the game is over (" + state_->result_message() + ")"};
  const Side mover = state_->actor().side;
  if (*colour != mover)
    return {false, std::string("illegal move: ") + colour_letter(mover) + " (" + side_name(mover) +
                       ") is to move, not " + colour_letter(*colour)};
  if (!selected_) {
    const std::vector<std::string> legal = state_->legal_actions();
    const bool movable = std::any_of(legal.begin(), legal.end(), [&](const std::string& a) {
      return square_from(a) == *square;
    });
    if (!movable)
      return {false, "illegal move: " + side_name(mover) + " has no piece on " +
                         vertex_of(*square) + " that can move"};
    selected_ = *square;
    pending_.clear();
    return {true, ""};
  }
  try {
    state_->apply(*selected_ + *square);
  } catch (const std::exception& e) {
    return {false, "illegal move: " + vertex_of(*selected_) + " to " + vertex_of(*square) + ": " +
                       e.what()};
  }
  selected_.reset();
  pending_.clear();
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_genmove(const std::vector<std::string>& args) {
  if (args.size() != 1) return {false, "genmove: expected a colour, b or w"};
  const std::optional<Side> colour = read_colour(args[0]);
  if (!colour) return {false, "genmove: '" + args[0] + "' is not a colour (b or w)"};
  if (state_->over()) {
    // As KataGo answers at a game's end: the loser resigns, anyone else passes.
    const GameResult lost = *colour == kBlue ? GameResult::kRedWins : GameResult::kBlueWins;
    return {true, state_->result() == lost ? "resign" : "pass"};
  }
  const Side mover = state_->actor().side;
  if (*colour != mover)
    return {false, std::string("genmove: ") + colour_letter(mover) + " (" + side_name(mover) +
                       ") is to move, not " + colour_letter(*colour)};
  if (!selected_) {
    const std::string action = search(mover, std::nullopt);
    if (action.empty()) return {true, "pass"};
    pending_ = action;
    selected_ = square_from(action);
    return {true, vertex_of(*selected_)};
  }
  const std::string action = !pending_.empty() ? pending_ : search(mover, selected_);
  if (action.empty()) return {true, "pass"};
  state_->apply(action);
  selected_.reset();
  pending_.clear();
  return {true, vertex_of(square_to(action))};
}

std::string GtpProtocol::search(Side side, const std::optional<std::string>& from) {
  game::Limits limits = limits_for(side);
  if (from) {
    for (const std::string& a : state_->legal_actions()) {
      if (square_from(a) == *from) limits.search_actions.push_back(a);
    }
  }
  const auto started = std::chrono::steady_clock::now();
  const game::Answer answer = engine_->think(state_->observe(side), limits);
  charge_clock(side, std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - started)
                         .count());
  return answer.action;
}

game::Limits GtpProtocol::limits_for(Side side) const {
  game::Limits l;
  l.nodes = max_visits_;
  l.movetime_ms = max_time_ms_;
  clock_.fill(side, l);
  if (!clock_.on() && l.nodes == 0 && l.movetime_ms == 0) l.movetime_ms = kDefaultMoveTimeMs;
  return l;
}

void GtpProtocol::charge_clock(Side side, int64_t elapsed_ms) {
  // The controller's time_left corrects this; without it the clock runs on
  // what the engine itself spent, as GTP asks of an engine told time_settings.
  clock_.charge(side, elapsed_ms);
}

GtpProtocol::Reply GtpProtocol::cmd_undo() {
  // One stage back: the piece chosen, else the last move's square (its
  // piece stays chosen, as the move's first stage was played before it).
  if (selected_) {
    selected_.reset();
    pending_.clear();
    return {true, ""};
  }
  if (state_->actions().empty())
    return {false, "cannot undo: nothing played since the position was set"};
  const std::string last = state_->actions().back();
  if (!state_->undo()) return {false, "cannot undo"};
  selected_ = square_from(last);
  pending_.clear();
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_showboard() const {
  // The board in the dialect's letters (J for the Leopard), rank 9 at the top.
  const std::string katago = notation::write_position(
      Dialect::kKatago, notation::read_position(Dialect::kJungle, state_->fen()));
  const std::vector<std::string> fields = split(katago);
  std::ostringstream s;
  s << "\n   A B C D E F G\n";
  int rank = 9;
  std::string row;
  auto flush_rank = [&] {
    s << ' ' << rank << row << '\n';
    row.clear();
    --rank;
  };
  for (char c : fields[0]) {
    if (c == '/') {
      flush_rank();
    } else if (c >= '1' && c <= '9') {
      for (int i = 0; i < c - '0'; ++i) row += " .";
    } else {
      row += ' ';
      row += c;
    }
  }
  flush_rank();
  s << "   A B C D E F G\n";
  if (state_->over()) {
    s << "Game over: " << state_->result_message();
  } else {
    const Side mover = state_->actor().side;
    s << "Next player: " << colour_letter(mover) << " (" << side_name(mover) << ")";
    if (selected_) s << ", piece chosen on " << vertex_of(*selected_);
  }
  s << "\nsetfen " << katago;
  if (clock_.on()) s << "\n" << clock_.describe();
  return {true, s.str()};
}

GtpProtocol::Reply GtpProtocol::cmd_set_param(const std::vector<std::string>& args) {
  if (args.size() < 2)
    return {false, "kata-set-param: expected a name and a value, like 'maxVisits 400'"};
  const std::string name = lower(args[0]);
  if (name == "maxvisits" || name == "maxtime") {
    if (args.size() != 2) return {false, "kata-set-param " + args[0] + ": expected one value"};
    if (name == "maxvisits") {
      uint64_t v = 0;
      if (!parse_int(args[1], v) || v == 0)
        return {false, "kata-set-param maxVisits: '" + args[1] + "' is not a whole number from 1"};
      max_visits_ = v;
      return {true, ""};
    }
    const std::optional<int64_t> ms = read_seconds(args[1]);
    if (!ms || *ms == 0)
      return {false,
              "kata-set-param maxTime: '" + args[1] + "' is not a number of seconds above 0"};
    max_time_ms_ = *ms;
    return {true, ""};
  }
  // Otherwise one of the engine's options, as `setoption` sets it over UCI
  // (a match's option.NAME=VALUE arrives so): its name may have spaces
  // ("Move Overhead"), so the longest run of words that names one is it.
  std::string names;
  for (const game::OptionSpec& o : engine_->options()) {
    for (size_t k = args.size() - 1; k >= 1; --k) {
      if (lower(join_words(args, 0, k)) != lower(o.name)) continue;
      try {
        engine_->set_option(o.name, join_words(args, k, args.size()));
      } catch (const std::invalid_argument& e) {
        return {false, std::string("kata-set-param: ") + e.what()};
      }
      return {true, ""};
    }
    names += ", " + o.name;
  }
  return {false, "kata-set-param: unknown parameter '" + args[0] +
                     "' (this engine takes maxVisits, maxTime" + names + ")"};
}

GtpProtocol::Reply GtpProtocol::cmd_time_settings(const std::vector<std::string>& args) {
  if (args.size() != 3)
    return {false,
            "time_settings: expected main time, byo-yomi time (seconds) and byo-yomi stones"};
  const std::optional<int64_t> main_ms = read_seconds(args[0]), byo_ms = read_seconds(args[1]);
  int stones = 0;
  if (!main_ms || !byo_ms || !parse_int(args[2], stones) || stones < 0)
    return {false, "time_settings: '" + join_words(args, 0, 3) +
                       "' is not two numbers of seconds and a whole number of stones"};
  // GTP: byo-yomi time with no stones in it means no time limit; no
  // byo-yomi time, the main time alone.
  const GtpClock::System system = *byo_ms > 0 && stones == 0 ? GtpClock::System::kNone
                                  : *byo_ms == 0             ? GtpClock::System::kAbsolute
                                                             : GtpClock::System::kCanadian;
  clock_.set(system, *main_ms, *byo_ms, stones);
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_kgs_time_settings(const std::vector<std::string>& args) {
  // KGS's systems: none, absolute MAIN, byoyomi MAIN BYO PERIODS and
  // canadian MAIN BYO STONES.
  const std::string system = args.empty() ? "" : lower(args[0]);
  const size_t wanted = system == "none" ? 1 : system == "absolute" ? 2 : 4;
  if ((system != "none" && system != "absolute" && system != "byoyomi" && system != "canadian") ||
      args.size() != wanted) {
    return {false,
            "kgs-time_settings: expected none, absolute MAIN, byoyomi MAIN BYO PERIODS or canadian "
            "MAIN BYO STONES (seconds, and a whole number)"};
  }
  std::optional<int64_t> main_ms = int64_t(0), byo_ms = int64_t(0);
  int count = 0;
  if (wanted >= 2) main_ms = read_seconds(args[1]);
  if (wanted == 4) byo_ms = read_seconds(args[2]);
  if (!main_ms || !byo_ms || (wanted == 4 && (!parse_int(args[3], count) || count < 0))) {
    return {
        false,
        "kgs-time_settings " + system + ": '" + join_words(args, 1, args.size()) + "' is not " +
            (wanted == 2 ? "a number of seconds" : "two numbers of seconds and a whole number")};
  }
  clock_.set(system == "none"       ? GtpClock::System::kNone
             : system == "absolute" ? GtpClock::System::kAbsolute
             : system == "byoyomi"  ? GtpClock::System::kByoyomi
                                    : GtpClock::System::kCanadian,
             *main_ms, *byo_ms, count);
  return {true, ""};
}

GtpProtocol::Reply GtpProtocol::cmd_time_left(const std::vector<std::string>& args) {
  if (args.size() != 3) return {false, "time_left: expected a colour, seconds and stones"};
  const std::optional<Side> colour = read_colour(args[0]);
  if (!colour) return {false, "time_left: '" + args[0] + "' is not a colour (b or w)"};
  const std::optional<int64_t> ms = read_seconds(args[1]);
  int stones = 0;
  if (!ms || !parse_int(args[2], stones) || stones < 0)
    return {false, "time_left: '" + args[1] + " " + args[2] +
                       "' is not a number of seconds and a whole number of stones"};
  clock_.time_left(*colour, *ms, stones);
  return {true, ""};
}

}  // namespace jungle
