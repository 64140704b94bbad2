// `go perft` and `bench`, run in the background like a search so that
// `stop` and `isready` are answered meanwhile.

#include "protocol/uci.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>

#include "core/text_util.h"
#include "core/variants.h"
#include "game/family.h"
#include "protocol/uci_limits.h"
#include "search/bench_positions.h"
#include "search/engine.h"

namespace jungle {

using namespace uci_limits;

namespace {

// Engine::search, passing `stop` on to the engine while it runs.
SearchResult search_until_stopped(Engine& engine, const Position& pos, const SearchLimits& limits,
                                  const std::atomic<bool>& stop) {
  SearchResult result;
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false;
  engine.start(pos, limits, {}, [&](const SearchResult& r) {
    std::lock_guard<std::mutex> lock(mutex);
    result = r;
    done = true;
    cv.notify_one();
  });
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return done; })) {
      if (stop.load()) engine.stop();
    }
  }
  engine.wait();
  return result;
}

}  // namespace

void UciProtocol::cmd_perft(int depth) {
  task_stop_ = false;
  task_ = std::thread([this, depth, observation = *observation_, family = family_] {
    std::vector<game::PerftLine> lines;
    try {
      lines = family->perft(observation, depth, task_stop_);
    } catch (const std::exception& e) {
      error(std::string("go perft: ") + e.what());
      return;
    }
    if (task_stop_) {
      send("info string perft stopped");
      return;
    }
    uint64_t total = 0;
    std::string text;
    for (const game::PerftLine& line : lines) {
      text += line.action + ": " + std::to_string(line.leaves) + "\n";
      total += line.leaves;
    }
    text += "\nNodes searched: " + std::to_string(total);
    send(text);
  });
}

void UciProtocol::cmd_bench(const std::vector<std::string>& args) {
  int depth = kDefaultBenchDepth;
  if (!args.empty() && (!parse_int(args[0], depth) || depth < 1 || depth >= kMaxPly)) {
    error("bench: depth must be an integer from 1 to " + std::to_string(kMaxPly - 1) + ", not '" +
          args[0] + "'");
    return;
  }
  interrupt();
  task_stop_ = false;
  task_ = std::thread([this, depth] {
    const BenchResult r = run_bench(
        depth, [this](const std::string& line) { send(line); }, &task_stop_);
    if (r.stopped) send("info string bench stopped");
  });
}

BenchResult run_bench(int depth, const std::function<void(const std::string&)>& write_line,
                      const std::atomic<bool>* stop) {
  EngineOptions options;
  options.hash_mb = kBenchHashMb;
  options.threads = 1;
  options.seed = 1;
  Engine engine(options);

  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  std::string_view variant = "standard";
  for (const BenchPosition& bench : kBenchPositions) {
    ++index;
    if (bench.variant != variant) {
      variant = bench.variant;
      engine.set_rules(load_variant(variant));
    }
    engine.new_game();
    const Position pos = Position::from_fen(bench.fen, engine.rules());
    SearchLimits limits;
    limits.depth = depth;
    const SearchResult r =
        stop ? search_until_stopped(engine, pos, limits, *stop) : engine.search(pos, limits);
    if (stop && *stop) {
      total.stopped = true;
      return total;
    }
    total.nodes += r.nodes;
    write_line("Position " + std::to_string(index) + "/" + std::to_string(kBenchPositions.size()) +
               ": bestmove " + pos.rule_set().geometry().move_text(r.best) + " score " +
               score_text(r.score) + " nodes " + std::to_string(r.nodes) + "  " +
               std::string(bench.fen) +
               (bench.variant == "standard" ? "" : " (" + std::string(bench.variant) + ")"));
  }
  total.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  write_line("Total time (ms): " + std::to_string(total.time_ms));
  write_line("Nodes searched: " + std::to_string(total.nodes));
  write_line("Nodes/second: " +
             std::to_string(total.nodes * 1000 / uint64_t(std::max<int64_t>(total.time_ms, 1))));
  return total;
}

}  // namespace jungle
