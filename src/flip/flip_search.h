#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/search_clock.h"
#include "flip/flip_endgame.h"
#include "flip/flip_evaluate.h"
#include "flip/flip_position.h"
#include "flip/flip_solver.h"

// The Flip Jungle engine: expectimax over the chance nodes that flips make
// (each outcome weighted by its count in the pool), alpha-beta at the
// decision nodes, and Star1/Star2 pruning at the chance nodes (Ballard 1983;
// Hauk, Buro and Schaeffer 2004), which needs every value inside known
// bounds: [-kFlipWin, kFlipWin]. An exact solver takes over in endings
// with no face-down tiles and few animals. Scores are from the side to
// move's view, in points (about 10 a Cat).

namespace jungle::flip {

// What lies under each face-down tile, as only a clairvoyant knows it: the
// piece dealt to each square, kNoPiece where no tile was dealt. The match's
// seer player alone is given it (flip_match.h, seer_player).
using FlipDeal = std::array<Piece, kFlipSquares>;

struct FlipSearchOptions {
  bool star1 = true;  // Star1 windows at chance nodes; off: plain expectimax
  // Probing before Star1 (needs star1); off by default: on the test
  // positions its probes cost more nodes than they save (docs/flip.md).
  bool star2 = false;
  bool transposition_table = true;
  // Endgame tables (FlipEndgames) for endings with every tile face up and at
  // most this many animals (0: none). Inside the tree a missing table is
  // built only for four animals or fewer (a few milliseconds); five-animal
  // tables (a fraction of a second each) are built for the game's position
  // and the endings one capture from it.
  int endgame_pieces = 5;
  // At the horizon, captures are searched out (no flips: they are chance
  // events, not forcing); off, the evaluation is the leaf's value.
  bool quiescence = true;
  // Below the root, of the flips whose tiles have the same neighbours (the
  // same animals beside them, as many squares around), only the first is
  // searched (forward pruning; every flip is searched at the root). Off: it
  // showed no gain against the careful player (docs/flip.md, "Engine"), and
  // a pruning that shows none is not worth its unsoundness.
  bool group_flips = false;
  // The share of the evaluation lost by the time the quiet plies reach the
  // set's limit (linearly from none at 0): an advantage that the quiet rule
  // is about to turn into a draw is worth less, so the side ahead captures
  // or flips (both restart the count) instead of circling. 0: off.
  double quiet_fade = 0.75;
  // What a draw costs the side the search is for, in points. Off: taking
  // risks to avoid draws scored worse against the careful player
  // (docs/flip.md, "Node-limited matches").
  double contempt = 0;
  // What a draw costs the side the search is for, in points, on top of
  // `contempt`, while tiles are face down and that side is ahead in material
  // (by a Cat or more, kLeadForDrawCost, the pool counted whole): the early
  // repetitions the engine let PIMC have while ahead (docs/flip.md, "Where
  // the points go against PIMC"), without the risks a draw cost everywhere
  // took. 0: off.
  double lead_draw_cost = 0;
  // Chance nodes average expected results, not points: each outcome's value
  // as a share 0..1 by the curve 1/(1+e^(-v/scale)) (a won end 1, a lost
  // one 0), the average turned back into points by its inverse. Maximising
  // the expected result is what a player wants; averaging points counts a
  // lead of two Lions twice a lead of one. 0: points are averaged. 25 is
  // the curve every expected score shown uses (expected_of_points), so an
  // expected score shown is the search's own average; the matches that
  // chose it are in docs/flip.md ("Node-limited matches").
  double chance_scale = 25;
  // The evaluation weighs animals boxed in beside face-down tiles or with
  // one way out that an enemy can shut (flip_boxed_in): the engine's own
  // lost games against PIMC lost most of their animals that way
  // (docs/flip.md, "Where the points go against PIMC"). Off: on, it scored
  // 0.525 +- 0.055 against PIMC at 20 ms, the default 0.553 on those deals.
  bool boxed_in = false;
  // The evaluation's weights (flip_eval_weights.h). The engine's to set
  // (`jungle flip-match --eval-weights`); PIMC and the one-ply baselines
  // keep the defaults.
  FlipEvalWeights weights;
};

// A search value in points as the side to move's expected result, 0..1:
// the curve chance nodes average by (FlipSearchOptions::chance_scale) inside
// the evaluation's range, a won or lost end beyond it. The engine's scores
// over the protocol and the web's expected scores are this one curve.
double expected_of_points(double points);

inline constexpr SearchClock::time_point kNoDeadline{};

struct FlipLimits {
  int depth = 64;
  int movetime_ms = 0;  // 0: none
  uint64_t nodes = 0;   // 0: none
  // The clock movetime_ms and deadline are on: wall time, or the searching
  // thread's CPU time (`--cpu-time`: equal CPU a move on a loaded machine).
  SearchClock clock;
  // Where set, instead of movetime_ms: the moment on `clock` the search
  // ends by (a share of a move whose time began before the search: PIMC's
  // worlds), read in the searching thread.
  SearchClock::time_point deadline = kNoDeadline;
  // How many of the root's actions get an exact value (the best first, in
  // FlipSearchResult::lines): each beyond the first costs search, as the
  // root window may then only close on the last of them. 1: the best alone.
  int lines = 1;
  // A depth cut short by the limits still counts where it valued a root
  // action (with one line): the last depth's best is searched first, so the
  // best of those it finished is at least as good at the deeper depth.
  // Without it, the time a cut-short depth took was lost: at 20 ms a move
  // with tiles face down the engine completes depth 2 in 1 to 6 ms and
  // spends the rest on a depth 3 it never finishes (docs/flip.md, session
  // 19). The engine sets it for a move time, never for a node limit (whose
  // games stay as they were); PIMC's worlds do not.
  bool cut_short_counts = false;
};

// A root action and its value (points, for the side to move).
struct FlipLine {
  Action action;
  double score = 0;
};

struct FlipSearchResult {
  Action best;
  bool has_move = false;
  double score = 0;  // expected score for the side to move, in points
  // Whether `score` is a result, not an expectation: beyond the evaluation's
  // range, and from a root no chance node can have mixed it into (no tile
  // face down, or the game's end in one ply). An expectation over flips can
  // leave the evaluation's range too (15 chances in 16 to win), so a score
  // alone proves nothing while tiles are face down.
  bool proven = false;
  // With `proven`: the plies to the won (positive) or lost (negative) end
  // the tree saw; 0 for the endgame tables' verdict, whose scores order
  // wins by progress, not by the plies to the end.
  int plies_to_end = 0;
  int depth = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  // The best `FlipLimits::lines` root actions of the last completed depth,
  // best first, each valued exactly (lines[0] is best and score).
  std::vector<FlipLine> lines;
};

class FlipSearcher {
 public:
  explicit FlipSearcher(FlipSearchOptions options = {});

  // Iterative deepening; `on_iteration` sees each completed depth.
  FlipSearchResult search(FlipPosition& pos, const FlipLimits& limits,
                          const std::function<void(const FlipSearchResult&)>& on_iteration = {});
  // The line the last search expects after `first` from `pos`: `first`,
  // then each position's best action from the transposition table while
  // it is a move, ending at the first flip (what follows a flip depends on
  // what it reveals), the game's end or `max_plies`. Only actions legal
  // where they are played; `pos` is left as it was.
  std::vector<Action> principal_line(FlipPosition& pos, Action first, int max_plies = 12) const;
  // The value of a fixed-depth search with the full window, for tests.
  double value(FlipPosition& pos, int depth);
  // Ends a running search; it stays stopped (every later search returns at
  // once) until resume().
  void stop() { stop_ = true; }
  void resume() { stop_ = false; }
  // Empties the transposition table and the endgame tables.
  void clear();
  // Before a new game: empties the transposition table and drops the
  // endgame tables that only prepare_tables builds (five animals or more),
  // so that each game's tree is what a new searcher's would be; the smaller
  // tables, which the tree builds whenever it meets them, stay (up to
  // kKeptTableBytes), as their values depend on the rules alone: keeping
  // them changes no value and no node count, only the time to build them
  // again (most of a 20 ms move where the tree meets a new ending).
  void new_game();
  // Where the endgame tables take more than `max_bytes`: drops those that
  // only prepare_tables builds (five animals or more), and all of them if
  // the rest still take more. A searcher that is never told of a new game
  // (PIMC's, one for a whole match) so keeps its memory bounded. The tree
  // builds a dropped table again where it meets it, so that every value and
  // node count is what it was with every table kept (time aside).
  void bound_tables(size_t max_bytes);
  // The transposition table's size: the most entries, a power of two, that
  // fit in `mb` megabytes (the protocol's Hash), emptied. Throws
  // std::bad_alloc, leaving the table as it was, when the memory cannot be
  // had. Without FlipSearchOptions::transposition_table, nothing changes.
  void set_hash_mb(int mb);
  // The size a new searcher's table has, in megabytes, and its entries now.
  static int default_hash_mb();
  size_t hash_entries() const { return tt_.size(); }
  uint64_t nodes() const { return nodes_; }
  const FlipEndgames& endgames() const { return endgames_; }
  // The seer (flip_match.h): with `tiles`, each flip in the tree reveals the
  // piece under its tile, a chance node with that one outcome, where the
  // engine averages over the pool; nothing else in the search changes (the
  // evaluation still counts a face-down animal as pool material, wherever
  // it lies). A tile whose piece the position's pool does not hold is
  // averaged over as before. New tiles clear the transposition table: the
  // values it holds were found under the old ones (its keys do not see the
  // tiles). std::nullopt: the engine again.
  void know_tiles(const std::optional<FlipDeal>& tiles);

 private:
  struct TTEntry {
    uint64_t key = 0;
    double value = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // kUpper, kLower or kExact below; 0 an empty slot
    bool has_best = false;
    Action best;
  };
  static constexpr uint8_t kUpper = 1, kLower = 2, kExact = 3;

  double search_node(FlipPosition& pos, int depth, double alpha, double beta, int ply);
  double quiescence(FlipPosition& pos, double alpha, double beta, int ply, int left);
  double action_value(FlipPosition& pos, Action a, int depth, double alpha, double beta, int ply);
  double chance_value(FlipPosition& pos, Action a, int depth, double alpha, double beta, int ply);
  double result_chance_value(FlipPosition& pos, Action a, int depth, double alpha, double beta,
                             int ply);
  // One outcome of a flip (`flip` with what it reveals), searched with the
  // window (lo, hi): its value for the flipper.
  double outcome_value(FlipPosition& pos, const Ply& flip, int depth, double lo, double hi,
                       int ply);
  // What flipping the tile on `square` may reveal: the pool, or the one
  // piece know_tiles says lies there.
  Outcomes flip_outcomes(const FlipPosition& pos, Square square) const;
  double probe_bound(FlipPosition& pos, int depth, double threshold, int ply);
  // The tables' score for a position they cover, if one is built or cheap.
  std::optional<double> table_score(const FlipPosition& pos, int ply);
  void prepare_tables(FlipPosition& pos);
  void order(const FlipPosition& pos, ActionList& list) const;
  static void drop_equivalent_flips(const FlipPosition& pos, ActionList& list);
  bool out_of_time();
  // `stop`, or the deadline passed (not the node limit).
  bool time_is_up() const;

  FlipSearchOptions options_;
  FlipEndgames endgames_;
  std::vector<TTEntry> tt_;
  size_t tt_mask_ = 0;             // tt_.size() - 1: the entry of a key is key & tt_mask_
  std::optional<FlipDeal> tiles_;  // know_tiles
  uint64_t nodes_ = 0;
  uint64_t next_check_ = 1024;  // the node count at which the clock is looked at next
  uint64_t node_limit_ = 0;
  SearchClock clock_;  // the limits' clock, which deadline_ is on
  SearchClock::time_point deadline_;
  bool has_deadline_ = false;
  std::atomic<bool> stop_{false};
  bool aborted_ = false;
  bool root_side_known_ = false;
  Side root_side_ = kBlue;
  double draw_score(const FlipPosition& pos) const;
  // flip_evaluate faded by the quiet plies (quiet_fade).
  double evaluate(const FlipPosition& pos) const;
};

}  // namespace jungle::flip
