#include "hidden_search/world_search.h"

#include <chrono>

#include "search/engine.h"

namespace jungle::hidden {

WorldSearch::WorldSearch(int hash_mb) : tt_(size_t(hash_mb)) {
  worker_ = std::make_unique<SearchWorker>(shared_, 0);
}

void WorldSearch::set_rules(const RuleSetPtr& rules) {
  if (rules_ == rules) return;
  rules_ = rules;
  evaluator_ = std::make_unique<Evaluator>(*rules_);
  new_game();
}

void WorldSearch::new_game() {
  tt_.clear();
  worker_->clear_history();
}

SearchResult WorldSearch::search(const Position& pos, const SearchLimits& limits, int lines,
                                 std::vector<std::pair<Move, int>>* scores) {
  SearchResult result;
  if (scores) scores->clear();
  if (!evaluator_ || rules_ != pos.rule_set_ptr()) set_rules(pos.rule_set_ptr());
  if (generate_moves_past_draws(pos).empty()) return result;
  shared_.tt = &tt_;
  shared_.evaluator = evaluator_.get();
  shared_.settings = SearchSettings();
  shared_.settings.move_overhead_ms = 0;
  // The engine's own contempt, so that its worlds are searched as it searches.
  shared_.settings.contempt = EngineOptions().contempt;
  shared_.settings.multipv = std::max(1, lines);
  shared_.limits = limits;
  // One thread searches: its CPU time is the search's where the limits ask for it.
  shared_.clock = limits.clock;
  shared_.start = shared_.clock.now();
  shared_.total_nodes = 0;
  shared_.keep_going = false;
  shared_.on_info = nullptr;
  shared_.tablebase = nullptr;
  shared_.tb_pieces = 0;
  // Cleared before halted_ is read, so that a stop() racing with this
  // line still ends the search.
  shared_.stop = false;
  if (halted_) shared_.stop = true;
  plan_time(shared_, pos.side_to_move());
  // No optimum: no iteration is given up for time, the maximum ends it.
  if (whole_time_ && limits.movetime_ms > 0) shared_.optimum_ms = 0;
  tt_.new_search();
  worker_->run(pos);
  const auto& rms = worker_->root_moves();
  if (!rms.empty()) {
    result.best = rms[0].move;
    result.score = rms[0].score == -kInfinite ? rms[0].previous_score : rms[0].score;
    result.ponder = rms[0].pv.size() > 1 ? rms[0].pv[1] : Move();
    result.depth = worker_->completed_depth();
    if (scores) {
      // An iteration cut short leaves its scores unknown: the last complete
      // one's stand for them.
      // (stopped for time, or short of the depth asked).
      const bool cut = shared_.stop.load() || (limits.depth > 0 && result.depth < limits.depth);
      for (int i = 0; i < std::min<int>(std::max(1, lines), int(rms.size())); ++i) {
        const int score = cut || rms[size_t(i)].score == -kInfinite ? rms[size_t(i)].previous_score
                                                                    : rms[size_t(i)].score;
        if (score != -kInfinite) scores->emplace_back(rms[size_t(i)].move, score);
      }
    }
  }
  result.nodes = worker_->nodes();
  return result;
}

}  // namespace jungle::hidden
