#pragma once

#include <atomic>
#include <memory>

#include "core/position.h"
#include "search/evaluation.h"
#include "search/search.h"
#include "search/transposition_table.h"

namespace jungle::hidden {

// The open game's alpha-beta search (search/search.h) run in the caller's
// thread. A hidden move needs dozens of short searches, one per world and
// candidate; the Engine facade starts a thread for each, which on a busy
// machine costs a scheduler's time slice apiece, more than the search.
// One thread, one table, the engine's evaluation and contempt.
class WorldSearch {
 public:
  explicit WorldSearch(int hash_mb = 16);
  void set_rules(const RuleSetPtr& rules);
  const RuleSetPtr& rules() const { return rules_; }
  // Clears the table and the move-ordering history.
  void new_game();
  // Searches `pos` within `limits` (depth, nodes, movetime, search_moves);
  // no best move when the side to move has none. With `lines` > 1, the
  // scores of the best `lines` moves, each searched to the full depth, are
  // in `scores` (best first).
  SearchResult search(const Position& pos, const SearchLimits& limits, int lines = 1,
                      std::vector<std::pair<Move, int>>* scores = nullptr);
  // Ends the running search early (from another thread; it still answers)
  // and every later one until resume().
  void stop() {
    halted_ = true;
    shared_.stop = true;
  }
  void resume() { halted_ = false; }
  // A movetime spent whole, to its end (a search of the hidden players at
  // equal time), where the open engine begins no iteration past 60% of it:
  // at 20 ms a move that left a quarter of the sampler's time unused.
  void set_whole_time(bool whole) { whole_time_ = whole; }

 private:
  RuleSetPtr rules_;
  std::unique_ptr<Evaluator> evaluator_;
  TranspositionTable tt_;
  SearchShared shared_;
  std::unique_ptr<SearchWorker> worker_;
  std::atomic<bool> halted_{false};
  bool whole_time_ = false;
};

}  // namespace jungle::hidden
