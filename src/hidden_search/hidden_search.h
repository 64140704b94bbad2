#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "hidden/player_view.h"
#include "hidden_search/move_reading.h"
#include "hidden_search/view_search.h"
#include "hidden_search/world_search.h"

// Choosing a move in a hidden game from a player's view (docs/hidden.md,
// "The engine"). The view's belief says which animals each unknown enemy
// piece can still be. Out of contact with them the searcher plays the open
// engine's move in one world drawn from the belief; in contact, by default,
// one search over the view with chance nodes at attacks (view_search.h,
// HiddenMethod::kTree). The other method draws arrangements that explain
// every announcement ("worlds"), searches each with the alpha-beta engine
// of the open game, and plays the move best on average over the worlds,
// each world's score turned into an expected result first so that one
// world's brilliant line cannot outvote the others (determinization, or
// perfect information Monte Carlo); a try that fails in a world is valued
// by what the failure does there. It never sees anything but the view.

namespace jungle::hidden {

// How a move is chosen in contact with unknown enemy pieces.
enum class HiddenMethod : uint8_t {
  // One search over the view, with chance nodes at attacks whose outcome
  // the view does not know (view_search.h).
  kTree,
  // Determinization: worlds drawn from the belief, each searched by the
  // open engine, the move best on average over them.
  kWorlds,
};

struct HiddenSearchOptions {
  HiddenMethod method = HiddenMethod::kTree;
  // The tree's model of the enemy, and whether it prunes near the leaves
  // as the open search does (kTree only; ViewSearchOptions).
  OpponentModel opponent = OpponentModel::kInformed;
  bool tree_pruning = false;
  // Worlds drawn per move; fewer when fewer arrangements remain (one when
  // the enemy is known).
  int worlds = 8;
  // One world is enough while no own piece is within this many steps of an
  // enemy piece whose animal is unknown: nothing the engine may not know
  // can happen within its horizon then, and one world searches deepest.
  // 0: always `worlds`.
  int contact_steps = 4;
  // Step 1 (the candidates): each world's search ranks its best `lines`
  // moves; the `candidates` best in the most worlds, then ranked in the
  // most, go on to step 2.
  int lines = 1;
  int candidates = 4;
  // Share of the time for step 1; step 2 values every candidate in every
  // world with the rest.
  double first_share = 0.4;
  // How far a candidate's value leans from its mean over the worlds
  // towards its worst world (0: the mean; 1: the worst).
  double risk = 0.0;
  // With a time or node budget: the share of it for searching one world
  // deep (the anchor) whose best `candidates` moves are the candidates;
  // each is valued over the worlds at the depth the rest allows, plus what
  // the anchor's deeper search found beyond its own shallow value.
  // 0: no anchor (the candidates come from step 1's votes).
  double anchor_share = 0.0;
  // The tree's least share (ViewSearchOptions::least_share): an animal a
  // piece is less likely than this is not searched (0: every animal). 2%
  // measured stronger than every animal at equal nodes against the
  // sampler (+0.031 over 3,200 games) and PIMC (+0.023 over 800), and at
  // equal CPU time (docs/hidden.md, "The tree's least share").
  double least_share = 0.02;
  // The belief reads the enemy's moves (move_reading.h): the worlds drawn
  // and the tree's odds lean towards the animals that explain them.
  MoveReadingOptions reading;
  int hash_mb = 16;
  uint64_t seed = 1;
};

// The bounds of HiddenSearchOptions' numbers (and of PIMC's worlds),
// checked wherever they are set: the engine's options and `jungle
// hidden-match`'s flags. The shares are whole percentages there.
inline constexpr int kMaxSearchWorlds = 256;
inline constexpr int kMaxCandidates = 64;
inline constexpr int kMaxContactSteps = 64;
inline constexpr int kMaxWorldLines = 16;
inline constexpr int kMinFirstSharePercent = 5;
inline constexpr int kMaxAnchorSharePercent = 90;
// The tree's least share: past a fifth, a piece's second animal could go.
inline constexpr int kMaxLeastSharePercent = 20;

struct HiddenLimits {
  int64_t movetime_ms = 0;  // time for the whole move
  // With a movetime, the move's hard end where it is earlier than the
  // movetime from the search's start: the engine sets it from the moment
  // it was asked (`go`), so that building its view and its searcher count
  // against the move as well (none: the movetime from the search's start).
  // On `clock`, and read in the searching thread.
  SearchClock::time_point deadline{};
  // The clock the movetime is counted on: wall time, or the searching
  // thread's CPU time (`--cpu-time`: equal CPU a move on a loaded machine).
  SearchClock clock;
  uint64_t nodes = 0;  // instead of time: nodes for the whole move, all worlds together
  int depth = 0;       // with no time: the depth of each world's search
  // Every try valued, not the best alone: the tree's exactly
  // (ViewSearchLimits::exact_root), one world's search by a line for each.
  bool exact_candidates = false;
};

// What one candidate move is worth: its mean expected result over the worlds.
struct MoveValue {
  Move move;
  double expected = 0;  // 0 (loss) .. 1 (win) for the side to move
  int best_in = 0;      // worlds in which it was the best move
};

struct HiddenSearchResult {
  Move best;  // none when the view has no move to try
  double expected = 0.5;
  // Worlds searched; for the tree, which searches the view itself, the
  // arrangements its belief weighs (all that explain the announcements).
  int worlds = 0;
  int depth = 0;  // the deepest world search completed
  uint64_t nodes = 0;
  std::vector<MoveValue> candidates;  // best first
};

class HiddenSearcher {
 public:
  explicit HiddenSearcher(HiddenSearchOptions options = {});
  const HiddenSearchOptions& options() const { return options_; }
  void set_options(const HiddenSearchOptions& options);
  void new_game();

  // The move to try in `view` (whose viewer must be to move). Thread-safe
  // with stop() only.
  HiddenSearchResult search(const PlayerView& view, const HiddenLimits& limits);
  // One world drawn from the view and the open engine's best move in it:
  // the "sampler" baseline, which plays as if its one guess were the truth.
  HiddenSearchResult search_one_world(const PlayerView& view, const HiddenLimits& limits);
  // Ends the running search early (it still answers), and every later
  // one until resume(): a stop sent just before a search begins is not lost.
  void stop();
  void resume();

 private:
  // Searches one world within `budget` (milliseconds, or nodes when
  // by_nodes_; 0: to `depth` only).
  SearchResult search_world(const Position& world, int64_t budget, int depth,
                            std::vector<Move> only = {}, int lines = 1,
                            std::vector<std::pair<Move, int>>* scores = nullptr);
  void prepare(const PlayerView& view);

  HiddenSearchResult search_tree(const PlayerView& view, const HiddenLimits& limits);
  // search() once the view's belief holds what the enemy's moves say.
  HiddenSearchResult search_read(const PlayerView& view, const HiddenLimits& limits);

  HiddenSearchOptions options_;
  WorldSearch engine_;
  ViewSearch tree_;
  MoveReader reader_;
  RuleSetPtr rules_;
  std::mt19937_64 rng_;
  std::atomic<bool> stop_{false};
  bool by_nodes_ = false;  // the running search's budget is in nodes
  SearchClock clock_;      // the running search's clock (its limits')
};

// When a move of `limits` (with a movetime) begun now ends: its movetime
// from now, or its deadline where that is earlier.
SearchClock::time_point move_end(const HiddenLimits& limits);
// The milliseconds a move of `limits` may still take from now: its movetime,
// cut at its deadline; at least 1 (the searchers answer even out of time),
// 0 without a movetime.
int64_t move_time_ms(const HiddenLimits& limits);

// A search score for the side to move as an expected result, 0..1.
double expected_result(int score);
// Whether a piece of the side to move is within `steps` steps of an enemy
// piece that is still more than one animal.
bool in_contact(const PlayerView& view, int steps);

}  // namespace jungle::hidden
