#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/search_clock.h"
#include "search/evaluation.h"
#include "search/transposition_table.h"

namespace jungle {

namespace tb {
class Tablebase;
}

inline constexpr int kMaxPly = 128;
inline constexpr int kInfinite = 32000;
// A forced win at ply p scores kMateScore - p; anything beyond kMateBound is one.
inline constexpr int kMateScore = 31000;
inline constexpr int kMateBound = kMateScore - kMaxPly;

// The moves to a forced win that a score means, as UCI counts them (the
// winner's moves: a win on the next move is 1); negative when the side whose
// score it is loses, 0 for a score that is no forced win.
constexpr int mate_in_moves(int score) {
  if (score > -kMateBound && score < kMateBound) return 0;
  const int moves = (kMateScore - (score > 0 ? score : -score) + 1) / 2;
  return score > 0 ? moves : -moves;
}

// A score the search gives for `mover` as records and displays give it:
// from Blue's side, a forced win counted in moves.
inline Evaluation evaluation_for_blue(int score, Side mover, int depth) {
  const int blue = mover == kBlue ? score : -score;
  if (const int moves = mate_in_moves(blue)) return {moves, true, depth};
  return {blue, false, depth};
}

struct SearchLimits {
  int depth = 0;       // 0: no limit
  uint64_t nodes = 0;  // 0: no limit
  int64_t movetime_ms = 0;
  int64_t time_ms[kSides] = {-1, -1};  // remaining clock; -1: none given
  int64_t inc_ms[kSides] = {0, 0};
  int movestogo = 0;
  bool infinite = false;
  int mate = 0;  // stop once a win in this many moves is proven
  std::vector<Move> search_moves;
  // The clock movetime_ms is counted on: wall time, or the searching
  // thread's CPU time (core/search_clock.h). Only the searches run in the
  // caller's one thread (hidden::WorldSearch) read it; the Engine facade,
  // whose helpers are threads of their own, counts wall time.
  SearchClock clock;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;
  Bound bound = kBoundExact;  // lower/upper when an aspiration window failed
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
  bool tablebase = false;  // a tablebase is loaded: the protocol writes tbhits
  uint64_t tbhits = 0;
};

struct SearchResult {
  Move best;
  Move ponder;
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  // Endgame tables found damaged during this search (or since the folder
  // was opened), each error naming its file; the search went on without them.
  std::vector<std::string> errors;
};

// The evaluation a search uses: the engine's own, or a baseline's
// (Evaluator::material, Evaluator::defender).
enum class EvalKind { kFull, kMaterial, kDefender };

struct SearchSettings {
  int threads = 1;
  int multipv = 1;
  int64_t move_overhead_ms = 30;
  EvalKind eval = EvalKind::kFull;
  // What a draw costs the side to move at the root, in centipawns: with a
  // positive value the engine plays on in level positions instead of
  // repeating, which is what beats weaker opponents.
  int contempt = 0;
};

// Everything the search threads share for one `go`.
struct SearchShared {
  TranspositionTable* tt = nullptr;
  const Evaluator* evaluator = nullptr;
  SearchLimits limits;
  SearchSettings settings;
  std::atomic<bool> stop{false};
  std::atomic<bool> keep_going{false};  // `go infinite`: hold the result until stopped
  SearchClock clock;  // the one `start` is on (wall, or the searching thread's CPU)
  SearchClock::time_point start;
  int64_t optimum_ms = 0;  // aim to stop after an iteration beyond this
  int64_t maximum_ms = 0;  // stop inside the search beyond this (0: no limit)
  std::function<void(const SearchInfo&)> on_info;
  std::atomic<uint64_t> total_nodes{0};
  // Endgame tables probed at every node of at most `tb_pieces` pieces (none: null).
  const tb::Tablebase* tablebase = nullptr;
  int tb_pieces = 0;
  std::atomic<uint64_t> tb_hits{0};

  int64_t elapsed_ms() const { return clock.ms_since(start); }
};

// Sets optimum and maximum thinking time from the limits and the side to move.
void plan_time(SearchShared& shared, Side us);

std::string score_text(int score);  // "cp 35" or "mate 4" / "mate -2"

class SearchWorker {
 public:
  SearchWorker(SearchShared& shared, int id);
  // Searches `root` until the limits or `stop`; the main worker (id 0) reports.
  void run(const Position& root);
  void clear_history();

  struct RootMove {
    Move move;
    int score = -kInfinite;
    int previous_score = -kInfinite;
    int seldepth = 0;
    std::vector<Move> pv;
  };
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  int completed_depth() const { return completed_depth_; }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  int search(int alpha, int beta, int depth, int ply, bool cut_node);
  int search_root(int alpha, int beta, int depth);
  int qsearch(int alpha, int beta, int ply, int qply);
  // qsearch after its tests of the game's end, the repetition and the
  // deepest ply have let the node through (and it has counted the node):
  // search() makes the same tests before it goes to quiescence.
  int qsearch_ongoing(int alpha, int beta, int ply, int qply);
  // The static evaluation at `ply`, from the piece sum kept for it (piece_sums_).
  int evaluate(int ply) const;
  // pos_.do_move(m) from the node at `ply`, keeping the child's piece sum.
  void do_move(Move m, int ply);
  int terminal_score(GameResult r, int ply) const;
  // The tables' exact score of the current position, or nothing.
  std::optional<int> tablebase_score(int ply);
  // A draw's score for the side to move at `ply`; the root's side is to move at even plies.
  int draw_score(int ply) const {
    return (ply & 1) ? shared_.settings.contempt : -shared_.settings.contempt;
  }
  // The side to move at `ply` has no legal move: a loss or a draw, as the rules say.
  int no_move_score(int ply) const {
    return pos_.rules().no_legal_move == NoMoveRule::kDraw ? draw_score(ply) : -kMateScore + ply;
  }
  // Ordering scores of moves[0, count) at `ply`, into scores[0, count).
  void score_moves(const Move* moves, int count, int* scores, int ply) const;
  void update_quiet_stats(Move best, const Move* quiets, int quiet_count, int depth, int ply);
  void update_pv(int ply, Move m);
  void check_limits();
  // One writer per counter, so a plain relaxed store beats an atomic add.
  void count_node() {
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  void report(int depth, int multipv_count);

  SearchShared& shared_;
  const int id_;
  Position pos_;
  std::vector<RootMove> root_moves_;
  int pv_index_ = 0;
  int root_depth_ = 0;
  int completed_depth_ = 0;
  int seldepth_ = 0;
  std::atomic<uint64_t> nodes_{0};
  uint64_t next_check_ = 0;
  uint64_t reported_nodes_ = 0;  // part of nodes_ already added to shared_.total_nodes

  Move killers_[kMaxPly + 2][2];
  int history_[kSides][64][64] = {};
  Move counter_moves_[17][64];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2] = {};
  // Evaluator::piece_sum of the position at each ply of the current line,
  // updated by each move rather than summed over the board at each node.
  int64_t piece_sums_[kMaxPly + 2] = {};
};

}  // namespace jungle
