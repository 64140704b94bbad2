#include "puzzles/generator.h"

#include <chrono>
#include <ostream>
#include <random>
#include <set>
#include <stdexcept>

#include "core/file_io.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/engine.h"
#include "search/search.h"

namespace jungle::puzzles {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The kind of a rejection: its reason up to the colon ("more than one move
// wins"), so that the counts group alike reasons.
std::string reason_kind(const std::string& why) {
  return why.substr(0, why.find(':'));
}

// The positions of one game with the scan's score of each, for the side to
// move, and where each came from.
struct ScannedPosition {
  std::string fen;
  int score = 0;
  int previous_opponent_score = 0;  // the score of the position before, for its mover
  int previous_own_score = 0;       // the score two plies before, for the side to move
  bool candidate = false;
  std::string source;
};

class Run {
 public:
  Run(const RuleSetPtr& rules, const GeneratorOptions& options, std::ostream& out,
      const std::vector<std::string>& known)
      : rules_(rules), options_(options), out_(out), verifier_(rules, options.verify) {
    seen_.insert(known.begin(), known.end());
    EngineOptions eo;
    eo.hash_mb = 16;
    eo.threads = 1;
    eo.seed = options.seed ? options.seed : 1;
    scanner_.set_options(eo);
    scanner_.set_rules(rules);
  }

  void self_play(int index) {
    std::mt19937_64 rng(options_.seed + uint64_t(index) * 0x9E3779B97F4A7C15ull);
    Position pos(rules_);
    // A game that ends in its random opening is opened again.
    for (int attempt = 0; attempt < 100; ++attempt) {
      pos = Position(rules_);
      const int span = std::max(0, options_.max_random_plies - options_.min_random_plies) + 1;
      const int plies = options_.min_random_plies + int(rng() % uint64_t(span));
      for (int i = 0; i < plies && game_result(pos) == GameResult::kOngoing; ++i) {
        const MoveList moves = generate_moves(pos);
        pos.do_move(moves[int(rng() % uint64_t(moves.size()))]);
      }
      if (game_result(pos) == GameResult::kOngoing) break;
    }
    const std::string label = "selfplay seed " + std::to_string(options_.seed) + " game " +
                              std::to_string(index + 1) + " ply ";
    std::vector<ScannedPosition> game;
    scanner_.new_game();
    SearchLimits limits;
    limits.nodes = options_.nodes;
    int previous = 0, own = 0;
    for (int ply = 0; ply < options_.max_plies && game_result(pos) == GameResult::kOngoing; ++ply) {
      const SearchResult r = scanner_.search(pos, limits);
      if (r.best.is_none()) break;
      game.push_back({pos.fen(), r.score, previous, own, is_candidate(pos, r.score, previous, own),
                      label + std::to_string(pos.history_plies())});
      own = previous;
      previous = r.score;
      // Now and then a random move instead of the engine's: a mistake the
      // other side may punish, which even play between equals seldom makes.
      const MoveList moves = generate_moves(pos);
      const bool mistake = !moves.empty() && double(rng() >> 11) * 0x1p-53 < options_.mistake_rate;
      pos.do_move(mistake ? moves[int(rng() % uint64_t(moves.size()))] : r.best);
    }
    stats_.positions += int64_t(game.size());
    verify_all(game);
  }

  void records(const std::filesystem::path& file) {
    const std::string text = read_small_file(file, kMaxRecordFileBytes);
    const std::vector<GameRecord> games = read_records(text, RecordSource::of_file(file));
    for (size_t g = 0; g < games.size(); ++g) {
      const Game game = Game::from_record(games[g], RecordSource::of_file(file));
      if (game.rule_set_ptr()->rules().name != rules_->rules().name) continue;
      std::vector<Move> moves;
      for (const RecordedMove& m : game.moves()) moves.push_back(m.move);
      scan_finished(game.start(), moves,
                    "record " + file.filename().string() + " game " + std::to_string(g + 1));
      ++stats_.record_games;
      if (options_.progress) {
        options_.progress("record game " + std::to_string(g + 1) + " of " + file.string() + ": " +
                          std::to_string(stats_.verified) + " puzzles so far");
      }
    }
  }

  void played(const PlayedGame& game) {
    Position pos(rules_);
    try {
      if (!game.start_fen.empty()) pos = Position::from_fen(game.start_fen, rules_);
    } catch (const FenError& e) {
      throw std::invalid_argument(game.source + ": its start is no position: " + e.what());
    }
    const Position start = pos;
    std::vector<Move> moves;
    for (const std::string& text : game.moves) {
      std::string error;
      const std::optional<Move> m = parse_move(pos, text, &error);
      if (!m) {
        throw std::invalid_argument(game.source + ": move " + std::to_string(moves.size() + 1) +
                                    " " + text + " does not replay: " + error);
      }
      pos.do_move(*m);
      moves.push_back(*m);
    }
    scan_finished(start, moves, game.source);
    ++stats_.played_games;
    if (options_.progress) {
      options_.progress(game.source + ": " + std::to_string(stats_.verified) + " puzzles so far");
    }
  }

  GeneratorStats& stats() { return stats_; }

 private:
  // A finished game's positions, from `start` through each of `moves`, up to
  // its end: scanned and their candidates verified. `source` names the game.
  void scan_finished(Position pos, const std::vector<Move>& moves, const std::string& source) {
    std::vector<ScannedPosition> scanned;
    scanner_.new_game();
    SearchLimits limits;
    limits.nodes = options_.nodes;
    int previous = 0, own = 0;
    const int plies = int(moves.size());
    for (int ply = 0; ply <= plies && game_result(pos) == GameResult::kOngoing; ++ply) {
      const SearchResult r = scanner_.search(pos, limits);
      scanned.push_back({pos.fen(), r.score, previous, own,
                         is_candidate(pos, r.score, previous, own),
                         source + " ply " + std::to_string(ply)});
      own = previous;
      previous = r.score;
      if (ply < plies) pos.do_move(moves[size_t(ply)]);
    }
    stats_.positions += int64_t(scanned.size());
    verify_all(scanned);
  }

  void verify_all(const std::vector<ScannedPosition>& game) {
    for (const ScannedPosition& s : game) {
      if (!s.candidate) continue;
      const Position pos = Position::from_fen(s.fen, rules_);
      if (!seen_.insert(puzzle_id(rules_->rules().name, pos)).second) {
        ++stats_.duplicates;
        continue;
      }
      ++stats_.candidates;
      std::string why;
      std::optional<Verified> v = verifier_.verify(pos, &why);
      if (!v) {
        ++stats_.rejections[reason_kind(why)];
        continue;
      }
      v->puzzle.source = s.source;
      out_ << puzzle_json(v->puzzle) << "\n";
      out_.flush();
      ++stats_.verified;
      if (v->tablebase) ++stats_.tablebase_verified;
      for (const std::string& t : v->puzzle.themes) ++stats_.themes[t];
      if (options_.progress) options_.progress("puzzle " + puzzle_json(v->puzzle));
    }
  }

  RuleSetPtr rules_;
  const GeneratorOptions& options_;
  std::ostream& out_;
  Verifier verifier_;
  Engine scanner_;
  std::set<std::string> seen_;
  GeneratorStats stats_;
};

}  // namespace

bool is_candidate(const Position& pos, int score, int previous_opponent_score,
                  int previous_own_score) {
  const Side us = pos.side_to_move();
  if (score >= kWinningScore &&
      (-previous_opponent_score < kWinningScore || previous_own_score < kWinningScore)) {
    return true;
  }
  if (score > -kWinningScore &&
      (can_enter_enemy_den(pos, opponent(us)) || previous_opponent_score >= kWinningScore)) {
    return true;
  }
  return false;
}

GeneratorStats generate(const RuleSetPtr& rules, const GeneratorOptions& options, std::ostream& out,
                        const std::vector<std::string>& known) {
  Run run(rules, options, out, known);
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < options.games; ++i) {
    run.self_play(i);
    ++run.stats().selfplay_games;
    if (options.progress) {
      options.progress("self-play game " + std::to_string(i + 1) + " of " +
                       std::to_string(options.games) + ": " + std::to_string(run.stats().verified) +
                       " puzzles so far");
    }
  }
  run.stats().selfplay_seconds = seconds_since(start);
  run.stats().verified_in_selfplay = run.stats().verified;
  const Clock::time_point records_start = Clock::now();
  for (const std::filesystem::path& file : options.records) run.records(file);
  for (const PlayedGame& game : options.played) run.played(game);
  run.stats().record_seconds = seconds_since(records_start);
  return run.stats();
}

}  // namespace jungle::puzzles
