#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/position.h"
#include "search/evaluation.h"
#include "search/search.h"
#include "search/transposition_table.h"
#include "tablebase/tablebase.h"

namespace jungle {

// How the engine picks its moves: full strength (weakened by skill level),
// or one of the baselines strength is measured against: a random mover,
// material only at a fixed depth, and the defender (material and staying
// home at a fixed depth, Evaluator::defender), the passive opponent that
// a winning engine must break.
enum class EngineMode { kFull, kRandom, kMaterial, kDefender };

struct EngineOptions {
  int hash_mb = 64;
  int threads = 1;
  int multipv = 1;
  int64_t move_overhead_ms = 30;
  int skill_level = 20;  // 0 (beginner) .. 20 (full strength)
  int contempt = 20;     // centipawns a draw is worth less than equality (full mode only)
  EngineMode mode = EngineMode::kFull;
  int baseline_depth = 3;  // the material and defender baselines search exactly this deep
  uint64_t seed = 0;       // for the random mover and skill levels; 0: from the clock
  // A folder of endgame tables (docs/tablebases.md); empty: none.
  std::string tablebase_path;
};

// The engine facade: the protocol and the user interfaces drive it and never
// touch the search's internals.
class Engine {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const SearchResult&)>;

  // An engine with these options from the start: its hash table is
  // allocated (and zeroed) once, at the size asked for, not at the default
  // size and then again (64 MB written for nothing by every engine a web
  // server's pool makes).
  explicit Engine(const EngineOptions& options = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Changing options or the rule set waits for a running search to finish.
  // A hash table that cannot be allocated throws std::bad_alloc and changes
  // nothing; a tablebase folder that cannot be used throws tb::TableError
  // (or std::invalid_argument for rules without tables) and changes nothing.
  void set_options(const EngineOptions& options);
  const EngineOptions& options() const { return options_; }
  void set_rules(RuleSetPtr rules);
  const RuleSetPtr& rules() const { return rules_; }
  // The tables in use (null without TablebasePath, or when they do not fit the rules).
  const tb::Tablebase* tablebase() const { return tablebase_.get(); }
  // The evaluation's weights for every rule set; nullopt: the compiled-in
  // weights of each rule set's board.
  void set_eval_params(std::optional<EvalParams> params);
  void new_game();

  // Starts a search of `pos` in the background; on_info is called from the
  // search thread as depths complete, on_done once with the chosen move.
  void start(const Position& pos, const SearchLimits& limits, InfoCallback on_info,
             DoneCallback on_done);
  void stop();  // ends the current search early; its result is still delivered
  void wait();  // until the current search has delivered its result
  bool searching() const { return searching_; }
  // start + wait.
  SearchResult search(const Position& pos, const SearchLimits& limits, InfoCallback on_info = {});

  int static_eval(const Position& pos) const;
  std::string eval_trace(const Position& pos) const;

 private:
  void run_search(Position pos, SearchLimits limits, InfoCallback on_info, DoneCallback on_done);
  SearchResult pick_result(const Position& pos);
  void ensure_workers();
  void make_evaluator();
  // The root answered from the tables: the best move by distance to the end.
  bool tablebase_result(const Position& pos, const SearchLimits& limits,
                        const InfoCallback& on_info, SearchResult& result);

  EngineOptions options_;
  RuleSetPtr rules_;
  std::optional<EvalParams> eval_params_;
  std::unique_ptr<Evaluator> evaluator_;
  std::shared_ptr<const tb::Tablebase> tablebase_;
  TranspositionTable tt_;
  SearchShared shared_;
  std::vector<std::unique_ptr<SearchWorker>> workers_;
  std::thread main_thread_;
  std::atomic<bool> searching_{false};
  std::mt19937_64 rng_;
};

}  // namespace jungle
