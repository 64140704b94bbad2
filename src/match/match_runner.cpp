#include "match/match_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text_util.h"
#include "core/variants.h"

namespace jungle::match {

namespace {

// How long an engine that overstepped its time gets to answer `stop` before
// it is considered hung and killed.
constexpr int64_t kStopGraceMs = 1000;

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

GameResult win_for(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}

}  // namespace

double GameOutcome::first_engine_points() const {
  if (result == GameResult::kDraw || result == GameResult::kOngoing) return 0.5;
  const Side winner = result == GameResult::kBlueWins ? kBlue : kRed;
  const int winning_engine = winner == kBlue ? blue_engine : 1 - blue_engine;
  return winning_engine == 0 ? 1.0 : 0.0;
}

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
    const std::vector<std::string> aw = split(answer);
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
    moves_text.append(" ").append(
        pos.rule_set().geometry().move_text(*m));  // not " " + ...: GCC 12 -Wrestrict
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

}  // namespace jungle::match
