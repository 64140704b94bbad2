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
// Clocks beyond this (about 31 years) are read as this, so that time
// planning's sums cannot overflow.
constexpr int64_t kMaxClockMs = 1'000'000'000'000;
// UCI_Elo runs from the Elo of Skill Level 0 to that of level 19 (level 20,
// full strength, is UCI_LimitStrength off); this is its default.
constexpr int kDefaultElo = 1500;

std::string join(const std::vector<std::string>& tokens, size_t begin, size_t end) {
  std::string s;
  for (size_t i = begin; i < end && i < tokens.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += tokens[i];
  }
  return s;
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

// perft(), ending early (with a count of no meaning) once `stop` is set.
uint64_t perft_until_stopped(Position& pos, int depth, const std::atomic<bool>& stop) {
  if (depth <= 1) return depth <= 0 ? 1 : uint64_t(count_moves(pos));
  uint64_t nodes = 0;
  for (Move m : generate_moves(pos)) {
    if (stop.load(std::memory_order_relaxed)) break;
    pos.do_move(m);
    nodes += perft_until_stopped(pos, depth - 1, stop);
    pos.undo_move();
  }
  return nodes;
}

// Engine::search, passing `stop` on to the engine while it runs.
SearchResult search_until_stopped(Engine& engine, const Position& pos, const SearchLimits& limits,
                                  const std::atomic<bool>& stop) {
  SearchResult result;
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false;
  engine.start(pos, limits, {}, [&](const SearchResult& r) {
    std::lock_guard<std::mutex> lock(mutex);
    result = r;
    done = true;
    cv.notify_one();
  });
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return done; })) {
      if (stop.load()) engine.stop();
    }
  }
  engine.wait();
  return result;
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
  engine_.wait();
  if (task_.joinable()) task_.join();
}

void UciProtocol::interrupt() {
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
    << "option name Skill Level type spin default " << skill_level_ << " min 0 max "
    << kMaxSkillLevel << "\n"
    << "option name UCI_LimitStrength type check default " << (limit_strength_ ? "true" : "false")
    << "\n"
    << "option name UCI_Elo type spin default " << elo_ << " min " << skill_level_elo(0) << " max "
    << skill_level_elo(kMaxSkillLevel - 1) << "\n"
    << "option name UCI_ShowWDL type check default " << (show_wdl_ ? "true" : "false") << "\n"
    << "option name Ponder type check default " << (ponder_ ? "true" : "false") << "\n"
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
  auto check = [&](std::string_view shown, bool& field) {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      error("setoption: " + std::string(shown) + " must be true or false, not '" + value + "'");
      return false;
    }
    field = v == "true";
    return true;
  };

  // Options are checked first, and a running search is stopped only to
  // change something, so that a mistyped option leaves it alone.
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
    if (spin("Skill Level", 0, kMaxSkillLevel, skill_level_)) apply_skill();
    return;
  } else if (name == "uci_limitstrength") {
    if (check("UCI_LimitStrength", limit_strength_)) apply_skill();
    return;
  } else if (name == "uci_elo") {
    if (spin("UCI_Elo", skill_level_elo(0), skill_level_elo(kMaxSkillLevel - 1), elo_))
      apply_skill();
    return;
  } else if (name == "uci_showwdl") {
    bool show = false;
    if (!check("UCI_ShowWDL", show)) return;
    interrupt();  // the search thread reads it
    show_wdl_ = show;
    return;
  } else if (name == "ponder") {
    check("Ponder", ponder_);
    return;
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
    interrupt();
    engine_.new_game();
    return;
  } else if (name == "variant") {
    if (value.empty()) {
      error("setoption: Variant needs a rule-set name or a .toml file");
      return;
    }
    try {
      RuleSetPtr rules = load_variant(value);
      interrupt();
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
  interrupt();
  try {
    engine_.set_options(next);
  } catch (const std::bad_alloc&) {
    if (next.hash_mb != options_.hash_mb) {
      error("setoption: Hash: cannot allocate " + std::to_string(next.hash_mb) +
            " MB; the table stays at " + std::to_string(options_.hash_mb) + " MB");
    } else {
      error("setoption: out of memory");
    }
    return;
  }
  options_ = next;
}

// UCI_LimitStrength hands the skill level to UCI_Elo; Skill Level 20 with it
// off is full strength.
void UciProtocol::apply_skill() {
  const int level = limit_strength_ ? skill_level_for_elo(elo_) : skill_level_;
  if (level == options_.skill_level) return;
  EngineOptions next = options_;
  next.skill_level = level;
  interrupt();
  engine_.set_options(next);
  options_ = next;
}

// Weights in the format `jungle tune` writes, read over the compiled-in ones
// of the current rule set's board and then used under every rule set, so
// that candidate weights can be matched without a rebuild. A bad file keeps
// the weights in use.
void UciProtocol::set_eval_file(const std::string& path) {
  if (path.empty() || path == kBuiltInEval) {
    interrupt();
    engine_.set_eval_params(std::nullopt);
    eval_file_ = kBuiltInEval;
    return;
  }
  // Only a small regular file is read: a FIFO or /dev/zero must not hang the engine.
  try {
    EvalParams params = load_eval_params_file(path, default_eval_params(*engine_.rules()));
    interrupt();
    engine_.set_eval_params(std::move(params));
    eval_file_ = path;
  } catch (const FileReadError& e) {
    error("setoption: Eval File: cannot read '" + path + "': " + e.reason());
  } catch (const std::exception& e) {
    error("setoption: Eval File '" + path + "': " + e.what());
  }
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
    const std::optional<Move> move = parse_coordinates(text);
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
            (drawn ? "no piece of the side to move can go from " + square_name(from) + " to " +
                         square_name(to)
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
          const std::optional<Move> coordinates = parse_coordinates(text);
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
  if (show_wdl_) {
    const Wdl wdl = wdl_of_score(info.score);
    s << " wdl " << wdl.win << ' ' << wdl.draw << ' ' << wdl.loss;
  }
  s << " nodes " << info.nodes << " nps "
    << info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1)) << " hashfull " << info.hashfull
    << " time " << time << " pv";
  for (Move m : info.pv) s << ' ' << move_text(m);
  send(s.str());
}

void UciProtocol::on_done(const Position& root, const SearchResult& result) {
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
  std::string line = "bestmove " + move_text(best);
  if (!result.ponder.is_none() && best == result.best) {
    Position after = root;
    after.do_move(best);
    if (generate_moves_past_draws(after).contains(result.ponder))
      line += " ponder " + move_text(result.ponder);
  }
  send(line);
}

void UciProtocol::cmd_perft(int depth) {
  task_stop_ = false;
  task_ = std::thread([this, depth, pos = pos_]() mutable {
    uint64_t total = 0;
    std::string text;
    for (Move m : generate_moves(pos)) {
      pos.do_move(m);
      const uint64_t count = perft_until_stopped(pos, depth - 1, task_stop_);
      pos.undo_move();
      if (task_stop_) {
        send("info string perft stopped");
        return;
      }
      text += move_text(m) + ": " + std::to_string(count) + "\n";
      total += count;
    }
    text += "\nNodes searched: " + std::to_string(total);
    send(text);
  });
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
  interrupt();
  task_stop_ = false;
  task_ = std::thread([this, depth] {
    const BenchResult r = run_bench(
        depth, [this](const std::string& line) { send(line); }, &task_stop_);
    if (r.stopped) send("info string bench stopped");
  });
}

BenchResult run_bench(int depth, const std::function<void(const std::string&)>& write_line,
                      const std::atomic<bool>* stop) {
  Engine engine;
  EngineOptions options;
  options.hash_mb = kBenchHashMb;
  options.threads = 1;
  options.seed = 1;
  engine.set_options(options);

  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  std::string_view variant = "standard";
  for (const BenchPosition& bench : kBenchPositions) {
    ++index;
    if (bench.variant != variant) {
      variant = bench.variant;
      engine.set_rules(load_variant(variant));
    }
    engine.new_game();
    const Position pos = Position::from_fen(bench.fen, engine.rules());
    SearchLimits limits;
    limits.depth = depth;
    const SearchResult r =
        stop ? search_until_stopped(engine, pos, limits, *stop) : engine.search(pos, limits);
    if (stop && *stop) {
      total.stopped = true;
      return total;
    }
    total.nodes += r.nodes;
    write_line("Position " + std::to_string(index) + "/" + std::to_string(kBenchPositions.size()) +
               ": bestmove " + move_text(r.best) + " score " + score_text(r.score) + " nodes " +
               std::to_string(r.nodes) + "  " + std::string(bench.fen) +
               (bench.variant == "standard" ? "" : " (" + std::string(bench.variant) + ")"));
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

namespace jungle {

namespace {

// The Elo of Skill Levels 0..19 (level 20 is full strength, not a UCI_Elo):
// level 0 is set at 1000 and the rest follow from 40-game matches between
// levels 4 apart at 20 ms a move, interpolated between the levels measured
// (docs/engine.md). Provisional: the error bars are 60-300 Elo per step.
constexpr int kSkillElo[kMaxSkillLevel] = {1000, 1109, 1218, 1327, 1436, 1484, 1532,
                                           1580, 1627, 1669, 1711, 1754, 1796, 1822,
                                           1849, 1876, 1903, 1933, 1962, 1992};

}  // namespace

int skill_level_elo(int level) {
  return kSkillElo[std::clamp(level, 0, kMaxSkillLevel - 1)];
}

int skill_level_for_elo(int elo) {
  int best = 0;
  for (int level = 1; level < kMaxSkillLevel; ++level) {
    if (std::abs(kSkillElo[level] - elo) < std::abs(kSkillElo[best] - elo)) best = level;
  }
  return best;
}

Wdl wdl_of_score(int score) {
  if (score >= kMateBound) return {1000, 0, 0};
  if (score <= -kMateBound) return {0, 0, 1000};
  // A logistic model: a win needs the score to beat a draw margin, a loss
  // the same the other way; what is left draws. The scale matches the
  // tuning data's K = 0.21 (expected score 1 / (1 + 10^(-0.21 s / 400)),
  // docs/tuning.md) and the margin gives 30% draws at 0 (26.5% of the
  // self-play games were drawn).
  constexpr double kScale = 752, kMargin = 466;
  auto sigmoid = [](double x) { return 1 / (1 + std::exp(-x)); };
  const int win = int(std::lround(1000 * sigmoid((score - kMargin) / kScale)));
  const int loss = int(std::lround(1000 * sigmoid((-score - kMargin) / kScale)));
  return {win, 1000 - win - loss, loss};
}

}  // namespace jungle
