#include "search/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <new>
#include <string>
#include <string_view>

#include "search/search_params.h"

namespace jungle {

namespace {

// MemAvailable from /proc/meminfo, or -1 where it cannot be read. Linux
// grants an allocation beyond what is free and kills the process when the
// table is written, so a table that does not fit must be refused up front.
int64_t available_memory_mb() {
  std::ifstream in("/proc/meminfo");
  constexpr std::string_view kKey = "MemAvailable:";
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, kKey.size(), kKey) == 0)
      return std::strtoll(line.c_str() + kKey.size(), nullptr, 10) / 1024;
  }
  return -1;
}

}  // namespace

Engine::Engine(const EngineOptions& options)
    : rules_(RuleSet::standard()), tt_(size_t(std::max(1, options.hash_mb))) {
  options_.hash_mb = options.hash_mb;  // the table is already the size asked for
  make_evaluator();
  rng_.seed(uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  set_options(options);  // the rest
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::ensure_workers() {
  const int n = std::clamp(options_.threads, 1, 256);
  if (int(workers_.size()) == n) return;
  workers_.clear();
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<SearchWorker>(shared_, i));
}

void Engine::set_options(const EngineOptions& options) {
  wait();
  std::shared_ptr<const tb::Tablebase> tables = tablebase_;
  if (options.tablebase_path != options_.tablebase_path) {
    tables = options.tablebase_path.empty()
                 ? nullptr
                 : std::make_shared<const tb::Tablebase>(rules_, options.tablebase_path);
  }
  if (options.hash_mb != options_.hash_mb) {
    // The new table is made before the old one goes, so that a failure
    // (std::bad_alloc) leaves the engine as it was.
    const int64_t available = available_memory_mb();
    if (available >= 0 && options.hash_mb > available) throw std::bad_alloc();
    TranspositionTable table(size_t(std::max(1, options.hash_mb)));
    tt_ = std::move(table);
  }
  tablebase_ = std::move(tables);
  options_ = options;
  if (options_.seed) rng_.seed(options_.seed);
  ensure_workers();
}

void Engine::set_rules(RuleSetPtr rules) {
  wait();
  rules_ = std::move(rules);
  make_evaluator();
  // Tables made under other rules would be wrong here: without a fitting
  // folder the engine plays without tables.
  tablebase_.reset();
  if (!options_.tablebase_path.empty()) {
    try {
      tablebase_ = std::make_shared<const tb::Tablebase>(rules_, options_.tablebase_path);
    } catch (const std::exception&) {
    }
  }
  new_game();
}

void Engine::set_eval_params(std::optional<EvalParams> params) {
  wait();
  eval_params_ = std::move(params);
  make_evaluator();
  new_game();  // stored scores came from the old weights
}

void Engine::make_evaluator() {
  evaluator_ = std::make_unique<Evaluator>(
      *rules_, eval_params_ ? *eval_params_ : default_eval_params(*rules_));
}

void Engine::new_game() {
  wait();
  tt_.clear();
  for (auto& w : workers_) w->clear_history();
}

int Engine::static_eval(const Position& pos) const {
  return evaluator_->evaluate(pos);
}
std::string Engine::eval_trace(const Position& pos) const {
  return evaluator_->trace(pos);
}

void Engine::start(const Position& pos, const SearchLimits& limits, InfoCallback on_info,
                   DoneCallback on_done) {
  wait();
  searching_ = true;
  shared_.stop = false;
  main_thread_ =
      std::thread(&Engine::run_search, this, pos, limits, std::move(on_info), std::move(on_done));
}

void Engine::stop() {
  shared_.stop = true;
  shared_.keep_going = false;
}

void Engine::wait() {
  if (main_thread_.joinable()) main_thread_.join();
}

SearchResult Engine::search(const Position& pos, const SearchLimits& limits, InfoCallback on_info) {
  SearchResult result;
  start(pos, limits, std::move(on_info), [&](const SearchResult& r) { result = r; });
  wait();
  return result;
}

void Engine::run_search(Position pos, SearchLimits limits, InfoCallback on_info,
                        DoneCallback on_done) {
  shared_.tt = &tt_;
  shared_.evaluator = evaluator_.get();
  shared_.settings.threads = int(workers_.size());
  shared_.settings.move_overhead_ms = options_.move_overhead_ms;
  shared_.settings.eval = options_.mode == EngineMode::kMaterial   ? EvalKind::kMaterial
                          : options_.mode == EngineMode::kDefender ? EvalKind::kDefender
                                                                   : EvalKind::kFull;
  // The baselines stay what they were measured as: they take draws at face value.
  shared_.settings.contempt = options_.mode == EngineMode::kFull ? options_.contempt : 0;
  shared_.settings.multipv = std::max(1, options_.multipv);
  // Wall time whatever limits.clock says: the helpers' CPU is not this thread's.
  shared_.clock = SearchClock::wall();
  shared_.start = shared_.clock.now();
  shared_.total_nodes = 0;
  shared_.on_info = on_info;
  shared_.keep_going = limits.infinite;

  const bool weakened = options_.mode == EngineMode::kFull && options_.skill_level < 20;
  if (options_.mode == EngineMode::kMaterial || options_.mode == EngineMode::kDefender) {
    limits.depth = options_.baseline_depth;
    limits.movetime_ms = 0;
    limits.time_ms[kBlue] = limits.time_ms[kRed] = -1;
  }
  if (weakened) {
    // Beginners see little: cap the depth and consider several moves.
    const int skill_depth = 1 + options_.skill_level / search_params::kSkillDepthDivisor;
    limits.depth = limits.depth ? std::min(limits.depth, skill_depth) : skill_depth;
    shared_.settings.multipv = std::max(shared_.settings.multipv, search_params::kSkillMultiPv);
  }
  shared_.limits = limits;
  plan_time(shared_, pos.side_to_move());

  shared_.tablebase = options_.mode == EngineMode::kFull ? tablebase_.get() : nullptr;
  shared_.tb_pieces = shared_.tablebase ? shared_.tablebase->max_pieces() : 0;
  shared_.tb_hits = 0;

  SearchResult result;
  if (shared_.tablebase && !weakened && tablebase_result(pos, limits, on_info, result)) {
    result.errors = tablebase_->new_damage();
    searching_ = false;
    if (on_done) on_done(result);
    return;
  }
  // A position drawn by the move limit or by repetition is still searched:
  // the interface may play on (those rules still score the lines below).
  MoveList legal = generate_moves_past_draws(pos);
  if (options_.mode == EngineMode::kRandom && !legal.empty()) {
    result.best = legal[int(rng_() % uint64_t(legal.size()))];
  } else if (!legal.empty()) {
    tt_.new_search();
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < workers_.size(); ++i) {
      helpers.emplace_back([this, i, &pos] { workers_[i]->run(pos); });
    }
    workers_[0]->run(pos);
    // `go infinite` keeps the answer until told to stop, as the protocol asks.
    while (shared_.keep_going && !shared_.stop)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    shared_.stop = true;
    for (auto& t : helpers) t.join();
    result = pick_result(pos);
    if (weakened) {
      // Choose among the best few with a push towards weaker moves that
      // shrinks as the skill level rises, so mistakes look human rather than random.
      const auto& rms = workers_[0]->root_moves();
      int candidates = 0;
      while (candidates < std::min<int>(shared_.settings.multipv, int(rms.size())) &&
             rms[candidates].score != -kInfinite)
        ++candidates;
      if (candidates > 1) {
        const int top = rms[0].score;
        const int spread =
            std::min(top - rms[candidates - 1].score, search_params::kSkillMaxSpread);
        const int weakness = search_params::kSkillWeaknessBase -
                             search_params::kSkillWeaknessPerLevel * options_.skill_level;
        int best_value = -2 * kInfinite;
        for (int i = 0; i < candidates; ++i) {
          const int push =
              (weakness * (top - rms[i].score) + spread * int(rng_() % uint64_t(weakness))) /
              search_params::kSkillPushDivisor;
          if (rms[i].score + push > best_value) {
            best_value = rms[i].score + push;
            result.best = rms[i].move;
            result.score = rms[i].score;
            result.ponder = rms[i].pv.size() > 1 ? rms[i].pv[1] : Move();
          }
        }
      }
    }
  }
  for (auto& w : workers_) result.nodes += w->nodes();
  if (tablebase_) result.errors = tablebase_->new_damage();
  searching_ = false;
  if (on_done) on_done(result);
}

bool Engine::tablebase_result(const Position& pos, const SearchLimits& limits,
                              const InfoCallback& on_info, SearchResult& result) {
  if (!tablebase_->covers(pos)) return false;
  std::vector<tb::Tablebase::MoveValue> moves;
  try {
    moves = tablebase_->move_values(pos);
  } catch (const tb::TableError&) {
    return false;  // a damaged table: searched instead, and the error told after
  }
  if (!limits.search_moves.empty()) {
    std::erase_if(moves, [&](const tb::Tablebase::MoveValue& m) {
      return std::find(limits.search_moves.begin(), limits.search_moves.end(), m.move) ==
             limits.search_moves.end();
    });
  }
  if (moves.empty()) return false;
  const tb::Verdict& v = moves.front().verdict;
  // The winner takes the shortest way and the loser the longest (the moves
  // come sorted so); every drawing move holds the draw.
  result.best = moves.front().move;
  result.score = v.wdl == tb::Wdl::kWin    ? kMateScore - v.distance
                 : v.wdl == tb::Wdl::kLoss ? -kMateScore + v.distance
                                           : 0;
  result.depth = 1;
  shared_.tb_hits = moves.size() + 1;
  if (on_info) {
    SearchInfo info;
    info.depth = 1;
    info.seldepth = 1;
    info.score = result.score;
    info.time_ms = shared_.elapsed_ms();
    info.hashfull = tt_.hashfull();
    info.tablebase = true;
    info.tbhits = shared_.tb_hits;
    info.pv = {result.best};
    on_info(info);
  }
  return true;
}

SearchResult Engine::pick_result(const Position&) {
  SearchResult r;
  const auto& rms = workers_[0]->root_moves();
  if (rms.empty()) return r;
  r.best = rms[0].move;
  r.score = rms[0].score == -kInfinite ? rms[0].previous_score : rms[0].score;
  r.ponder = rms[0].pv.size() > 1 ? rms[0].pv[1] : Move();
  r.depth = workers_[0]->completed_depth();
  return r;
}

}  // namespace jungle
