#include "match/match_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"
#include "match/engine_process.h"

namespace jungle::match {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long an engine that overstepped its time gets to answer `stop` before
// it is considered hung and killed.
constexpr int64_t kStopGraceMs = 1000;

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - t).count();
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string first_word(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::string w;
  in >> w;
  return w;
}

// The score an engine gave for the move it chose, from its own side's view.
struct ScoreReport {
  bool valid = false;
  bool mate = false;
  int value = 0;  // centipawns, or moves to mate (negative: being mated)
  int depth = 0;
};

void parse_info(std::string_view line, ScoreReport& report) {
  const std::vector<std::string> w = words(line);
  ScoreReport r = report;
  for (size_t i = 1; i < w.size(); ++i) {
    try {
      if (w[i] == "multipv" && i + 1 < w.size() && w[i + 1] != "1") return;  // not the best line
      if (w[i] == "depth" && i + 1 < w.size()) r.depth = std::stoi(w[++i]);
      if (w[i] == "score" && i + 2 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) {
        r.valid = true;
        r.mate = w[i + 1] == "mate";
        r.value = std::stoi(w[i + 2]);
        i += 2;
      }
      if (w[i] == "pv" || w[i] == "string") break;
    } catch (const std::exception&) {
      return;  // a malformed number: keep what was known
    }
  }
  report = r;
}

std::string format_seconds(int64_t ms) {
  char buf[32];
  if (ms % 1000 == 0) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(ms / 1000));
  } else {
    std::snprintf(buf, sizeof buf, "%g", double(ms) / 1000);
  }
  return buf;
}

int64_t parse_seconds(std::string_view text) {
  size_t used = 0;
  const std::string s(text);
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty() || v < 0 || !std::isfinite(v))
    throw std::invalid_argument("not a number of seconds: '" + s + "'");
  return int64_t(std::llround(v * 1000));
}

std::string today() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

// "[%eval 0.35/12] [%emt 0.101]" as docs/records.md writes it: the score
// from Blue's side, the depth, then the time the move took in seconds.
std::string eval_comment(const ScoreReport& s, Side mover, int64_t ms) {
  char buf[96];
  std::string c;
  if (s.valid)
    c = jungle::eval_comment({mover == kBlue ? s.value : -s.value, s.mate, s.depth}) + " ";
  std::snprintf(buf, sizeof buf, "[%%emt %.3f]", double(ms) / 1000);
  return c + buf;
}

std::string side_name(Side s) {
  return s == kBlue ? "Blue" : "Red";
}

GameResult win_for(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}

}  // namespace

std::string_view incident_name(Incident i) {
  switch (i) {
    case Incident::kCrash:
      return "crash";
    case Incident::kTimeLoss:
      return "time loss";
    case Incident::kNoResponse:
      return "no response";
    case Incident::kIllegalMove:
      return "illegal move";
    case Incident::kStartFailure:
      return "start failure";
    case Incident::kNone:
      break;
  }
  return "none";
}

EngineSpec parse_engine_spec(std::string_view text) {
  EngineSpec spec;
  for (const std::string& word : split_command_line(text)) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("engine setting '" + word + "' is not KEY=VALUE");
    const std::string key = word.substr(0, eq);
    const std::string value = word.substr(eq + 1);
    if (key == "cmd") {
      spec.command = value;
    } else if (key == "name") {
      spec.name = value;
    } else if (key == "stderr") {
      spec.stderr_path = value;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else {
      throw std::invalid_argument("unknown engine setting '" + key +
                                  "' (known: cmd, name, option.NAME, stderr)");
    }
  }
  if (spec.command.empty()) throw std::invalid_argument("engine needs cmd=COMMAND");
  if (split_command_line(spec.command).empty())
    throw std::invalid_argument("engine command is empty");
  if (spec.name.empty()) {
    spec.name = std::filesystem::path(split_command_line(spec.command)[0]).filename().string();
  }
  return spec;
}

TimeControl parse_clock(std::string_view text) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::kClock;
  std::string_view rest = text;
  const size_t slash = rest.find('/');
  if (slash != std::string_view::npos) {
    const std::string moves(rest.substr(0, slash));
    try {
      size_t used = 0;
      tc.moves = std::stoi(moves, &used);
      if (used != moves.size() || tc.moves <= 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::invalid_argument("time control '" + std::string(text) +
                                  "': moves before '/' must be a positive whole number");
    }
    rest.remove_prefix(slash + 1);
  }
  const size_t plus = rest.find('+');
  try {
    tc.time_ms = parse_seconds(rest.substr(0, plus));
    if (plus != std::string_view::npos) tc.inc_ms = parse_seconds(rest.substr(plus + 1));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("time control '" + std::string(text) + "': " + e.what() +
                                " (write e.g. 10+0.1 or 40/60+0.5)");
  }
  if (tc.time_ms <= 0 && tc.inc_ms <= 0)
    throw std::invalid_argument("time control '" + std::string(text) + "' gives no time");
  return tc;
}

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kClock: {
      std::string t = moves > 0 ? std::to_string(moves) + "/" : "";
      t += format_seconds(time_ms);
      if (inc_ms > 0) t += "+" + format_seconds(inc_ms);
      return t;
    }
    case Kind::kMoveTime:
      return "movetime " + std::to_string(movetime_ms);
    case Kind::kNodes:
      return "nodes " + std::to_string(nodes);
    case Kind::kDepth:
      return "depth " + std::to_string(depth);
  }
  return "";
}

double GameOutcome::first_engine_points() const {
  if (result == GameResult::kDraw || result == GameResult::kOngoing) return 0.5;
  const Side winner = result == GameResult::kBlueWins ? kBlue : kRed;
  const int winning_engine = winner == kBlue ? blue_engine : 1 - blue_engine;
  return winning_engine == 0 ? 1.0 : 0.0;
}

// An engine process with what the runner knows about it.
struct MatchRunner::Player {
  int index = 0;
  const EngineSpec* spec = nullptr;
  EngineProcess proc;
  bool ready = false;  // handshake done and options sent
  std::vector<std::string> option_names;

  // Reads lines until one starting with `token`, feeding `info` lines to `score`.
  EngineProcess::ReadResult wait_for(std::string_view token, int64_t timeout_ms,
                                     std::string* found = nullptr, ScoreReport* score = nullptr) {
    const auto start = Clock::now();
    std::string line;
    for (;;) {
      const int64_t left = timeout_ms - ms_since(start);
      if (left <= 0) return EngineProcess::ReadResult::kTimeout;
      const auto r = proc.read_line(line, milliseconds(left));
      if (r != EngineProcess::ReadResult::kLine) return r;
      const std::string w = first_word(line);
      if (w == "option" && !ready) {
        // "option name Move Overhead type spin ...": the name runs up to "type".
        const std::vector<std::string> ws = words(line);
        std::string name;
        for (size_t i = 2; i < ws.size() && ws[i] != "type"; ++i)
          name += (name.empty() ? "" : " ") + ws[i];
        option_names.push_back(name);
      }
      if (w == "info" && score) parse_info(line, *score);
      if (w == token) {
        if (found) *found = line;
        return r;
      }
    }
  }

  bool fail(Incident kind, const std::string& why, Incident* incident, std::string* reason) {
    *incident = kind;
    *reason = why;
    proc.kill();
    ready = false;
    return false;
  }

  // Starts the engine if needed and brings it to a new game.
  bool prepare(const MatchConfig& config, const std::string& variant_value, Incident* incident,
               std::string* reason) {
    const int64_t timeout = config.handshake_timeout_ms;
    const std::string& name = spec->name;
    if (!ready || !proc.running()) {
      proc.kill();
      option_names.clear();
      std::string error;
      if (!proc.start(split_command_line(spec->command), &error, spec->stderr_path))
        return fail(Incident::kStartFailure, name + ": " + error, incident, reason);
      proc.write_line("uci");
      switch (wait_for("uciok", timeout)) {
        case EngineProcess::ReadResult::kEof:
          return fail(Incident::kCrash,
                      name + " ended during the handshake (" + proc.exit_description() + ")",
                      incident, reason);
        case EngineProcess::ReadResult::kTimeout:
          return fail(Incident::kNoResponse,
                      name + " did not answer 'uci' within " + std::to_string(timeout) + " ms",
                      incident, reason);
        case EngineProcess::ReadResult::kLine:
          break;
      }
      auto has = [&](std::string_view option) {
        return std::find(option_names.begin(), option_names.end(), option) != option_names.end();
      };
      for (const auto& [option, value] : spec->options) {
        if (!has(option))
          return fail(Incident::kStartFailure, name + " has no option '" + option + "'", incident,
                      reason);
        proc.write_line("setoption name " + option + " value " + value);
      }
      if (has("Variant")) {
        proc.write_line("setoption name Variant value " + variant_value);
      } else if (config.variant != "standard") {
        return fail(Incident::kStartFailure,
                    name + " has no Variant option, needed to play " + config.variant, incident,
                    reason);
      }
      ready = true;
    }
    proc.write_line("ucinewgame");
    proc.write_line("isready");
    switch (wait_for("readyok", timeout)) {
      case EngineProcess::ReadResult::kEof:
        return fail(Incident::kCrash, name + " crashed (" + proc.exit_description() + ")", incident,
                    reason);
      case EngineProcess::ReadResult::kTimeout:
        return fail(Incident::kNoResponse,
                    name + " did not answer 'isready' within " + std::to_string(timeout) + " ms",
                    incident, reason);
      case EngineProcess::ReadResult::kLine:
        break;
    }
    return true;
  }
};

struct MatchRunner::Shared {
  std::mutex mutex;
  std::atomic<int> next_game{0};
  MatchResult result;
  std::vector<int> pair_first;  // per pair: -1, or engine 0's points * 2 in its first game
  std::optional<Sprt> sprt;
  std::ofstream records;
  RuleSetPtr rules;
  std::string variant_value;
  const GameCallback* on_game = nullptr;
};

MatchRunner::MatchRunner(MatchConfig config) : config_(std::move(config)) {}

MatchResult MatchRunner::run(const GameCallback& on_game) {
  Shared shared;
  shared.on_game = on_game ? &on_game : nullptr;
  try {
    shared.rules = load_variant(config_.variant);
  } catch (const VariantError& e) {
    shared.result.error = e.issues().empty() ? "bad variant" : e.issues()[0].to_string();
    return shared.result;
  }
  const std::filesystem::path variant_path(config_.variant);
  const std::vector<std::string> shipped = builtin_variant_names();
  shared.variant_value = std::find(shipped.begin(), shipped.end(), config_.variant) != shipped.end()
                             ? config_.variant
                             : std::filesystem::absolute(variant_path).string();
  for (size_t i = 0; i < config_.openings.size(); ++i) {
    try {
      if (game_result(Position::from_fen(config_.openings[i], shared.rules)) !=
          GameResult::kOngoing)
        throw FenError("the game is already over");
    } catch (const FenError& e) {
      shared.result.error =
          "opening " + std::to_string(i + 1) + " (" + config_.openings[i] + "): " + e.what();
      return shared.result;
    }
  }
  for (const EngineSpec& spec : config_.engines) {
    try {
      if (split_command_line(spec.command).empty())
        throw std::invalid_argument("engine " + spec.name + " has no command");
    } catch (const std::invalid_argument& e) {
      shared.result.error = e.what();
      return shared.result;
    }
  }
  // Each engine must come up once before any game is played: a misspelt
  // command or option is a mistake in the match, not a forfeit by the engine.
  for (int e = 0; e < 2; ++e) {
    Player probe;
    probe.index = e;
    probe.spec = &config_.engines[e];
    Incident incident = Incident::kNone;
    std::string reason;
    if (!probe.prepare(config_, shared.variant_value, &incident, &reason)) {
      shared.result.error = "engine " + config_.engines[e].name + " cannot play: " + reason;
      return shared.result;
    }
    probe.proc.stop();
  }
  if (!config_.record_path.empty()) {
    shared.records.open(config_.record_path, std::ios::app);
    if (!shared.records) {
      shared.result.error = "cannot write " + config_.record_path;
      return shared.result;
    }
  }
  if (config_.sprt) shared.sprt.emplace(*config_.sprt);
  shared.pair_first.assign(size_t(config_.games + 1) / 2, -1);

  const int threads = std::clamp(config_.concurrency, 1, std::max(1, config_.games));
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) workers.emplace_back([&] { worker(shared); });
  for (std::thread& t : workers) t.join();
  return shared.result;
}

void MatchRunner::worker(Shared& shared) {
  std::array<Player, 2> players;
  for (int e = 0; e < 2; ++e) {
    players[e].index = e;
    players[e].spec = &config_.engines[e];
  }
  for (;;) {
    if (stop_) break;
    const int index = shared.next_game++;
    if (index >= config_.games) break;
    GameRecord record;
    GameOutcome out = play_game(index, players, shared, record);
    std::lock_guard<std::mutex> lock(shared.mutex);
    record_outcome(out, record, shared);
  }
  for (Player& p : players) p.proc.stop();
}

GameOutcome MatchRunner::play_game(int index, std::array<Player, 2>& players, const Shared& shared,
                                   GameRecord& record) {
  GameOutcome out;
  out.index = index;
  out.blue_engine = index % 2;
  const int pair = index / 2;
  std::string start_fen;
  if (!config_.openings.empty()) {
    out.opening = int(size_t(pair) % config_.openings.size());
    start_fen = config_.openings[size_t(out.opening)];
  }
  Game game(
      start_fen.empty() ? Position(shared.rules) : Position::from_fen(start_fen, shared.rules),
      config_.variant);
  const Position& pos = game.position();
  const std::array<const std::string*, 2> names = {&config_.engines[0].name,
                                                   &config_.engines[1].name};
  auto engine_of = [&](Side s) { return s == kBlue ? out.blue_engine : 1 - out.blue_engine; };
  auto side_of_engine = [&](int e) { return e == out.blue_engine ? kBlue : kRed; };

  record.set_tag("Event", config_.event);
  record.set_tag("Date", today());
  record.set_tag("Blue", *names[size_t(out.blue_engine)]);
  record.set_tag("Red", *names[size_t(1 - out.blue_engine)]);
  record.set_tag("Variant", config_.variant);
  if (!start_fen.empty()) record.set_tag("FEN", game.start().fen());
  record.set_tag("Round", std::to_string(index + 1));
  record.set_tag("TimeControl", config_.tc.text());

  auto charge = [&](int e, Incident kind, const std::string& why) {
    out.incident = kind;
    out.offender = e;
    out.reason = why;
    out.result = win_for(opponent(side_of_engine(e)));
    out.termination = kind == Incident::kTimeLoss ? "time" : "abandoned";
  };

  // Both engines must be ready; one that is not loses the game unplayed.
  std::array<bool, 2> ok{};
  std::array<std::string, 2> why;
  std::array<Incident, 2> kinds{};
  for (int e = 0; e < 2; ++e)
    ok[e] = players[e].prepare(config_, shared.variant_value, &kinds[e], &why[e]);
  if (!ok[0] && !ok[1]) {
    out.aborted = true;
    out.reason = why[0] + "; " + why[1];
    return out;
  }
  std::string moves_text;
  std::array<int64_t, 2> clock = {config_.tc.time_ms, config_.tc.time_ms};  // by side
  std::array<int, 2> moves_made{};                                          // by side
  std::array<ScoreReport, 2> last{};                                        // by engine
  for (int e = 0; e < 2; ++e) {
    if (!ok[e]) charge(e, kinds[e], why[e]);
  }

  while (out.incident == Incident::kNone) {
    if (stop_) {
      out.aborted = true;
      break;
    }
    const GameResult r = game.result();
    if (r != GameResult::kOngoing) {
      out.result = r;
      out.termination = game.termination();
      out.reason =
          (r == GameResult::kDraw ? "drawn"
                                  : side_name(r == GameResult::kBlueWins ? kBlue : kRed) + " won") +
          std::string(" by rule: ") + out.termination;
      break;
    }
    const int mover_last = engine_of(opponent(pos.side_to_move()));
    const int other = 1 - mover_last;
    if (config_.adjudicate_mate && out.plies > 0 && last[mover_last].valid &&
        last[mover_last].mate && last[other].valid && last[other].mate &&
        (last[mover_last].value > 0) != (last[other].value > 0)) {
      const int winner = last[mover_last].value > 0 ? mover_last : other;
      out.result = win_for(side_of_engine(winner));
      out.termination = "resignation";
      out.reason = "adjudicated: both engines announce a forced win for " + *names[size_t(winner)];
      break;
    }
    if (config_.max_plies > 0 && out.plies >= config_.max_plies) {
      out.result = GameResult::kDraw;
      out.termination = "agreement";
      out.reason = "adjudicated a draw after " + std::to_string(out.plies) + " plies";
      break;
    }

    const Side side = pos.side_to_move();
    const int e = engine_of(side);
    Player& p = players[e];
    const std::string& name = *names[size_t(e)];
    p.proc.write_line((start_fen.empty() ? "position startpos" : "position fen " + start_fen) +
                      (moves_text.empty() ? "" : " moves" + moves_text));
    std::string go = "go";
    int64_t deadline_ms = config_.move_timeout_ms;
    switch (config_.tc.kind) {
      case TimeControl::Kind::kClock:
        go += " wtime " + std::to_string(std::max<int64_t>(clock[kBlue], 0)) + " btime " +
              std::to_string(std::max<int64_t>(clock[kRed], 0));
        if (config_.tc.inc_ms > 0) {
          go += " winc " + std::to_string(config_.tc.inc_ms) + " binc " +
                std::to_string(config_.tc.inc_ms);
        }
        if (config_.tc.moves > 0)
          go += " movestogo " +
                std::to_string(config_.tc.moves - moves_made[side] % config_.tc.moves);
        deadline_ms = std::max<int64_t>(clock[side], 0) + config_.time_margin_ms;
        break;
      case TimeControl::Kind::kMoveTime:
        go += " movetime " + std::to_string(config_.tc.movetime_ms);
        deadline_ms = config_.tc.movetime_ms + config_.time_margin_ms;
        break;
      case TimeControl::Kind::kNodes:
        go += " nodes " + std::to_string(config_.tc.nodes);
        break;
      case TimeControl::Kind::kDepth:
        go += " depth " + std::to_string(config_.tc.depth);
        break;
    }
    ScoreReport score;
    std::string answer;
    const auto started = Clock::now();
    p.proc.write_line(go);
    const auto read = p.wait_for("bestmove", deadline_ms, &answer, &score);
    const int64_t elapsed = ms_since(started);
    if (read == EngineProcess::ReadResult::kEof) {
      charge(e, Incident::kCrash, name + " crashed (" + p.proc.exit_description() + ")");
      p.proc.kill();
      p.ready = false;
      break;
    }
    const bool clocked = config_.tc.kind == TimeControl::Kind::kClock ||
                         config_.tc.kind == TimeControl::Kind::kMoveTime;
    if (read == EngineProcess::ReadResult::kTimeout) {
      if (clocked) {
        charge(e, Incident::kTimeLoss,
               name + " lost on time (no move after " + std::to_string(elapsed) + " ms)");
      } else {
        charge(e, Incident::kNoResponse,
               name + " did not move within " + std::to_string(deadline_ms) + " ms");
      }
      // A late answer would fall into the next game: resynchronise or kill.
      p.proc.write_line("stop");
      if (p.wait_for("bestmove", kStopGraceMs) != EngineProcess::ReadResult::kLine) {
        p.proc.kill();
        p.ready = false;
      }
      break;
    }
    if (config_.tc.kind == TimeControl::Kind::kClock) {
      clock[side] -= elapsed;
      if (clock[side] < -config_.time_margin_ms) {
        charge(e, Incident::kTimeLoss,
               name + " lost on time (" + std::to_string(-clock[side]) + " ms over)");
        break;
      }
      clock[side] = std::max<int64_t>(clock[side], 0) + config_.tc.inc_ms;
      ++moves_made[side];
      if (config_.tc.moves > 0 && moves_made[side] % config_.tc.moves == 0)
        clock[side] += config_.tc.time_ms;
    } else if (config_.tc.kind == TimeControl::Kind::kMoveTime &&
               elapsed > config_.tc.movetime_ms + config_.time_margin_ms) {
      charge(e, Incident::kTimeLoss,
             name + " lost on time (" + std::to_string(elapsed) + " ms for a " +
                 std::to_string(config_.tc.movetime_ms) + " ms move)");
      break;
    }
    const std::vector<std::string> aw = words(answer);
    const std::string text = aw.size() > 1 ? aw[1] : "";
    std::string illegal;
    const std::optional<Move> m = parse_move(pos, text, &illegal);
    if (!m) {
      charge(e, Incident::kIllegalMove,
             name + " played an illegal move '" + text + "' as " + side_name(side) + " at ply " +
                 std::to_string(out.plies + 1) + ": " + illegal);
      break;
    }
    game.play(*m, eval_comment(score, side, elapsed));
    moves_text += " " + move_text(*m);
    last[size_t(e)] = score;
    ++out.plies;
  }
  record.moves = game.moves();
  record.set_tag("Result", std::string(result_tag(out.result)));
  record.set_tag("Termination", out.termination);
  if (out.incident != Incident::kNone || out.termination == "resignation" ||
      out.termination == "agreement")
    record.set_tag("Reason", out.reason);
  return out;
}

void MatchRunner::record_outcome(const GameOutcome& out, const GameRecord& record, Shared& shared) {
  const int index = out.index;
  MatchResult& res = shared.result;
  if (out.incident != Incident::kNone) {
    res.incident_log.push_back("game " + std::to_string(index + 1) + ": " + out.reason +
                               (out.aborted ? " (not counted)" : ""));
  }
  if (out.aborted) return;
  ++res.games;
  const double points = out.first_engine_points();
  if (points == 1) ++res.wdl.wins;
  if (points == 0.5) ++res.wdl.draws;
  if (points == 0) ++res.wdl.losses;
  if (out.result == GameResult::kBlueWins) ++res.blue_wins;
  if (out.result == GameResult::kRedWins) ++res.red_wins;
  if (out.result == GameResult::kDraw) ++res.draws;
  if (out.incident != Incident::kNone) ++res.incidents[size_t(out.offender)][size_t(out.incident)];
  ++res.terminations[out.termination];
  int& first = shared.pair_first[size_t(index / 2)];
  if (first < 0) {
    first = int(std::lround(points * 2));
  } else {
    res.penta.add_pair(first / 2.0, points);
  }
  if (shared.sprt) {
    res.llr = shared.sprt->llr(res.wdl, res.penta);
    res.decision = shared.sprt->decide(res.llr);
    if (res.decision != SprtDecision::kContinue) stop_ = true;
  }
  if (shared.records.is_open()) {
    shared.records << write_record(record) << "\n";
    shared.records.flush();
  }
  if (shared.on_game) (*shared.on_game)(out, res);
}

std::string progress_line(const MatchConfig& config, const MatchResult& r) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "[%d/%d] %s vs %s: W %lld D %lld L %lld  Elo %s", r.games,
                config.games, config.engines[0].name.c_str(), config.engines[1].name.c_str(),
                static_cast<long long>(r.wdl.wins), static_cast<long long>(r.wdl.draws),
                static_cast<long long>(r.wdl.losses),
                (r.penta.pairs() ? estimate_elo(r.penta) : estimate_elo(r.wdl)).text().c_str());
  std::string line = buf;
  if (config.sprt) {
    const Sprt sprt(*config.sprt);
    std::snprintf(buf, sizeof buf, "  LLR %.2f (%.2f, %.2f)", r.llr, sprt.lower_bound(),
                  sprt.upper_bound());
    line += buf;
  }
  int incidents = 0;
  for (const auto& per_engine : r.incidents)
    for (int n : per_engine) incidents += n;
  if (incidents) line += "  incidents " + std::to_string(incidents);
  return line;
}

std::string match_summary(const MatchConfig& config, const MatchResult& r) {
  std::ostringstream out;
  char buf[512];
  const std::string& a = config.engines[0].name;
  const std::string& b = config.engines[1].name;
  out << "Match " << a << " vs " << b << ": " << r.games << " games, " << config.tc.text()
      << ", variant " << config.variant << ", " << config.concurrency << " at a time\n";
  std::snprintf(buf, sizeof buf, "Score of %s vs %s: W %lld D %lld L %lld  [%.3f]\n", a.c_str(),
                b.c_str(), static_cast<long long>(r.wdl.wins), static_cast<long long>(r.wdl.draws),
                static_cast<long long>(r.wdl.losses), r.wdl.score());
  out << buf;
  const EloEstimate games = estimate_elo(r.wdl);
  std::snprintf(
      buf, sizeof buf, "Elo (games): %s, LOS %.1f%%, draw ratio %.1f%%, nElo %+.1f +/- %.1f\n",
      games.text().c_str(), 100 * games.los,
      r.games ? 100.0 * double(r.wdl.draws) / double(r.games) : 0.0, games.nelo, games.nelo_error);
  out << buf;
  if (r.penta.pairs()) {
    const EloEstimate pairs = estimate_elo(r.penta);
    const auto& c = r.penta.counts;
    std::snprintf(buf, sizeof buf,
                  "Elo (pairs): %s, LOS %.1f%%, nElo %+.1f +/- %.1f\n"
                  "Pentanomial [LL LD WL+DD WD WW]: [%lld %lld %lld %lld %lld] over %lld pairs\n",
                  pairs.text().c_str(), 100 * pairs.los, pairs.nelo, pairs.nelo_error,
                  static_cast<long long>(c[0]), static_cast<long long>(c[1]),
                  static_cast<long long>(c[2]), static_cast<long long>(c[3]),
                  static_cast<long long>(c[4]), static_cast<long long>(r.penta.pairs()));
    out << buf;
  }
  out << "By colour: Blue won " << r.blue_wins << ", Red won " << r.red_wins << ", drawn "
      << r.draws << "\n";
  if (config.sprt) {
    const Sprt sprt(*config.sprt);
    const SprtConfig& s = *config.sprt;
    std::snprintf(
        buf, sizeof buf, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f) -> %s\n",
        s.elo0, s.elo1, s.alpha, s.beta, r.llr, sprt.lower_bound(), sprt.upper_bound(),
        r.decision == SprtDecision::kContinue ? "no decision" : decision_name(r.decision).c_str());
    out << buf;
  }
  if (!r.terminations.empty()) {
    out << "Endings:";
    bool first = true;
    for (const auto& [t, n] : r.terminations) {
      out << (first ? " " : ", ") << (t.empty() ? "?" : t) << " " << n;
      first = false;
    }
    out << "\n";
  }
  for (int e = 0; e < 2; ++e) {
    std::string list;
    for (int k = 1; k < kIncidentKinds; ++k) {
      const int n = r.incidents[size_t(e)][size_t(k)];
      if (n)
        list += (list.empty() ? "" : ", ") + std::to_string(n) + " " +
                std::string(incident_name(Incident(k)));
    }
    if (!list.empty())
      out << "Incidents of " << config.engines[size_t(e)].name << ": " << list << "\n";
  }
  for (const std::string& line : r.incident_log) out << "  " << line << "\n";
  return out.str();
}

}  // namespace jungle::match
