// Micro-benchmarks of the engine's innermost loops: move generation, the
// static evaluation and the transposition table. `jungle bench` measures the
// whole search; these tell which part a change made faster or slower.
// Built by default (target jungle_microbench), never run by the tests:
//   build/rel/jungle_microbench [--benchmark_filter=Eval]

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/variants.h"
#include "search/bench_positions.h"
#include "search/evaluation.h"
#include "search/transposition_table.h"

namespace jungle {
namespace {

// The bench's positions, each under its own rule set.
std::vector<Position> bench_positions() {
  std::vector<Position> positions;
  for (const BenchPosition& p : kBenchPositions)
    positions.push_back(Position::from_fen(p.fen, load_variant(p.variant)));
  return positions;
}

void BM_GenerateMoves(benchmark::State& state) {
  const std::vector<Position> positions = bench_positions();
  int64_t moves = 0;
  for (auto _ : state) {
    for (const Position& pos : positions) {
      const MoveList list = generate_moves(pos);
      moves += list.size();
      benchmark::DoNotOptimize(list);
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
  state.counters["moves/position"] =
      double(moves) / double(int64_t(state.iterations()) * int64_t(positions.size()));
}
BENCHMARK(BM_GenerateMoves);

// Make and unmake every move: what the search does between two move lists.
void BM_DoUndoMove(benchmark::State& state) {
  std::vector<Position> positions = bench_positions();
  std::vector<MoveList> lists;
  for (const Position& pos : positions) lists.push_back(generate_moves(pos));
  int64_t made = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      for (const Move m : lists[i]) {
        positions[i].do_move(m);
        benchmark::DoNotOptimize(positions[i].key());
        positions[i].undo_move();
      }
      made += lists[i].size();
    }
  }
  state.SetItemsProcessed(made);
}
BENCHMARK(BM_DoUndoMove);

void BM_Perft3(benchmark::State& state) {
  Position start;
  uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(start, 3);
  state.SetItemsProcessed(int64_t(nodes));
}
BENCHMARK(BM_Perft3);

void BM_Evaluate(benchmark::State& state) {
  const std::vector<Position> positions = bench_positions();
  // One evaluator per position: each holds tables derived from its rules.
  std::vector<Evaluator> evaluators;
  evaluators.reserve(positions.size());
  for (const Position& pos : positions) evaluators.emplace_back(pos.rule_set());
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i)
      benchmark::DoNotOptimize(evaluators[i].evaluate(positions[i]));
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
}
BENCHMARK(BM_Evaluate);

// Building an evaluator: paid on every change of rules or weights.
void BM_BuildEvaluator(benchmark::State& state) {
  const RuleSetPtr rules = RuleSet::standard();
  for (auto _ : state) {
    const Evaluator ev(*rules);
    benchmark::DoNotOptimize(ev.piece_value(kRat));
  }
}
BENCHMARK(BM_BuildEvaluator);

// Probes and stores at random keys in a table of state.range(0) MB: the
// search's access pattern, dominated by cache and TLB misses once the table
// outgrows the caches.
void BM_TranspositionTable(benchmark::State& state) {
  TranspositionTable tt(size_t(state.range(0)));
  std::mt19937_64 rng(1);
  // 16 MB of keys: more than the caches hold, as in a real search.
  std::vector<uint64_t> keys(1 << 21);
  for (uint64_t& k : keys) k = rng() | 1;
  size_t next = 0;
  int64_t hits = 0;
  for (auto _ : state) {
    const uint64_t key = keys[next++ & (keys.size() - 1)];
    TTHit hit;
    if (tt.probe(key, hit)) {
      ++hits;
    } else {
      tt.store(key, Move(), 10, 20, 5, kBoundExact);
    }
    benchmark::DoNotOptimize(hit);
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
  state.counters["hit rate"] = double(hits) / double(std::max<int64_t>(1, state.iterations()));
}
BENCHMARK(BM_TranspositionTable)->Arg(1)->Arg(16)->Arg(256);

}  // namespace
}  // namespace jungle

BENCHMARK_MAIN();
