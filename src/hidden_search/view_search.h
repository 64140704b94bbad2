#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/search_clock.h"
#include "hidden/player_view.h"

// One alpha-beta search over a player's view of a hidden game, with chance
// nodes where the view does not know the outcome (docs/hidden.md, "The
// engine"), instead of one search per drawn world. The tree's positions
// are views: the searcher's own animals known, each enemy piece with the
// probability of each animal it may be (exact from the view's Belief at
// the root; along a line, per-piece marginals narrowed by what the line
// shows and by animals that became certain). An enemy piece may make a
// move that some animal it may be can make, and is narrowed to those
// animals by it. An attack of the searcher's on an unknown piece is a
// chance node: took or failed, weighted by the probability that the
// defender is an animal it may take, each branch narrowing the defender.
// The enemy knows its own animals: by default (OpponentModel::kInformed)
// it makes a move that only some of its piece's animals can make (an
// attack that wins, a swim, a jump) with that probability, and otherwise
// its best other move.

namespace jungle::hidden {

enum class OpponentModel : uint8_t {
  // The enemy knows its own pieces: an attack or move that only some of
  // its piece's animals can make is made when the piece is one of them.
  kInformed,
  // The enemy plays by the searcher's belief: its attacks are chance nodes
  // like the searcher's own.
  kAveraged,
  // The enemy knows its own animals but not the searcher's: it attacks a
  // piece of the searcher's whose animal it has not been shown as a
  // guesser does, with the chance that its animal takes an animal drawn
  // from the searcher's unshown ones, and the outcome follows the
  // searcher's true animal (a failed attack costs it the attacker). A
  // shown piece it attacks knowing, as kInformed does.
  kGuessing,
};

struct ViewSearchOptions {
  OpponentModel opponent = OpponentModel::kInformed;
  int hash_bits = 18;  // 2^bits table entries (16 bytes each)
  // Null-move pruning: off, it measured worse in the hidden game (a pass
  // is no test of a position whose threats the evaluation cannot see).
  bool null_move = false;
  bool reductions = true;  // late-move reductions of quiet moves
  // Reverse futility, futility and late-move pruning near the leaves, as
  // the open search prunes: off, since the view's evaluation cannot see
  // what an unknown piece threatens, and it measured worse (docs/hidden.md).
  bool leaf_pruning = false;
  // An animal the root's marginals give a piece less than this share of is
  // taken from it (its other animals share its probability): an attack
  // almost sure to take, or to fail, is then no chance node, and a move
  // only so unlikely an animal could make is no gamble, so the tree goes
  // deeper for what it no longer weighs (0: every animal with a chance).
  float least_share = 0.0f;
};

struct ViewSearchLimits {
  uint64_t nodes = 0;                // 0: no node limit
  SearchClock clock;                 // the one deadline is on
  SearchClock::time_point deadline;  // epoch: none
  int depth = 0;                     // 0: as deep as the budget allows
  // Every root move searched with a full window, so that each one's score
  // is its value and not a bound below the best (slower): for those who
  // compare moves, a review judging the move played against the best.
  bool exact_root = false;

  bool past_deadline() const {
    return deadline != SearchClock::time_point() && clock.now() >= deadline;
  }
  // Whether a budget of which `spent` nodes are gone is used up: its
  // nodes, or its time.
  bool used_up(uint64_t spent) const { return (nodes > 0 && spent >= nodes) || past_deadline(); }
  // What is left of it once `spent` nodes are gone (0 nodes left reads as
  // no limit: ask used_up first).
  ViewSearchLimits after(uint64_t spent) const {
    ViewSearchLimits out = *this;
    if (nodes > 0) out.nodes = nodes - std::min(nodes, spent);
    return out;
  }
};

struct ViewSearchResult {
  Move best;
  int score = 0;  // centipawns for the side to move; kMateScore-style wins
  int depth = 0;  // the last complete iteration
  uint64_t nodes = 0;
  // Every root move with its score at the last depth that valued it, best first.
  std::vector<std::pair<Move, int>> scores;
};

// The outcomes of an attack of the view's side to move, as the view's
// belief weighs them: the probability that the attack takes.
struct AttackOdds {
  double took = 0;
  double failed = 0;
};

// A tree score as an expected result, 0..1 (a win 1, a loss 0; otherwise
// the logistic of hidden_search's expected_result), and back: chance nodes
// average expected results, not centipawns. A utility outside (0, 1)
// reads as `beyond` when it is not 0 (a window's open end), else as the
// largest score short of a win or loss.
double tree_utility(int score);
int tree_score(double utility, int beyond = 0);

class ViewSearch {
 public:
  explicit ViewSearch(ViewSearchOptions options = {});
  ~ViewSearch();
  ViewSearch(const ViewSearch&) = delete;
  ViewSearch& operator=(const ViewSearch&) = delete;
  const ViewSearchOptions& options() const { return options_; }
  void set_options(const ViewSearchOptions& options);
  // Forgets what earlier searches found (the table is kept from move to
  // move, and cleared by itself when a view earlier than the last comes).
  void new_game();

  // The view's side must be to move. `stop` (may be null) ends the search
  // early; it still answers with its last complete depth.
  ViewSearchResult search(const PlayerView& view, const ViewSearchLimits& limits,
                          const std::atomic<bool>* stop = nullptr);

  // The static evaluation of the view for its side to move: the open
  // evaluation's terms, each unknown piece valued as the expectation over
  // its animals.
  int evaluate(const PlayerView& view);
  // The value of one move of the side to move, searched `depth` plies
  // deep with a full window (a chance node's weighted sum when the view
  // does not know the outcome): for tests and analysis.
  int value_of(const PlayerView& view, Move m, int depth);
  // The root's chances of an attack of the side to move (`m` onto an enemy
  // piece), from the view's exact belief.
  AttackOdds odds(const PlayerView& view, Move m);
  // The chances, as OpponentModel::kGuessing weighs them, that the enemy
  // (to move in `view`, which is the other side's) makes its attack `m`
  // on a piece of the view's side and that it takes (`took`) or fails
  // (`failed`); the rest of the time it makes another move.
  AttackOdds guessed_attack(const PlayerView& view, Move m);
  // How well each animal its piece may be explains the enemy's move
  // `played` in `before` (the view just before it, the enemy to move), by
  // a cheap model of the enemy: each of its moves valued one ply deep and
  // quiescence beyond, with the moving piece that animal, the searcher's
  // unshown pieces as the enemy sees them (any of the searcher's animals
  // not yet shown), and the move chosen by a softmax of those values at
  // `temperature` centipawns. The likelihood by animal (0 for an animal
  // the piece cannot be), each mixed with `uniform` of a random choice
  // among the moves, so that no single move rules an animal out.
  // `read_piece` (an enemy piece's id; -1: the one that moved) is the piece
  // whose animals are weighed: a piece that stood still says something too
  // (one that could have taken and did not). `worlds` > 0: the guessing
  // model instead (MoveReadingOptions::worlds): in each of that many
  // worlds the searcher's unshown pieces on land are the animals not yet
  // shown in a random order, the enemy chooses by the softmax of its
  // moves' values there (one ply and quiescence) at `temperature`, or at
  // 1 centipawn or less plays the best move there (ties shared), and the
  // likelihood is the mean over the worlds of the move's probability,
  // mixed with `uniform` as above.
  std::array<double, kAnimals> move_likelihoods(const PlayerView& before, Move played,
                                                double temperature, double uniform,
                                                int read_piece = -1, int worlds = 0);
  // move_likelihoods for each of `read_pieces` (piece ids; -1: the one that
  // moved) of one move, each read with its own node limit as if asked
  // alone, and with the nodes it took; the view's marginals are worked out
  // once for them all rather than once a piece. `budget`: the most nodes
  // the pieces' readings take together (0: no limit) and the moment they
  // end (on its clock; the epoch: none); a reading it cuts short, and every
  // one after, says nothing (every animal the piece may be alike).
  struct PieceReading {
    std::array<double, kAnimals> likelihood{};
    uint64_t nodes = 0;
  };
  std::vector<PieceReading> read_pieces(const PlayerView& before, Move played, double temperature,
                                        double uniform, const std::vector<int>& read_pieces,
                                        int worlds = 0, const ViewSearchLimits& budget = {});
  // The nodes the last search (or move_likelihoods) visited.
  uint64_t last_nodes() const;

 private:
  struct Impl;
  ViewSearchOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace jungle::hidden
