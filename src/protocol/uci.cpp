#include "protocol/uci.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/variants.h"
#include "search/bench_positions.h"

namespace jungle {

namespace {

// Limits of the spin options, as `uci` announces them.
constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 256;
constexpr int kMaxMultiPv = 64;
constexpr int kMaxMoveOverheadMs = 5000;
constexpr int kMaxSkillLevel = 20;
constexpr int kMaxContempt = 200;
constexpr int kMaxBaselineDepth = 64;
constexpr int kMaxSeed = 2147483647;
constexpr int kMaxPerftDepth = 32;
constexpr int kBenchHashMb = 16;

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) tokens.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return tokens;
}

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string join(const std::vector<std::string>& tokens, size_t begin, size_t end) {
  std::string s;
  for (size_t i = begin; i < end && i < tokens.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += tokens[i];
  }
  return s;
}

// Whole-token integer parse; false on anything else, including overflow.
template <class Int>
bool parse_int(std::string_view text, Int& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end;
}

std::string mode_name(EngineMode mode) {
  switch (mode) {
    case EngineMode::kRandom:
      return "random";
    case EngineMode::kMaterial:
      return "material";
    case EngineMode::kFull:
      break;
  }
  return "full";
}

std::string variant_error_text(const VariantError& e) {
  std::string text;
  for (const VariantIssue& issue : e.issues()) {
    if (!text.empty()) text += "; ";
    text += issue.to_string();
  }
  return text.empty() ? e.what() : text;
}

bool is_go_keyword(std::string_view token) {
  static constexpr std::string_view kKeywords[] = {"depth", "nodes",     "movetime", "wtime",
                                                   "btime", "winc",      "binc",     "mate",
                                                   "perft", "movestogo", "infinite", "ponder"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), token) != std::end(kKeywords);
}

}  // namespace

UciProtocol::UciProtocol(std::istream& in, std::ostream& out)
    : in_(in), out_(out), pos_(engine_.rules()) {
  options_ = engine_.options();
}

UciProtocol::~UciProtocol() {
  engine_.stop();
  engine_.wait();
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
  engine_.stop();
  engine_.wait();
  return 0;
}

void UciProtocol::wait_for_search() {
  engine_.wait();
}

bool UciProtocol::engine_idle(std::string_view command) {
  if (!engine_.searching()) return true;
  if (stop_requested_ || search_bounded_) {
    engine_.wait();
    return true;
  }
  error(std::string(command) + " is not possible during a search without limits; send stop first");
  return false;
}

bool UciProtocol::execute(std::string_view line) {
  const std::vector<std::string> tokens = split(line);
  if (tokens.empty()) return true;
  const std::string& cmd = tokens[0];
  const std::vector<std::string> args(tokens.begin() + 1, tokens.end());

  if (cmd == "quit") {
    engine_.stop();
    engine_.wait();
    return false;
  }
  if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "setoption") {
    if (engine_idle("setoption")) cmd_setoption(args);
  } else if (cmd == "ucinewgame") {
    if (engine_idle("ucinewgame")) engine_.new_game();
  } else if (cmd == "position") {
    cmd_position(args);
  } else if (cmd == "go") {
    if (engine_idle("go")) cmd_go(args);
  } else if (cmd == "stop" || cmd == "ponderhit") {
    // `go ponder` searches like `go infinite`, so a ponder hit answers at once.
    stop_requested_ = true;
    engine_.stop();
  } else if (cmd == "d") {
    cmd_display();
  } else if (cmd == "eval") {
    send(engine_.eval_trace(pos_));
  } else if (cmd == "bench") {
    if (engine_idle("bench")) cmd_bench(args);
  } else if (cmd == "debug" || cmd == "register") {
    // Standard commands without meaning here.
  } else if (cmd == "help") {
    send(
        "commands: uci, isready, setoption name N value V, ucinewgame,\n"
        "  position startpos|fen FEN [moves M...], go [depth|nodes|movetime|wtime|btime|winc|\n"
        "  binc|movestogo N] [infinite] [mate N] [searchmoves M...] [perft N], stop, quit,\n"
        "  d (board, FEN, key, legal moves), eval, bench [depth]");
  } else {
    error("unknown command '" + join(tokens, 0, tokens.size()) + "'");
  }
  return true;
}

void UciProtocol::cmd_uci() {
  std::ostringstream s;
  s << "id name jungle\n"
    << "id author the jungle authors\n"
    << "option name Hash type spin default " << options_.hash_mb << " min 1 max " << kMaxHashMb
    << "\n"
    << "option name Threads type spin default " << options_.threads << " min 1 max " << kMaxThreads
    << "\n"
    << "option name MultiPV type spin default " << options_.multipv << " min 1 max " << kMaxMultiPv
    << "\n"
    << "option name Move Overhead type spin default " << options_.move_overhead_ms << " min 0 max "
    << kMaxMoveOverheadMs << "\n"
    << "option name Skill Level type spin default " << options_.skill_level << " min 0 max "
    << kMaxSkillLevel << "\n"
    << "option name Contempt type spin default " << options_.contempt << " min " << -kMaxContempt
    << " max " << kMaxContempt << "\n"
    << "option name Mode type combo default " << mode_name(options_.mode)
    << " var full var random var material\n"
    << "option name Baseline Depth type spin default " << options_.baseline_depth << " min 1 max "
    << kMaxBaselineDepth << "\n"
    << "option name Seed type spin default " << options_.seed << " min 0 max " << kMaxSeed << "\n"
    << "option name Variant type string default " << variant_ << "\n"
    << "option name Eval File type string default " << eval_file_ << "\n"
    << "option name Clear Hash type button\n"
    << "uciok";
  send(s.str());
}

void UciProtocol::cmd_setoption(const std::vector<std::string>& args) {
  // setoption name <words...> [value <words...>]
  auto value_at = std::find(args.begin(), args.end(), "value");
  if (args.empty() || args[0] != "name" || args.size() < 2 || value_at == args.begin() + 1) {
    error("setoption: expected 'setoption name <option> value <value>'");
    return;
  }
  const size_t value_index = size_t(value_at - args.begin());
  const std::string name = lower(join(args, 1, value_index));
  const std::string value = value_at == args.end() ? "" : join(args, value_index + 1, args.size());

  auto spin = [&](std::string_view shown, int min, int max, auto& field) {
    int64_t v = 0;
    if (!parse_int(value, v) || v < min || v > max) {
      error("setoption: " + std::string(shown) + " must be an integer from " + std::to_string(min) +
            " to " + std::to_string(max) + ", not '" + value + "'");
      return false;
    }
    field = static_cast<std::remove_reference_t<decltype(field)>>(v);
    return true;
  };

  EngineOptions next = options_;
  bool ok = false;
  if (name == "hash") {
    ok = spin("Hash", 1, kMaxHashMb, next.hash_mb);
  } else if (name == "threads") {
    ok = spin("Threads", 1, kMaxThreads, next.threads);
  } else if (name == "multipv") {
    ok = spin("MultiPV", 1, kMaxMultiPv, next.multipv);
  } else if (name == "move overhead") {
    ok = spin("Move Overhead", 0, kMaxMoveOverheadMs, next.move_overhead_ms);
  } else if (name == "skill level") {
    ok = spin("Skill Level", 0, kMaxSkillLevel, next.skill_level);
  } else if (name == "contempt") {
    ok = spin("Contempt", -kMaxContempt, kMaxContempt, next.contempt);
  } else if (name == "baseline depth") {
    ok = spin("Baseline Depth", 1, kMaxBaselineDepth, next.baseline_depth);
  } else if (name == "seed") {
    ok = spin("Seed", 0, kMaxSeed, next.seed);
  } else if (name == "mode") {
    const std::string v = lower(value);
    if (v == "full") {
      next.mode = EngineMode::kFull;
    } else if (v == "random") {
      next.mode = EngineMode::kRandom;
    } else if (v == "material") {
      next.mode = EngineMode::kMaterial;
    } else {
      error("setoption: Mode must be full, random or material, not '" + value + "'");
      return;
    }
    ok = true;
  } else if (name == "clear hash") {
    engine_.new_game();
    return;
  } else if (name == "variant") {
    if (value.empty()) {
      error("setoption: Variant needs a rule-set name or a .toml file");
      return;
    }
    try {
      RuleSetPtr rules = load_variant(value);
      engine_.set_rules(rules);
      pos_ = Position(rules);
      variant_ = value;
    } catch (const VariantError& e) {
      error("setoption: Variant '" + value + "': " + variant_error_text(e));
    } catch (const std::exception& e) {
      error("setoption: Variant '" + value + "': " + e.what());
    }
    return;
  } else if (name == "eval file") {
    set_eval_file(value);
    return;
  } else {
    error("setoption: unknown option '" + join(args, 1, value_index) + "'");
    return;
  }
  if (!ok) return;
  options_ = next;
  engine_.set_options(options_);
}

// Weights in the format `jungle tune` writes, read over the compiled-in ones
// of the current rule set's board and then used under every rule set, so
// that candidate weights can be matched without a rebuild. A bad file keeps
// the weights in use.
void UciProtocol::set_eval_file(const std::string& path) {
  if (path.empty() || path == kBuiltInEval) {
    engine_.set_eval_params(std::nullopt);
    eval_file_ = kBuiltInEval;
    return;
  }
  std::ifstream in(path);
  if (!in) {
    error("setoption: Eval File: cannot read '" + path + "'");
    return;
  }
  std::ostringstream text;
  text << in.rdbuf();
  try {
    engine_.set_eval_params(parse_eval_params(text.str(), default_eval_params(*engine_.rules())));
    eval_file_ = path;
  } catch (const std::exception& e) {
    error("setoption: Eval File '" + path + "': " + e.what());
  }
}

void UciProtocol::cmd_position(const std::vector<std::string>& args) {
  const RuleSetPtr& rules = engine_.rules();
  size_t i = 0;
  Position next(rules);
  if (!args.empty() && args[0] == "startpos") {
    i = 1;
  } else if (!args.empty() && args[0] == "fen") {
    auto moves_at = std::find(args.begin(), args.end(), "moves");
    i = size_t(moves_at - args.begin());
    const std::string fen = join(args, 1, i);
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
    const Square from = text.size() == 4 ? parse_square(text.substr(0, 2)) : kNoSquare;
    const Square to = text.size() == 4 ? parse_square(text.substr(2, 2)) : kNoSquare;
    if (from == kNoSquare || to == kNoSquare) {
      error(prefix + " is not a move: expected a from-square and a to-square, like a3a4");
      return;
    }
    if (!is_legal(next, Move(from, to))) {
      error(prefix + " is illegal: " + explain_illegal(next, from, to));
      return;
    }
    next.do_move(Move(from, to));
  }
  pos_ = std::move(next);
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
      error("go: " + key + " must be from 1 to " + std::to_string(max) + ", not " +
            std::to_string(v));
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
      if (key[1] == 't') {
        limits.time_ms[side] = std::max<int64_t>(v, 0);
      } else {
        limits.inc_ms[side] = std::max<int64_t>(v, 0);
      }
    }
  }
  if (perft_depth > 0) {
    cmd_perft(perft_depth);
    return;
  }
  stop_requested_ = false;
  search_bounded_ = !limits.infinite && (limits.depth || limits.nodes || limits.movetime_ms ||
                                         limits.time_ms[pos_.side_to_move()] >= 0);
  const Position root = pos_;
  engine_.start(
      root, limits, [this](const SearchInfo& info) { on_info(info); },
      [this, root](const SearchResult& result) { on_done(root, result); });
}

void UciProtocol::on_info(const SearchInfo& info) {
  const int64_t time = info.time_ms;
  std::ostringstream s;
  s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv
    << " score " << score_text(info.score);
  if (info.bound == kBoundLower) s << " lowerbound";
  if (info.bound == kBoundUpper) s << " upperbound";
  s << " nodes " << info.nodes << " nps "
    << info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1)) << " hashfull " << info.hashfull
    << " time " << time << " pv";
  for (Move m : info.pv) s << ' ' << move_text(m);
  send(s.str());
}

void UciProtocol::on_done(const Position& root, const SearchResult& result) {
  const MoveList legal = generate_moves(root);
  if (legal.empty()) {
    // The game is over here: tell the GUI why there is no move.
    const GameResult r = game_result(root);
    const bool drawn = r == GameResult::kDraw || r == GameResult::kOngoing;
    send(drawn ? "info depth 0 score cp 0" : "info depth 0 score mate 0");
    send("bestmove 0000");
    return;
  }
  const Move best = legal.contains(result.best) ? result.best : legal[0];
  std::string line = "bestmove " + move_text(best);
  if (!result.ponder.is_none() && best == result.best) {
    Position after = root;
    after.do_move(best);
    if (is_legal(after, result.ponder)) line += " ponder " + move_text(result.ponder);
  }
  send(line);
}

void UciProtocol::cmd_perft(int depth) {
  Position pos = pos_;
  uint64_t total = 0;
  std::string text;
  for (const auto& [m, count] : perft_divide(pos, depth)) {
    text += move_text(m) + ": " + std::to_string(count) + "\n";
    total += count;
  }
  text += "\nNodes searched: " + std::to_string(total);
  send(text);
}

void UciProtocol::cmd_display() {
  std::ostringstream s;
  s << pos_.diagram();
  if (s.str().empty() || s.str().back() != '\n') s << '\n';
  char key[32];
  std::snprintf(key, sizeof key, "%016" PRIx64, pos_.key());
  s << "Fen: " << pos_.fen() << "\n"
    << "Key: " << key << "\n"
    << "Side to move: " << (pos_.side_to_move() == kBlue ? "Blue" : "Red") << "\n";
  Termination why = Termination::kNone;
  const GameResult r = game_result(pos_, &why);
  if (r != GameResult::kOngoing) {
    s << "Result: "
      << (r == GameResult::kBlueWins  ? "Blue wins"
          : r == GameResult::kRedWins ? "Red wins"
                                      : "draw")
      << " (" << termination_name(why) << ")\n";
  }
  const MoveList moves = generate_moves(pos_);
  s << "Legal moves (" << moves.size() << "):";
  for (Move m : moves) s << ' ' << move_text(m);
  send(s.str());
}

void UciProtocol::cmd_bench(const std::vector<std::string>& args) {
  int depth = kDefaultBenchDepth;
  if (!args.empty() && (!parse_int(args[0], depth) || depth < 1 || depth >= kMaxPly)) {
    error("bench: depth must be an integer from 1 to " + std::to_string(kMaxPly - 1) + ", not '" +
          args[0] + "'");
    return;
  }
  run_bench(depth, [this](const std::string& line) { send(line); });
}

BenchResult run_bench(int depth, const std::function<void(const std::string&)>& write_line) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = kBenchHashMb;
  options.threads = 1;
  options.seed = 1;
  engine.set_options(options);

  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (std::string_view fen : kBenchPositions) {
    ++index;
    engine.new_game();
    const Position pos = Position::from_fen(fen);
    SearchLimits limits;
    limits.depth = depth;
    const SearchResult r = engine.search(pos, limits);
    total.nodes += r.nodes;
    write_line("Position " + std::to_string(index) + "/" + std::to_string(kBenchPositions.size()) +
               ": bestmove " + move_text(r.best) + " score " + score_text(r.score) + " nodes " +
               std::to_string(r.nodes) + "  " + std::string(fen));
  }
  total.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  write_line("Total time (ms): " + std::to_string(total.time_ms));
  write_line("Nodes searched: " + std::to_string(total.nodes));
  write_line("Nodes/second: " +
             std::to_string(total.nodes * 1000 / uint64_t(std::max<int64_t>(total.time_ms, 1))));
  return total;
}

}  // namespace jungle
