#include "match/match_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "core/game.h"
#include "core/text_util.h"
#include "game/family.h"
#include "game/setup.h"
#include "game/state.h"
#include "match/chance.h"

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

// The `go` line for engine `e` (clocks by engine: `clock`, `moves_made`)
// and how long it may take to answer.
std::string go_line(const MatchConfig& config, const GameOutcome& out, int e,
                    const std::array<int64_t, 2>& clock, const std::array<int, 2>& moves_made,
                    int64_t* deadline_ms) {
  const TimeControl& tc = config.tc_of(e);
  std::string go = "go";
  *deadline_ms = config.move_timeout_ms;
  switch (tc.kind) {
    case TimeControl::Kind::kClock: {
      const int blue = out.engine_of(kBlue), red = out.engine_of(kRed);
      go += " wtime " + std::to_string(std::max<int64_t>(clock[blue], 0)) + " btime " +
            std::to_string(std::max<int64_t>(clock[red], 0));
      // Each side's own increment: an engine may play under its own clock.
      const int64_t winc = config.tc_of(blue).inc_ms, binc = config.tc_of(red).inc_ms;
      if (winc > 0 || binc > 0)
        go += " winc " + std::to_string(winc) + " binc " + std::to_string(binc);
      if (tc.moves > 0) go += " movestogo " + std::to_string(tc.moves - moves_made[e] % tc.moves);
      *deadline_ms = std::max<int64_t>(clock[e], 0) + config.time_margin_ms;
      break;
    }
    case TimeControl::Kind::kMoveTime:
      go += " movetime " + std::to_string(tc.movetime_ms);
      *deadline_ms = tc.movetime_ms + config.time_margin_ms;
      break;
    case TimeControl::Kind::kNodes:
      go += " nodes " + std::to_string(tc.nodes);
      break;
    case TimeControl::Kind::kDepth:
      go += " depth " + std::to_string(tc.depth);
      break;
  }
  return go;
}

// The same limits for an engine in this process.
game::Limits limits_of(const MatchConfig& config, const GameOutcome& out, int e,
                       const std::array<int64_t, 2>& clock, const std::array<int, 2>& moves_made) {
  const TimeControl& tc = config.tc_of(e);
  game::Limits l;
  switch (tc.kind) {
    case TimeControl::Kind::kClock:
      for (const Side s : {kBlue, kRed}) {
        l.time_ms[s] = std::max<int64_t>(clock[out.engine_of(s)], 0);
        l.inc_ms[s] = config.tc_of(out.engine_of(s)).inc_ms;
      }
      if (tc.moves > 0) l.moves_to_go = tc.moves - moves_made[e] % tc.moves;
      break;
    case TimeControl::Kind::kMoveTime:
      l.movetime_ms = tc.movetime_ms;
      break;
    case TimeControl::Kind::kNodes:
      l.nodes = tc.nodes;
      break;
    case TimeControl::Kind::kDepth:
      l.depth = tc.depth;
      break;
  }
  return l;
}

}  // namespace

double GameOutcome::first_engine_points() const {
  if (result == GameResult::kDraw || result == GameResult::kOngoing) return 0.5;
  const Side winner = result == GameResult::kBlueWins ? kBlue : kRed;
  return engine_of(winner) == 0 ? 1.0 : 0.0;
}

struct MatchRunner::Shared {
  std::mutex mutex;
  std::atomic<int> next_game{0};
  MatchResult result;
  std::vector<int> pair_first;  // per pair: -1, or engine 0's points * 2 in its first game
  std::optional<Sprt> sprt;
  std::ofstream records;
  const game::Family* family = nullptr;
  std::string variant_value;
  const GameCallback* on_game = nullptr;
  std::shared_ptr<ChanceSource> chance;
};

MatchRunner::MatchRunner(MatchConfig config) : config_(std::move(config)) {}

MatchResult MatchRunner::run(const GameCallback& on_game) {
  Shared shared;
  shared.on_game = on_game ? &on_game : nullptr;
  try {
    shared.family = &game::family_of_variant(config_.variant);
    // A start made once: the rule set reads and its start is a game.
    std::mt19937_64 probe(pair_seed(config_.seed, 0));
    shared.family->new_state(config_.variant, "", probe);
  } catch (const std::exception& e) {
    shared.result.error = e.what();
    return shared.result;
  }
  // Engines are told a shipped rule set by its name, a file by its absolute
  // path (they may run in another folder).
  shared.variant_value = game::family_of_shipped(config_.variant) != nullptr
                             ? config_.variant
                             : std::filesystem::absolute(config_.variant).string();
  for (size_t i = 0; i < config_.openings.size(); ++i) {
    try {
      std::mt19937_64 probe(pair_seed(config_.seed, int(i)));
      if (shared.family->new_state(config_.variant, config_.openings[i], probe)->over())
        throw std::invalid_argument("the game is already over");
    } catch (const std::exception& e) {
      shared.result.error =
          "opening " + std::to_string(i + 1) + " (" + config_.openings[i] + "): " + e.what();
      return shared.result;
    }
  }
  for (const EngineSpec& spec : config_.engines) {
    try {
      if (spec.builtin.empty() && !spec.make && split_command_line(spec.command).empty())
        throw std::invalid_argument("engine " + spec.name + " has no command");
    } catch (const std::invalid_argument& e) {
      shared.result.error = e.what();
      return shared.result;
    }
  }
  // Each engine must come up once before any game is played: a misspelt
  // command or option is a mistake in the match, not a forfeit by the engine.
  for (int e = 0; e < 2; ++e) {
    MatchPlayer probe(e, config_.engines[size_t(e)]);
    Incident incident = Incident::kNone;
    std::string reason;
    if (!probe.prepare(config_, shared.variant_value, &incident, &reason)) {
      shared.result.error = "engine " + config_.engines[e].name + " cannot play: " + reason;
      return shared.result;
    }
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

  shared.chance = config_.chance ? config_.chance : std::make_shared<PairedDeals>(config_.seed);
  // A source whose games draw from one stream plays them one after another.
  const int threads = shared.chance->any_order()
                          ? std::clamp(config_.concurrency, 1, std::max(1, config_.games))
                          : 1;
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) workers.emplace_back([&] { worker(shared); });
  for (std::thread& t : workers) t.join();
  return shared.result;
}

void MatchRunner::worker(Shared& shared) {
  Players players;
  for (int e = 0; e < 2; ++e)
    players[size_t(e)] = std::make_unique<MatchPlayer>(e, config_.engines[size_t(e)]);
  for (;;) {
    if (stop_) break;
    const int index = shared.next_game++;
    if (index >= config_.games) break;
    std::string record;
    GameOutcome out = play_game(index, players, shared, record);
    std::lock_guard<std::mutex> lock(shared.mutex);
    record_outcome(out, record, shared);
  }
  for (auto& p : players) p->shut();
}

GameOutcome MatchRunner::play_game(int index, Players& players, const Shared& shared,
                                   std::string& record) {
  GameOutcome out;
  out.index = index;
  out.first_engine = index % 2;
  const int pair = index / 2;
  std::string start;
  if (!config_.openings.empty()) {
    out.opening = int(size_t(pair) % config_.openings.size());
    start = config_.openings[size_t(out.opening)];
  }
  // The game's chance makes its set-up and deal, then draws whatever chance
  // is left (by default both games of a pair get the same deal, the
  // colours swapped: PairedDeals).
  const std::unique_ptr<GameChance> chance = shared.chance->game(index);
  std::shared_ptr<game::State> state;
  try {
    state = chance->start(*shared.family, config_.variant, start);
  } catch (const std::exception& e) {
    out.aborted = true;
    out.reason = std::string("the game could not be set up: ") + e.what();
    return out;
  }
  const std::array<const std::string*, 2> names = {&config_.engines[0].name,
                                                   &config_.engines[1].name};

  auto charge = [&](int e, Incident kind, const std::string& why) {
    out.incident = kind;
    out.offender = e;
    out.reason = why;
    out.result = win_for(opponent(out.side_of(e)));
    out.termination = kind == Incident::kTimeLoss ? "time" : "abandoned";
  };

  // Both engines must be ready; one that is not loses the game unplayed.
  std::array<bool, 2> ok{};
  std::array<std::string, 2> why;
  std::array<Incident, 2> kinds{};
  for (int e = 0; e < 2; ++e)
    ok[e] = players[size_t(e)]->prepare(config_, shared.variant_value, &kinds[e], &why[e]);
  if (start.empty() && shared.family->setup_to_choose(config_.variant)) {
    // Each side arranges its own pieces (Family::setup_to_choose, Setup):
    // an engine that chooses replaces chance's draw for its side, which
    // stands for a player that does not.
    std::array<std::string, kSides> chosen;
    const std::optional<Side> first = state->first_player();
    for (int e = 0; e < 2; ++e) {
      const Side side = (e == out.first_engine) == (first.value_or(kBlue) == kBlue) ? kBlue : kRed;
      if (ok[e]) chosen[side] = players[size_t(e)]->choose_setup(side);
    }
    if (!chosen[kBlue].empty() || !chosen[kRed].empty()) {
      std::mt19937_64 no_chance(0);  // a set-up leaves nothing to chance
      try {
        const std::unique_ptr<game::Setup> setup =
            shared.family->new_setup(config_.variant, no_chance);
        setup->set_start(state->fen());
        for (Side side : {kBlue, kRed}) {
          if (!chosen[side].empty()) setup->set(side, chosen[side]);
        }
        state = setup->new_state(no_chance);
      } catch (const std::exception& e) {
        out.aborted = true;
        out.reason = std::string("the chosen set-up could not be played: ") + e.what();
        return out;
      }
    }
  }
  for (int e = 0; e < 2; ++e) {
    if (ok[e]) players[size_t(e)]->show_truth(*state);
  }
  if (!ok[0] && !ok[1]) {
    out.aborted = true;
    out.reason = why[0] + "; " + why[1];
    return out;
  }
  std::array<int64_t, 2> clock = {config_.tc_of(0).time_ms, config_.tc_of(1).time_ms};
  std::array<int, 2> moves_made{};    // by engine
  std::array<ScoreReport, 2> last{};  // by engine
  int last_mover = -1;                // the engine that acted last
  // By ply, what the record's comment is made of once the colours are
  // settled: the engine's score, who acted, and how long it took.
  struct PlyNote {
    ScoreReport score;
    int engine = 0;
    int64_t ms = 0;
  };
  std::vector<PlyNote> notes;
  for (int e = 0; e < 2; ++e) {
    if (!ok[e]) charge(e, kinds[e], why[e]);
  }
  // Which colour the first engine has is settled by its first action and
  // what follows it. Without chance acting before the next side does, it is
  // the side the state named for that action. A chance outcome in between
  // may decide the colours (Flip Jungle's first flip gives the first player
  // the colour it reveals), and then the next side to act is the first
  // engine's opponent, as after any first action.
  bool colours_settled = false;
  bool chance_after_first = false;

  while (out.incident == Incident::kNone) {
    if (stop_) {
      out.aborted = true;
      break;
    }
    const game::Actor actor = state->actor();
    if (state->over() || actor.kind == game::Actor::Kind::kNobody) {
      const GameResult r = state->result();
      out.result = r == GameResult::kOngoing ? GameResult::kDraw : r;
      out.termination = state->termination();
      out.reason = (out.result == GameResult::kDraw
                        ? "drawn"
                        : side_name(out.result == GameResult::kBlueWins ? kBlue : kRed) + " won") +
                   std::string(" by rule: ") + out.termination;
      break;
    }
    if (actor.is_chance()) {
      try {
        state->apply(chance->draw(*state));
      } catch (const std::exception& e) {
        out.aborted = true;
        out.reason = std::string("the arbiter's chance failed: ") + e.what();
        break;
      }
      if (last_mover >= 0) chance_after_first = true;
      continue;
    }
    if (last_mover < 0) {
      out.first_side = actor.side;
    } else if (!colours_settled) {
      colours_settled = true;
      if (chance_after_first) out.first_side = opponent(actor.side);
    }
    if (config_.adjudicate_mate && last_mover >= 0) {
      const int other = 1 - last_mover;
      if (last[last_mover].valid && last[last_mover].mate && last[other].valid &&
          last[other].mate && (last[last_mover].value > 0) != (last[other].value > 0)) {
        const int winner = last[last_mover].value > 0 ? last_mover : other;
        out.result = win_for(out.side_of(winner));
        out.termination = "resignation";
        out.reason =
            "adjudicated: both engines announce a forced win for " + *names[size_t(winner)];
        break;
      }
    }
    if (config_.max_plies > 0 && out.plies >= config_.max_plies) {
      out.result = GameResult::kDraw;
      out.termination = "agreement";
      out.reason = "adjudicated a draw after " + std::to_string(out.plies) + " plies";
      break;
    }

    const Side side = actor.side;
    const int e = out.engine_of(side);
    MatchPlayer& p = *players[size_t(e)];
    const std::string& name = *names[size_t(e)];
    const TimeControl& tc = config_.tc_of(e);
    int64_t deadline_ms = 0;
    const std::string go = go_line(config_, out, e, clock, moves_made, &deadline_ms);
    const auto started = Clock::now();
    const Reply reply =
        p.ask(state->observe(side), go, limits_of(config_, out, e, clock, moves_made), deadline_ms);
    const ScoreReport& score = reply.score;
    const auto read = reply.read;
    const int64_t elapsed = ms_since(started);
    if (read == EngineProcess::ReadResult::kEof) {
      charge(e, Incident::kCrash, name + " crashed (" + reply.crash + ")");
      break;
    }
    const bool clocked =
        tc.kind == TimeControl::Kind::kClock || tc.kind == TimeControl::Kind::kMoveTime;
    if (read == EngineProcess::ReadResult::kTimeout) {
      if (clocked) {
        charge(e, Incident::kTimeLoss,
               name + " lost on time (no move after " + std::to_string(elapsed) + " ms)");
      } else {
        charge(e, Incident::kNoResponse,
               name + " did not move within " + std::to_string(deadline_ms) + " ms");
      }
      // A late answer would fall into the next game: resynchronise or kill.
      p.resynchronise(kStopGraceMs);
      break;
    }
    if (tc.kind == TimeControl::Kind::kClock) {
      clock[e] -= elapsed;
      if (clock[e] < -config_.time_margin_ms) {
        charge(e, Incident::kTimeLoss,
               name + " lost on time (" + std::to_string(-clock[e]) + " ms over)");
        break;
      }
      clock[e] = std::max<int64_t>(clock[e], 0) + tc.inc_ms;
      ++moves_made[e];
      if (tc.moves > 0 && moves_made[e] % tc.moves == 0) clock[e] += tc.time_ms;
    } else if (tc.kind == TimeControl::Kind::kMoveTime &&
               elapsed > tc.movetime_ms + config_.time_margin_ms) {
      charge(e, Incident::kTimeLoss,
             name + " lost on time (" + std::to_string(elapsed) + " ms for a " +
                 std::to_string(tc.movetime_ms) + " ms move)");
      break;
    }
    const std::string& text = reply.action;
    try {
      state->apply(text);
    } catch (const std::exception& error) {  // game::ActionError, or any text it cannot read
      charge(e, Incident::kIllegalMove,
             name + " played an illegal move '" + text + "' as " + side_name(side) + " at ply " +
                 std::to_string(out.plies + 1) + ": " + error.what());
      break;
    }
    notes.push_back({score, e, elapsed});
    last[size_t(e)] = score;
    last_mover = e;
    ++out.plies;
  }
  if (out.aborted) return out;
  // A result the board does not show (a loss by an incident, an
  // adjudication) is declared, so that the record carries it.
  try {
    if (!state->over()) state->declare(out.result, out.termination);
  } catch (const std::exception& e) {
    out.reason += std::string(" (not declared in the record: ") + e.what() + ")";
  }
  game::Tags tags = {{"Event", config_.event},
                     {"Date", today()},
                     {"Blue", *names[size_t(out.engine_of(kBlue))]},
                     {"Red", *names[size_t(out.engine_of(kRed))]},
                     {"Round", std::to_string(index + 1)}};
  // The match's limit, unless both engines play under their own; an
  // engine's own limit by its colour.
  if (!config_.engines[0].tc || !config_.engines[1].tc)
    tags.emplace_back("TimeControl", config_.tc.text());
  for (const Side side : {kBlue, kRed}) {
    const int e = out.engine_of(side);
    if (config_.engines[size_t(e)].tc)
      tags.emplace_back(side_name(side) + "TimeControl", config_.tc_of(e).text());
  }
  if (out.incident != Incident::kNone || out.termination == "resignation" ||
      out.termination == "agreement")
    tags.emplace_back("Reason", out.reason);
  try {
    std::vector<std::string> comments;
    for (const PlyNote& n : notes)
      comments.push_back(eval_comment(n.score, out.side_of(n.engine), n.ms));
    record = state->record(tags, comments);
  } catch (const std::exception& e) {
    record.clear();  // counted, not written
    out.reason += std::string(" (no record: ") + e.what() + ")";
  }
  out.state = std::move(state);
  return out;
}

void MatchRunner::record_outcome(const GameOutcome& out, const std::string& record,
                                 Shared& shared) {
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
  if (shared.records.is_open() && !record.empty()) {
    shared.records << record << "\n";
    shared.records.flush();
  }
  if (shared.on_game) (*shared.on_game)(out, res);
}

}  // namespace jungle::match
