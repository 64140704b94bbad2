#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "app/commands.h"
#include "flip/flip_bench.h"
#include "flip/flip_rules.h"
#include "protocol/uci.h"
#include "search/search.h"

namespace jungle::app {

namespace {

struct FlipBenchOptions {
  bool flip = false;
  std::string variant = "flip";
  uint64_t nodes = 10000;
  int movetime = 0;
  bool cpu_time = false;
};

void print_figures(const char* name, const flip::FlipBenchFigures& f, int positions, bool timed) {
  char line[200];
  std::snprintf(line, sizeof line, "%-7s %10llu nodes %8.3f s CPU %9.0f nodes/s", name,
                static_cast<unsigned long long>(f.nodes), f.seconds, f.nodes_per_second());
  std::cout << line;
  if (timed && positions > 0) {
    std::snprintf(line, sizeof line, " %6.2f ms CPU, %6.2f ms a move", 1000 * f.seconds / positions,
                  1000 * f.wall_seconds / positions);
    std::cout << line;
  }
  std::cout << std::endl;
}

int run_flip_bench(const FlipBenchOptions& opt) {
  flip::FlipRulesPtr rules;
  try {
    rules = flip::load_flip_rules(opt.variant);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  if (opt.cpu_time && opt.movetime <= 0) {
    std::cerr << "error: --cpu-time counts a move's time on the thread's CPU clock: give "
                 "--movetime\n";
    return 2;
  }
  flip::FlipLimits limits;
  if (opt.movetime > 0) {
    limits.movetime_ms = opt.movetime;
    if (opt.cpu_time) limits.clock = SearchClock::thread_cpu();
  } else {
    limits.nodes = opt.nodes;
  }
  const auto positions = flip::flip_bench_positions(rules);
  const flip::FlipBenchResult r = flip::flip_bench(positions, limits);
  std::cout << "Flip Jungle (" << rules->name << "), " << r.positions << " positions, "
            << (opt.movetime > 0 ? std::to_string(opt.movetime) + " ms"
                                 : std::to_string(opt.nodes) + " nodes")
            << (opt.cpu_time ? " of CPU time" : "") << " a move, one thread" << std::endl;
  print_figures("engine", r.engine, r.positions, opt.movetime > 0);
  print_figures("pimc", r.pimc, r.positions, opt.movetime > 0);
  if (opt.movetime <= 0)
    std::cout << "Flip nodes searched: " << r.engine.nodes + r.pimc.nodes << std::endl;
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto depth = std::make_shared<int>(kDefaultBenchDepth);
  auto flip_opt = std::make_shared<FlipBenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Search a fixed set of positions; the node count is the search's signature");
  cmd->add_option("depth", *depth, "Depth in plies")
      ->check(CLI::Range(1, kMaxPly - 1))
      ->capture_default_str();
  cmd->add_flag("--flip", flip_opt->flip,
                "Flip Jungle instead: the engine's and PIMC's searches on 36 positions, their "
                "nodes a second on one thread (CPU time)");
  cmd->add_option("--variant", flip_opt->variant, "With --flip: the Flip Jungle rule set")
      ->capture_default_str();
  cmd->add_option("--nodes", flip_opt->nodes, "With --flip: nodes a move")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40))
      ->capture_default_str();
  cmd->add_option("--movetime", flip_opt->movetime,
                  "With --flip: instead of nodes, ms a move (then the CPU time a move is the "
                  "figure)")
      ->check(CLI::Range(0, 600000));
  cmd->add_flag("--cpu-time", flip_opt->cpu_time,
                "With --flip --movetime: a move's time is the searching thread's CPU time, not "
                "wall time, so that a loaded machine gives each search the same CPU");
  cmd->callback([depth, flip_opt] {
    if (flip_opt->cpu_time && !flip_opt->flip) {
      // The open bench searches to a depth: it has no time to count.
      std::cerr << "error: --cpu-time is for jungle bench --flip --movetime\n";
      throw CLI::RuntimeError(2);
    }
    if (flip_opt->flip) {
      const int rc = run_flip_bench(*flip_opt);
      if (rc != 0) throw CLI::RuntimeError(rc);
      return;
    }
    run_bench(*depth, [](const std::string& line) { std::cout << line << std::endl; });
  });
}

}  // namespace jungle::app
