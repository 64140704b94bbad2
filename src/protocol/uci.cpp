// The protocol's reader and dispatch, `position`, `go` and what a search reports.

#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/file_io.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "protocol/uci_limits.h"
#include "search/bench_positions.h"

namespace jungle {

using namespace uci_limits;

namespace {

bool is_go_keyword(std::string_view token) {
  static constexpr std::string_view kKeywords[] = {"depth", "nodes",     "movetime", "wtime",
                                                   "btime", "winc",      "binc",     "mate",
                                                   "perft", "movestogo", "infinite", "ponder"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), token) != std::end(kKeywords);
}

}  // namespace

UciProtocol::UciProtocol(std::istream& in, std::ostream& out)
    : in_(in), out_(out), pos_(engine_.rules()), elo_(kDefaultElo) {
  options_ = engine_.options();
  skill_level_ = options_.skill_level;
}

UciProtocol::~UciProtocol() {
  interrupt();
}

void UciProtocol::send(std::string_view text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text;
  if (text.empty() || text.back() != '\n') out_ << '\n';
  out_.flush();
}

void UciProtocol::error(std::string_view message) {
  send("info string error: " + std::string(message));
}

int UciProtocol::run() {
  std::string line;
  while (std::getline(in_, line)) {
    if (!execute(line)) return 0;
  }
  // The input is closed: nobody can send `stop` any more, so stop now.
  interrupt();
  return 0;
}

void UciProtocol::wait_for_search() {
  if (flip_) flip_->wait();
  if (hidden_) hidden_->wait();
  engine_.wait();
  if (task_.joinable()) task_.join();
}

void UciProtocol::interrupt() {
  if (flip_) flip_->stop();
  if (hidden_) hidden_->stop();
  engine_.stop();
  task_stop_ = true;
  engine_.wait();
  if (task_.joinable()) task_.join();
}

bool UciProtocol::execute(std::string_view line) {
  const std::vector<std::string> tokens = split(line);
  if (tokens.empty()) return true;
  const std::string& cmd = tokens[0];
  const std::vector<std::string> args(tokens.begin() + 1, tokens.end());

  if (cmd == "quit") {
    interrupt();
    return false;
  }
  if (flip_ && (cmd == "position" || cmd == "go" || cmd == "d" || cmd == "ucinewgame" ||
                cmd == "stop" || cmd == "ponderhit")) {
    if (cmd == "position") flip_->position(args);
    if (cmd == "go") flip_->go(args);
    if (cmd == "d") flip_->display();
    if (cmd == "ucinewgame") flip_->new_game();
    if (cmd == "stop" || cmd == "ponderhit") flip_->stop();
    return true;
  }
  if (hidden_ && (cmd == "position" || cmd == "go" || cmd == "d" || cmd == "ucinewgame" ||
                  cmd == "stop" || cmd == "ponderhit" || cmd == "setup" || cmd == "eval")) {
    if (cmd == "position") hidden_->position(args);
    if (cmd == "go") hidden_->go(args);
    if (cmd == "setup") hidden_->setup(args);
    if (cmd == "d") hidden_->display();
    if (cmd == "ucinewgame") hidden_->new_game();
    if (cmd == "stop" || cmd == "ponderhit") hidden_->stop();
    if (cmd == "eval")
      error("eval: a hidden game has no one position to evaluate; 'd' shows the view");
    return true;
  }
  if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "setoption") {
    cmd_setoption(args);
  } else if (cmd == "ucinewgame") {
    interrupt();
    engine_.new_game();
  } else if (cmd == "position") {
    cmd_position(args);  // the search has its own copy: no need to stop it
  } else if (cmd == "go") {
    cmd_go(args);
  } else if (cmd == "stop" || cmd == "ponderhit") {
    // `go ponder` searches like `go infinite`, so a ponder hit answers at once.
    // Only a signal: the reader never waits here.
    engine_.stop();
    task_stop_ = true;
  } else if (cmd == "d") {
    cmd_display();
  } else if (cmd == "eval") {
    send(engine_.eval_trace(pos_));
  } else if (cmd == "bench") {
    cmd_bench(args);
  } else if (cmd == "debug" || cmd == "register") {
    // Standard commands without meaning here.
  } else if (cmd == "help") {
    send(
        "commands: uci, isready, setoption name N value V, ucinewgame,\n"
        "  position startpos|fen FEN [moves M...], go [depth|nodes|movetime|wtime|btime|winc|\n"
        "  binc|movestogo N] [infinite] [mate N] [searchmoves M...] [perft N], stop, quit,\n"
        "  d (board, FEN, key, legal moves), eval, bench [depth]");
  } else {
    error("unknown command '" + join_words(tokens, 0, tokens.size()) + "'");
  }
  return true;
}

void UciProtocol::cmd_position(const std::vector<std::string>& args) {
  // Until a position is accepted, `go` must not answer for any other one.
  position_rejected_ = true;
  const RuleSetPtr& rules = engine_.rules();
  size_t i = 0;
  Position next(rules);
  if (!args.empty() && args[0] == "startpos") {
    i = 1;
  } else if (!args.empty() && args[0] == "fen") {
    auto moves_at = std::find(args.begin(), args.end(), "moves");
    i = size_t(moves_at - args.begin());
    const std::string fen = join_words(args, 1, i);
    try {
      next = Position::from_fen(fen, rules);
    } catch (const FenError& e) {
      error("invalid FEN '" + fen + "': " + e.what());
      return;
    }
  } else {
    error("position: expected 'position startpos|fen <FEN> [moves ...]'");
    return;
  }
  if (i < args.size() && args[i] != "moves") {
    error("position: expected 'moves' after startpos, not '" + args[i] + "'");
    return;
  }
  for (size_t j = i + 1; j < args.size(); ++j) {
    const std::string& text = args[j];
    const std::string prefix = "move " + std::to_string(j - i) + " " + text;
    const std::optional<Move> move = next.rule_set().geometry().parse_move_text(text);
    if (!move) {
      error(prefix + " is not a move: expected a from-square and a to-square, like a3a4");
      return;
    }
    const Square from = move->from(), to = move->to();
    // The interface is the arbiter: it may play on past our move limit or
    // repetition rule, as other Jungle programs do.
    if (!generate_moves_past_draws(next).contains(Move(from, to))) {
      const bool drawn = next.terminal_state() == GameResult::kDraw;
      error(prefix + " is illegal: " +
            (drawn ? "no piece of the side to move can go from " +
                         next.rule_set().geometry().square_name(from) + " to " +
                         next.rule_set().geometry().square_name(to)
                   : explain_illegal(next, from, to)));
      return;
    }
    next.do_move(Move(from, to));
  }
  pos_ = std::move(next);
  position_rejected_ = false;
}

void UciProtocol::cmd_go(const std::vector<std::string>& args) {
  SearchLimits limits;
  int perft_depth = -1;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite" || key == "ponder") {
      limits.infinite = true;
      continue;
    }
    if (key == "searchmoves") {
      while (i + 1 < args.size() && !is_go_keyword(args[i + 1])) {
        const std::string& text = args[++i];
        std::string why;
        std::optional<Move> m = parse_move(pos_, text, &why);
        if (!m) {
          const std::optional<Move> coordinates = pos_.rule_set().geometry().parse_move_text(text);
          if (coordinates && generate_moves_past_draws(pos_).contains(*coordinates))
            m = coordinates;
        }
        if (!m) {
          error("go searchmoves: " + why);
          return;
        }
        limits.search_moves.push_back(*m);
      }
      continue;
    }
    if (!is_go_keyword(key)) {
      error("go: unknown parameter '" + key + "'");
      return;
    }
    int64_t v = 0;
    if (i + 1 >= args.size() || !parse_int(args[i + 1], v)) {
      error("go: " + key + " needs an integer" +
            (i + 1 < args.size() ? ", not '" + args[i + 1] + "'" : ""));
      return;
    }
    ++i;
    auto positive = [&](int64_t max) {
      if (v >= 1 && v <= max) return true;
      error("go: " + key + " must be " +
            (max == INT64_MAX ? std::string("at least 1") : "from 1 to " + std::to_string(max)) +
            ", not " + std::to_string(v));
      return false;
    };
    if (key == "depth") {
      if (!positive(kMaxPly - 1)) return;
      limits.depth = int(v);
    } else if (key == "nodes") {
      if (!positive(INT64_MAX)) return;
      limits.nodes = uint64_t(v);
    } else if (key == "movetime") {
      if (!positive(INT64_MAX)) return;
      limits.movetime_ms = v;
    } else if (key == "mate") {
      if (!positive(kMaxPly / 2 - 1)) return;
      limits.mate = int(v);
    } else if (key == "perft") {
      if (!positive(kMaxPerftDepth)) return;
      perft_depth = int(v);
    } else if (key == "movestogo") {
      limits.movestogo = int(std::clamp<int64_t>(v, 0, 1000));
    } else {
      // Clocks: a GUI may send a negative time when a flag has fallen.
      const Side side = key[0] == 'w' ? kBlue : kRed;
      (key[1] == 't' ? limits.time_ms : limits.inc_ms)[side] =
          std::clamp<int64_t>(v, 0, kMaxClockMs);
    }
  }
  // A new `go` replaces whatever runs (a GUI waits for one `bestmove` per `go`).
  interrupt();
  if (position_rejected_) {
    error("go: the last position command was rejected; send a valid position");
    send("bestmove 0000");
    return;
  }
  if (perft_depth > 0) {
    cmd_perft(perft_depth);
    return;
  }
  const Position root = pos_;
  engine_.start(
      root, limits,
      [this, board = root.rule_set().geometry()](const SearchInfo& info) { on_info(info, board); },
      [this, root](const SearchResult& result) { on_done(root, result); });
}

void UciProtocol::on_info(const SearchInfo& info, const Geometry& board) {
  const int64_t time = info.time_ms;
  std::ostringstream s;
  s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv
    << " score " << score_text(info.score);
  if (info.bound == kBoundLower) s << " lowerbound";
  if (info.bound == kBoundUpper) s << " upperbound";
  if (show_wdl_) {
    const Wdl wdl = wdl_of_score(info.score);
    s << " wdl " << wdl.win << ' ' << wdl.draw << ' ' << wdl.loss;
  }
  s << " nodes " << info.nodes << " nps "
    << info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1)) << " hashfull " << info.hashfull;
  if (info.tablebase) s << " tbhits " << info.tbhits;
  s << " time " << time << " pv";
  for (Move m : info.pv) s << ' ' << board.move_text(m);
  send(s.str());
}

void UciProtocol::on_done(const Position& root, const SearchResult& result) {
  for (const std::string& e : result.errors) {
    error("tablebase: " + e + "; the engine plays on without this table");
  }
  const MoveList legal = generate_moves_past_draws(root);
  if (legal.empty()) {
    // The game is over here: tell the GUI why there is no move.
    const GameResult r = game_result(root);
    const bool drawn = r == GameResult::kDraw || r == GameResult::kOngoing;
    send(drawn ? "info depth 0 score cp 0" : "info depth 0 score mate 0");
    send("bestmove 0000");
    return;
  }
  const Move best = legal.contains(result.best) ? result.best : legal[0];
  const Geometry& board = root.rule_set().geometry();
  std::string line = "bestmove " + board.move_text(best);
  if (!result.ponder.is_none() && best == result.best) {
    Position after = root;
    after.do_move(best);
    if (generate_moves_past_draws(after).contains(result.ponder))
      line += " ponder " + board.move_text(result.ponder);
  }
  send(line);
}

void UciProtocol::cmd_display() {
  std::ostringstream s;
  s << pos_.diagram();
  if (s.str().empty() || s.str().back() != '\n') s << '\n';
  char key[32];
  std::snprintf(key, sizeof key, "%016" PRIx64, pos_.key());
  s << "Fen: " << pos_.fen() << "\n"
    << "Key: " << key << "\n"
    << "Side to move: " << side_name(pos_.side_to_move()) << "\n";
  Termination why = Termination::kNone;
  const GameResult r = game_result(pos_, &why);
  if (r != GameResult::kOngoing) {
    s << "Result: "
      << (r == GameResult::kBlueWins  ? "Blue wins"
          : r == GameResult::kRedWins ? "Red wins"
                                      : "draw")
      << " (" << termination_tag(why) << ")\n";
  }
  // The moves `position` accepts here: play goes on past our draw rules.
  const MoveList moves = generate_moves_past_draws(pos_);
  s << "Legal moves (" << moves.size() << "):";
  for (Move m : moves) s << ' ' << pos_.rule_set().geometry().move_text(m);
  send(s.str());
}

}  // namespace jungle
