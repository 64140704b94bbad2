// The protocol's reader and dispatch, `position`, `go`, and what an engine reports.

#include "protocol/uci.h"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "core/dialect.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "game/open_observation.h"
#include "protocol/uci_dialect.h"
#include "protocol/uci_limits.h"
#include "search/search.h"

namespace jungle {

using namespace uci_limits;

namespace {

bool is_go_keyword(std::string_view token) {
  static constexpr std::string_view kKeywords[] = {"depth", "nodes",     "movetime", "wtime",
                                                   "btime", "winc",      "binc",     "mate",
                                                   "perft", "movestogo", "infinite", "ponder"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), token) != std::end(kKeywords);
}

// The one `go` parser: its arguments as game::Limits (and a perft depth, or
// -1), or a message saying what is wrong and where.
struct GoCommand {
  game::Limits limits;
  int perft_depth = -1;
};
std::optional<GoCommand> parse_go(const std::vector<std::string>& args, std::string& why) {
  GoCommand go;
  game::Limits& limits = go.limits;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite" || key == "ponder") {
      // `go ponder` searches like `go infinite`, so a ponder hit answers at once.
      limits.infinite = true;
      continue;
    }
    if (key == "searchmoves") {
      while (i + 1 < args.size() && !is_go_keyword(args[i + 1])) {
        limits.search_actions.push_back(args[++i]);
      }
      continue;
    }
    if (!is_go_keyword(key)) {
      why = "go: unknown parameter '" + key + "'";
      return std::nullopt;
    }
    int64_t v = 0;
    if (i + 1 >= args.size() || !parse_int(args[i + 1], v)) {
      why = "go: " + key + " needs an integer" +
            (i + 1 < args.size() ? ", not '" + args[i + 1] + "'" : "");
      return std::nullopt;
    }
    ++i;
    auto positive = [&](int64_t max) {
      if (v >= 1 && v <= max) return true;
      why = "go: " + key + " must be " +
            (max == INT64_MAX ? std::string("at least 1") : "from 1 to " + std::to_string(max)) +
            ", not " + std::to_string(v);
      return false;
    };
    if (key == "depth") {
      if (!positive(kMaxPly - 1)) return std::nullopt;
      limits.depth = int(v);
    } else if (key == "nodes") {
      if (!positive(INT64_MAX)) return std::nullopt;
      limits.nodes = uint64_t(v);
    } else if (key == "movetime") {
      if (!positive(INT64_MAX)) return std::nullopt;
      limits.movetime_ms = v;
    } else if (key == "mate") {
      if (!positive(kMaxPly / 2 - 1)) return std::nullopt;
      limits.mate = int(v);
    } else if (key == "perft") {
      if (!positive(kMaxPerftDepth)) return std::nullopt;
      go.perft_depth = int(v);
    } else if (key == "movestogo") {
      limits.moves_to_go = int(std::clamp<int64_t>(v, 0, 1000));
    } else {
      // Clocks: a GUI may send a negative time when a flag has fallen.
      const Side side = key[0] == 'w' ? kBlue : kRed;
      (key[1] == 't' ? limits.time_ms : limits.inc_ms)[side] =
          std::clamp<int64_t>(v, 0, kMaxClockMs);
    }
  }
  return go;
}

}  // namespace

UciProtocol::UciProtocol(std::istream& in, std::ostream& out, notation::Dialect dialect)
    : in_(in), out_(out), dialect_(dialect) {
  const game::Family& family = game::family_of_variant(variant_);
  use_family(family, variant_, family.make_engine());
}

UciProtocol::~UciProtocol() {
  interrupt();
}

Position UciProtocol::position() const {
  return game::open_position_of(load_variant(variant_),
                                observation_ ? observation_->position : "startpos");
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
  engine_->wait();
  if (task_.joinable()) task_.join();
}

void UciProtocol::interrupt() {
  engine_->stop();
  task_stop_ = true;
  engine_->wait();
  if (task_.joinable()) task_.join();
}

void UciProtocol::use_family(const game::Family& family, const std::string& variant,
                             std::unique_ptr<game::Engine> engine) {
  family_ = &family;
  engine_ = std::move(engine);
  variant_ = variant;
  // A new rule set starts at its start, where everybody knows it (not a
  // hidden game's: each side sends its own view).
  observation_.reset();
  try {
    observation_ = family.read_observation(variant, "startpos");
  } catch (const std::exception&) {
  }
  position_rejected_ = !observation_;
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
  if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "setoption") {
    cmd_setoption(args);
  } else if (cmd == "ucinewgame") {
    interrupt();
    engine_->new_game();
  } else if (cmd == "position") {
    cmd_position(args);  // the search has its own copy: no need to stop it
  } else if (cmd == "go") {
    cmd_go(args);
  } else if (cmd == "stop" || cmd == "ponderhit") {
    // `go ponder` searches like `go infinite`, so a ponder hit answers at once.
    // Only a signal: the reader never waits here.
    engine_->stop();
    task_stop_ = true;
  } else if (cmd == "d" || cmd == "eval") {
    if (!observation_) {
      error(cmd + ": no position yet; send one (docs/engine.md, Protocol)");
      return true;
    }
    try {
      send(cmd == "d" ? engine_->describe(*observation_) : engine_->eval_text(*observation_));
    } catch (const std::exception& e) {
      error(cmd + ": " + e.what());
    }
  } else if (cmd == "setup") {
    cmd_setup(args);
  } else if (cmd == "bench") {
    cmd_bench(args);
  } else if (cmd == "debug" || cmd == "register") {
    // Standard commands without meaning here.
  } else if (cmd == "help") {
    send(
        "commands: uci, isready, setoption name N value V, ucinewgame,\n"
        "  position startpos|fen FEN [moves M...] (hidden pieces: position hidden blue|red\n"
        "  fen VIEW [moves ANNOUNCEMENT...]), go [depth|nodes|movetime|wtime|btime|winc|\n"
        "  binc|movestogo N] [infinite] [mate N] [searchmoves M...] [perft N], stop, quit,\n"
        "  setup blue|red (a secret set-up), d (board, FEN, legal moves), eval, bench [depth]");
  } else {
    error("unknown command '" + join_words(tokens, 0, tokens.size()) + "'");
  }
  return true;
}

void UciProtocol::cmd_position(const std::vector<std::string>& args) {
  // Until a position is accepted, `go` must not answer for any other one.
  position_rejected_ = true;
  try {
    if (!family_->speaks(dialect_, variant_)) {
      throw std::invalid_argument(
          std::string("position: Variant ") + variant_ + "'s games are not written in Dialect " +
          std::string(notation::dialect_name(dialect_)) + " (docs/dialects.md)");
    }
    const std::string text = uci_dialect::position_to_ours(*family_, dialect_, args);
    game::Observation next = family_->read_observation(variant_, text);
    observation_ = std::move(next);
  } catch (const std::exception& e) {
    error(uci_dialect::name_their_move(dialect_, args, e.what()));
    return;
  }
  position_rejected_ = false;
}

void UciProtocol::cmd_go(const std::vector<std::string>& args) {
  std::string why;
  const std::optional<GoCommand> go = parse_go(args, why);
  if (!go) {
    error(why);
    return;
  }
  // A new `go` replaces whatever runs (a GUI waits for one `bestmove` per `go`).
  interrupt();
  if (position_rejected_ || !observation_) {
    error("go: the last position command was rejected; send a valid position");
    send("bestmove 0000");
    return;
  }
  if (go->perft_depth > 0) {
    cmd_perft(go->perft_depth);
    return;
  }
  try {
    engine_->validate(*observation_);
  } catch (const std::exception& e) {
    error(std::string("go: ") + e.what());
    send("bestmove 0000");
    return;
  }
  game::Limits limits = go->limits;
  for (std::string& move : limits.search_actions)
    move = uci_dialect::move_to_ours(*family_, dialect_, move);
  try {
    engine_->go(
        *observation_, limits, [this](const game::SearchInfo& info) { on_info(info); },
        [this](const game::Answer& answer) { on_done(answer); });
  } catch (const std::exception& e) {
    // Limits this position or engine cannot take (a searchmoves move that
    // is not legal): refused, with the one `bestmove` a GUI waits for.
    error(std::string("go ") + e.what());
    send("bestmove 0000");
  }
}

// The one info writer: what every engine reports, in the order GUIs expect;
// what an engine does not report (-1) is left out.
void UciProtocol::on_info(const game::SearchInfo& info) {
  std::ostringstream s;
  s << "info depth " << info.depth;
  if (info.seldepth > 0) s << " seldepth " << info.seldepth;
  s << " multipv " << info.multipv << " score " << info.score.uci_text();
  if (info.lowerbound) s << " lowerbound";
  if (info.upperbound) s << " upperbound";
  if (info.wdl) s << " wdl " << (*info.wdl)[0] << ' ' << (*info.wdl)[1] << ' ' << (*info.wdl)[2];
  s << " nodes " << info.nodes;
  if (info.time_ms >= 0) {
    s << " nps " << info.nodes * 1000 / uint64_t(std::max<int64_t>(info.time_ms, 1));
  }
  if (info.hashfull >= 0) s << " hashfull " << info.hashfull;
  if (info.tbhits >= 0) s << " tbhits " << info.tbhits;
  if (info.time_ms >= 0) s << " time " << info.time_ms;
  s << " pv";
  for (const std::string& a : info.pv)
    s << ' ' << uci_dialect::move_to_theirs(*family_, dialect_, a);
  if (!info.text.empty()) s << "\ninfo string " << info.text;
  send(s.str());
}

void UciProtocol::on_done(const game::Answer& answer) {
  for (const std::string& w : answer.warnings) error(w);
  if (answer.action.empty()) {
    // The game is over here: say how it stands, and that there is no move.
    send("info depth 0 score " + answer.score.uci_text());
    send("bestmove 0000");
    return;
  }
  send("bestmove " + uci_dialect::move_to_theirs(*family_, dialect_, answer.action) +
       (answer.ponder.empty()
            ? ""
            : " ponder " + uci_dialect::move_to_theirs(*family_, dialect_, answer.ponder)));
}

void UciProtocol::cmd_setup(const std::vector<std::string>& args) {
  const std::optional<Side> side = args.empty()        ? std::nullopt
                                   : args[0] == "blue" ? std::optional<Side>(kBlue)
                                   : args[0] == "red"  ? std::optional<Side>(kRed)
                                                       : std::nullopt;
  if (!side) {
    error("setup: expected blue or red (the side whose animals the engine arranges)");
    return;
  }
  const std::string placement = engine_->choose_setup(*side);
  if (placement.empty()) {
    error("setup: Variant '" + variant_ + "' has no secret set-up to choose");
    return;
  }
  send("setup " + placement);
}

}  // namespace jungle
