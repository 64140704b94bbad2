#include <iostream>
#include <memory>
#include <string>

#include "app/commands.h"
#include "protocol/uci.h"
#include "search/search.h"

namespace jungle::app {

void add_bench_command(CLI::App& app) {
  auto depth = std::make_shared<int>(kDefaultBenchDepth);
  CLI::App* cmd = app.add_subcommand(
      "bench", "Search a fixed set of positions; the node count is the search's signature");
  cmd->add_option("depth", *depth, "Depth in plies")
      ->check(CLI::Range(1, kMaxPly - 1))
      ->capture_default_str();
  cmd->callback([depth] {
    run_bench(*depth, [](const std::string& line) { std::cout << line << std::endl; });
  });
}

}  // namespace jungle::app
