#include "flip/flip_bench.h"

#include <chrono>
#include <ctime>

#include "flip/flip_pimc.h"
#include "flip/flip_search.h"

namespace jungle::flip {

namespace {

// splitmix64: the same positions on every machine and standard library
// (std::uniform_int_distribution is not the same everywhere).
uint64_t next_bits(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double cpu_seconds() {
  return double(std::clock()) / CLOCKS_PER_SEC;
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

std::vector<FlipPosition> flip_bench_positions(const FlipRulesPtr& rules, int count) {
  std::vector<FlipPosition> out;
  for (int i = 0; i < count; ++i) {
    FlipPosition pos(rules);
    uint64_t state = uint64_t(i) + 1;
    const int plies = count > 1 ? i * 24 / (count - 1) : 0;
    for (int k = 0; k < plies; ++k) {
      const ActionList list = pos.legal_actions();
      if (list.size == 0) break;
      const Action a = list.items[size_t(next_bits(state) % uint64_t(list.size))];
      Ply ply{a, kNoPiece};
      if (a.is_flip()) {
        // A piece of the pool, each as likely as its count.
        const Outcomes o = pos.outcomes();
        int pick = int(next_bits(state) % uint64_t(o.total));
        for (int j = 0; j < o.size; ++j) {
          pick -= o.count[size_t(j)];
          if (pick < 0) {
            ply.revealed = o.piece[size_t(j)];
            break;
          }
        }
      }
      pos.play(ply);
      if (pos.end() != FlipEnd::kNone) {
        pos.undo();
        break;
      }
    }
    // The bench searches from the position alone, not its history.
    out.emplace_back(rules, pos.fen());
  }
  return out;
}

FlipBenchResult flip_bench(const std::vector<FlipPosition>& positions, const FlipLimits& limits) {
  FlipBenchResult r;
  // One searcher of each for the whole set, as for a whole game: the
  // endgame tables a search builds in its tree stay built (a fresh searcher
  // a position made building them most of the bench's time).
  FlipSearcher searcher;
  FlipPimcSearcher pimc;
  for (const FlipPosition& p : positions) {
    ++r.positions;
    FlipPosition pos = p;
    double start = cpu_seconds(), wall = wall_seconds();
    r.engine.nodes += searcher.search(pos, limits).nodes;
    r.engine.seconds += cpu_seconds() - start;
    r.engine.wall_seconds += wall_seconds() - wall;
    start = cpu_seconds();
    wall = wall_seconds();
    r.pimc.nodes += pimc.search(pos, limits).nodes;
    r.pimc.seconds += cpu_seconds() - start;
    r.pimc.wall_seconds += wall_seconds() - wall;
  }
  return r;
}

}  // namespace jungle::flip
