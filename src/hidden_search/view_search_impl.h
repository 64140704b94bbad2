#pragma once

// The view search's insides, shared by its files (view_search.cpp, the
// search proper; view_line.cpp, the views along a line; view_moves.cpp,
// the moves over a view; view_evaluation.cpp, the evaluation in
// expectation): its constants, the tree's positions and moves, and
// ViewSearch::Impl. Private to src/hidden_search.

#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <vector>

#include "hidden/player_view.h"
#include "hidden_search/view_search.h"
#include "search/engine.h"
#include "search/evaluation.h"
#include "search/search.h"

namespace jungle::hidden {

// A win at ply p scores kWin - p, as the open search's mates do, so that
// expected_result() reads the tree's scores as it reads the worlds'.
constexpr int kWin = kMateScore;
constexpr int kWinBound = kMateBound;
constexpr int kMaxDepth = 64;
constexpr int kMaxTreePly = 100;
constexpr int kMaxPieces = 16;
// The logistic scale of expected results: centipawns at which a side is
// expected to score about 0.76 (hidden_search's expected_result).
constexpr double kUtilityScale = 400.0;
// A probability below this is none: the marginals are narrowed in floats.
constexpr float kNegligible = 1e-6f;
// A first move whose value at an unfinished depth fell this far below its
// value at the last depth gives way to the last depth's next move.
constexpr int kFirstMoveFails = 150;
// Quiescence plies that answer a den threat with every move.
constexpr int kEvasionPlies = 6;
// Null move: a pass searched this many plies shallower, and a ply more per four.
constexpr int kNullMoveReduction = 3;
// Pruning near the leaves, as the open search does (search/search_params.h).
constexpr int kFutileDepth = 7;          // reverse futility up to this depth
constexpr int kFutileMargin = 90;        // per ply
constexpr int kLateMovesDepth = 4;       // late quiet moves skipped up to this depth
constexpr int kLateMovesBase = 4;        // after base + depth^2 moves
constexpr int kQuietFutileDepth = 3;     // quiet moves that cannot reach alpha
constexpr int kQuietFutileMargin = 160;  // per ply
constexpr int kDeltaMargin = 150;        // captures in quiescence
// Late-move reductions: log(depth) * log(move number) / divisor + base,
// less a ply for every kLmrHistoryDivisor of the move's history.
constexpr double kLmrBase = 0.75;
constexpr double kLmrDivisor = 2.25;
constexpr int kLmrHistoryDivisor = 6000;
constexpr int kHistoryMax = 16384;

struct VPiece {
  Square square = kNoSquare;  // kNoSquare: off the board
  Side side = kBlue;
  uint8_t candidates = 0;  // animals with a probability (bit per Animal)
  uint8_t id = 0;          // which piece of the game it is (for repetition)
  bool shown = false;      // its animal was shown to both players
  std::array<float, kAnimals> p{};
};

// A position of the tree: a view, pieces by index, each with its marginals.
struct VState {
  std::array<VPiece, kMaxPieces> pieces;
  int count = 0;
  std::array<int8_t, 64> board;
  std::array<Bitboard, kSides> occupied{};
  Side to_move = kBlue;
  int plies_since_capture = 0;
  uint64_t key = 0;        // the table's: squares, sides and candidates
  uint64_t placement = 0;  // repetition's: squares, the searcher's animals
};

// A move of the tree and what the view knows of it.
struct VMove {
  Move move;
  int8_t piece = -1;
  int8_t target = -1;  // the enemy piece attacked, or -1
  uint8_t movers = 0;  // the piece's animals that can make the move
  float p_move = 1;    // probability that the piece is one of them
  float p_took = 1;    // for an attack by the movers: that it takes
  int order = 0;
};

struct TTEntry {
  uint64_t key = 0;
  int16_t value = 0;
  uint16_t move = 0;
  int8_t depth = -1;
  uint8_t bound = 0;  // 1 lower, 2 upper, 3 exact
};

// Wins in the table count from the node, not from the root.
inline int to_table(int v, int ply) {
  return v >= kWinBound ? v + ply : v <= -kWinBound ? v - ply : v;
}
inline int from_table(int v, int ply) {
  return v >= kWinBound ? v - ply : v <= -kWinBound ? v + ply : v;
}

inline uint64_t splitmix(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Keys of a piece of a side on a square with a set of candidates.
struct Keys {
  std::array<std::array<std::array<uint64_t, 256>, kSides>, 64> piece;
  uint64_t side;
  // A searcher's piece on a square whose animal the enemy was shown
  // (OpponentModel::kGuessing only).
  std::array<uint64_t, 64> shown;
  Keys() {
    uint64_t seed = 0x6A756E676C65ull;
    for (auto& by_square : piece)
      for (auto& by_side : by_square)
        for (uint64_t& k : by_side) k = splitmix(seed);
    side = splitmix(seed);
    for (uint64_t& k : shown) k = splitmix(seed);
  }
};
inline const Keys& keys() {
  static const Keys k;
  return k;
}

inline int popcount8(uint8_t b) {
  return std::popcount(unsigned(b));
}

// A placement as repetition sees it: each piece of the game (followed from
// square to square, so that its animal, known or not, is its own) on its
// square. It repeats when the truth's placement does.
inline uint64_t placement_part(Square s, Side side, uint8_t id) {
  return keys().piece[size_t(s)][side][id];
}

struct ViewSearch::Impl {
  ViewSearchOptions options;
  RuleSetPtr rules;
  // The evaluation's one-piece terms (value, advance, square table, water)
  // by side, animal and square, and whether the piece is within three moves
  // of the enemy den: the open evaluation's tables (search/evaluation.cpp).
  std::array<std::array<std::array<float, 64>, kAnimals>, kSides> piece_square{};
  std::array<std::array<std::array<float, 64>, kAnimals>, kSides> threat{};
  std::array<Bitboard, kSides> guard_zone{};
  EvalParams params;
  std::vector<TTEntry> table;
  int last_plies = 0;      // the plies of the view last searched
  RuleSetPtr table_rules;  // the rules the table's entries were found under
  void clear_table() { std::fill(table.begin(), table.end(), TTEntry()); }
  std::array<std::array<Move, 2>, kMaxTreePly + 2> killers{};
  std::array<std::array<std::array<int, 64>, 64>, kSides> history{};
  std::array<uint64_t, kMaxTreePly + 2> path{};  // keys along the line
  // Each ply's moves and the enemy's gambles among them, kept from node to
  // node so that a node allocates nothing: a node at ply p uses only
  // buffer p, and its children p + 1.
  std::array<std::vector<VMove>, kMaxTreePly + 2> move_buffers;
  std::array<std::vector<const VMove*>, kMaxTreePly + 2> gamble_buffers;
  Side root_side = kBlue;
  int root_depth = 1;  // the iteration's depth
  // The placements of the game since its last capture, the root's last.
  std::vector<uint64_t> game_placements;
  // Which piece of the game stands on each square at the root (read_history).
  std::array<uint8_t, 64> root_ids{};
  uint64_t nodes = 0;
  ViewSearchLimits limits;
  const std::atomic<bool>* stop = nullptr;
  bool aborted = false;

  void set_rules(const RuleSetPtr& r);
  // A new search from `view`: empty tables, the game's placements.
  void prepare(const PlayerView& view, const ViewSearchLimits& l,
               const std::atomic<bool>* stop_flag);
  VState state_of(const PlayerView& view) const;
  void narrow(VState& st, int id, uint8_t allowed) const;
  void remove(VState& st, int id) const;
  void rekey(VState& st) const;
  void read_history(const PlayerView& view);
  bool repeats(const VState& st, int ply) const;
  void generate(const VState& st, std::vector<VMove>& out, bool tactical) const;
  int evaluate(const VState& st) const;
  double took_chance(const VState& st, int attacker, uint8_t movers, int target, Square from,
                     Square to) const;
  bool out_of_budget();
  // A draw for the side to move: the open engine's contempt, so that the
  // searcher avoids draws as the open engine does.
  int draw(const VState& st) const { return st.to_move == root_side ? -contempt : contempt; }
  int contempt = EngineOptions().contempt;
  int search(const VState& st, int depth, int alpha, int beta, int ply, bool null_ok);
  int quiesce(const VState& st, int alpha, int beta, int ply, int qply);
  // The value for the side to move of a move that is not the enemy's
  // informed gamble: chance nodes for attacks whose outcome is unknown.
  int move_value(const VState& st, const VMove& m, int depth, int alpha, int beta, int ply,
                 int qply);
  // The child after `m` (with outcome `took` for an attack, narrowing as
  // the outcome says); whether the same side moves again (a refusal).
  VState child(const VState& st, const VMove& m, bool took, bool& same_side) const;
  void show(VState& c, const VMove& m, Outcome outcome) const;
  int child_value(const VState& c, bool same_side, int depth, int alpha, int beta, int ply,
                  int qply);
  // Whether a piece of `side` stands next to the enemy den and some
  // animal it may be can step in: a threat to answer at once.
  bool threatens_den(const VState& st, Side side) const;
  void order(const VState& st, std::vector<VMove>& moves, Move tt_move, int ply) const;
  // Whether `m` is a move the enemy makes only some of the time (the
  // gambles of OpponentModel::kInformed and kGuessing), valued after its
  // other moves as a mix with the best of them.
  bool informed_gamble(const VState& st, const VMove& m) const {
    if (st.to_move == root_side || options.opponent == OpponentModel::kAveraged) return false;
    if (options.opponent == OpponentModel::kGuessing && m.target >= 0) return true;
    return m.p_move * (m.target >= 0 ? m.p_took : 1.0f) < 1.0f - kNegligible;
  }
  // The chances that the enemy makes its gamble `m` and it takes, and that
  // it makes it and it fails (OpponentModel::kGuessing); otherwise it plays
  // its best other move.
  struct GambleOdds {
    double take = 0;
    double fail = 0;
  };
  GambleOdds guessing_odds(const VState& st, const VMove& m) const;
  // The value of the enemy's gamble mixed with its best other move
  // `others`, in the window (alpha, beta).
  int gamble_mix(const VState& st, const VMove& m, int others, int depth, int alpha, int beta,
                 int ply, int qply);
};

}  // namespace jungle::hidden
