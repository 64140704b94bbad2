#include "tune/datagen.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <ostream>
#include <random>
#include <thread>
#include <vector>

#include "core/game_record.h"
#include "core/movegen.h"
#include "core/position.h"
#include "search/engine.h"
#include "search/search.h"
#include "tune/in_process_engine.h"

namespace jungle::match {

namespace {

struct GameData {
  std::vector<std::string> lines;
  GameResult result = GameResult::kDraw;
  std::string record;
};

struct Candidate {
  std::string fen;
  int score_blue = 0;
};

GameData play_one(Engine& engine, const RuleSetPtr& rules, const DatagenOptions& opt, int index) {
  std::mt19937_64 rng(opt.seed + uint64_t(index) * 0x9E3779B97F4A7C15ull);
  GameData data;
  GameRecord record;
  record.board = rules->geometry();
  // A game that ends during the random plies is replaced by another try.
  Position pos(rules);
  for (int attempt = 0;; ++attempt) {
    pos = Position(rules);
    record.moves.clear();
    const int span = std::max(0, opt.max_random_plies - opt.min_random_plies) + 1;
    const int plies = opt.min_random_plies + int(rng() % uint64_t(span));
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = generate_moves(pos);
      if (moves.empty()) break;
      const Move m = moves[int(rng() % uint64_t(moves.size()))];
      pos.do_move(m);
      record.moves.push_back({m, "random"});
    }
    if (game_result(pos) == GameResult::kOngoing || attempt > 100) break;
  }
  engine.new_game();
  SearchLimits limits;
  limits.nodes = opt.nodes;
  std::vector<Candidate> quiet;
  Termination why = Termination::kNone;
  GameResult result = game_result(pos, &why);
  for (int ply = 0; result == GameResult::kOngoing; ++ply) {
    if (ply >= opt.max_plies) {
      result = GameResult::kDraw;
      break;
    }
    const SearchResult r = engine.search(pos, limits);
    if (r.best.is_none()) break;
    const Side us = pos.side_to_move();
    const bool quiet_here = !pos.is_capture(r.best) && !pos.last_move().is_none() &&
                            pos.state().captured == kNoPiece && !can_enter_enemy_den(pos, kBlue) &&
                            !can_enter_enemy_den(pos, kRed) && std::abs(r.score) < kMateBound &&
                            std::abs(r.score - engine.static_eval(pos)) <= opt.quiet_margin;
    if (quiet_here) quiet.push_back({pos.fen(), us == kBlue ? r.score : -r.score});
    pos.do_move(r.best);
    record.moves.push_back({r.best, eval_comment(evaluation_for_blue(r.score, us, r.depth))});
    result = game_result(pos, &why);
  }
  if (result == GameResult::kOngoing) result = GameResult::kDraw;
  if (opt.records) {
    const std::string player = "jungle nodes " + std::to_string(opt.nodes);
    record.set_tag("Event", "jungle datagen game " + std::to_string(index + 1));
    record.set_tag("Blue", player);
    record.set_tag("Red", player);
    record.set_tag("Result", std::string(result_tag(result)));
    record.set_tag("Variant", rules->rules().name);
    record.set_tag("Termination",
                   why == Termination::kNone ? "agreement" : std::string(termination_tag(why)));
    data.record = write_record(record);
  }
  data.result = result;
  const char* points = result == GameResult::kBlueWins  ? "1"
                       : result == GameResult::kRedWins ? "0"
                                                        : "0.5";
  for (const Candidate& c : quiet)
    data.lines.push_back(c.fen + ";" + points + ";" + std::to_string(c.score_blue));
  return data;
}

}  // namespace

DatagenStats generate_training_data(const RuleSetPtr& rules, const DatagenOptions& opt,
                                    std::ostream& out) {
  DatagenStats stats;
  std::atomic<int> next{0};
  std::mutex mutex;
  std::map<int, GameData> finished;  // games done but not yet written, by index
  int next_to_write = 0;

  auto worker = [&] {
    Engine engine;
    set_up_in_process_engine(engine, rules, opt.seed);
    for (;;) {
      const int index = next++;
      if (index >= opt.games) break;
      GameData data = play_one(engine, rules, opt, index);
      std::lock_guard<std::mutex> lock(mutex);
      finished.emplace(index, std::move(data));
      // Written in game order, so the file is the same whatever the threads.
      while (!finished.empty() && finished.begin()->first == next_to_write) {
        const GameData& g = finished.begin()->second;
        for (const std::string& line : g.lines) out << line << "\n";
        if (opt.records) *opt.records << g.record << "\n";
        ++stats.games;
        stats.positions += int64_t(g.lines.size());
        if (g.result == GameResult::kBlueWins) ++stats.blue_wins;
        if (g.result == GameResult::kRedWins) ++stats.red_wins;
        if (g.result == GameResult::kDraw) ++stats.draws;
        finished.erase(finished.begin());
        ++next_to_write;
        if (opt.progress) opt.progress(stats.games, stats.positions);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::max(1, opt.threads); ++i) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  out.flush();
  return stats;
}

}  // namespace jungle::match
