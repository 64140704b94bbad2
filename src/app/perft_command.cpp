#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "game/family.h"

namespace jungle::app {

namespace {

struct PerftOptions {
  std::string variant = "standard";
  std::string fen;
  std::vector<std::string> moves;
  bool divide = false;
  int depth = 1;
};

// Every family counts through the game interface (Family::perft_from):
// its fastest count, on the arbiter's board; --moves takes actions as
// records write them ("a3a4", a flip with what it revealed "b2?=L").
int run_perft(const PerftOptions& opt) {
  const game::Family* family = nullptr;
  try {
    family = &game::family_of_variant(opt.variant);
  } catch (const std::invalid_argument&) {
    // No family owns it: the rule-set loader says why, with the file's line.
    if (!load_variant_or_report(opt.variant)) return 2;
    std::cerr << "error: variant '" << opt.variant << "' is no family's\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<game::PerftLine> lines;
  try {
    lines = family->perft_from(opt.variant, opt.fen, opt.moves, opt.depth);
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  // At depth 0 the position itself is the one leaf; --divide has no root
  // action to show it under.
  uint64_t nodes = opt.depth == 0 && !opt.divide ? 1 : 0;
  for (const game::PerftLine& line : lines) {
    if (opt.divide) std::cout << line.action << ": " << line.leaves << "\n";
    nodes += line.leaves;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "Time: " << int64_t(seconds * 1000) << " ms, "
            << int64_t(seconds > 0 ? double(nodes) / seconds : 0) << " nodes/s\n";
  std::cout << "Nodes searched: " << nodes << "\n";
  return 0;
}

}  // namespace

void add_perft_command(CLI::App& app) {
  auto opt = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the leaf nodes of the move tree to a depth");
  cmd->add_option("depth", opt->depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
  cmd->add_option("--variant", opt->variant, "Rule set: a shipped name or a .toml file");
  cmd->add_option("--fen", opt->fen, "Start from this position instead of the rule set's start");
  cmd->add_option("--moves", opt->moves, "Moves to play first, like a3a4 a7a6");
  cmd->add_flag("--divide", opt->divide, "Print the count below each legal move");
  cmd->callback([opt] {
    int code = run_perft(*opt);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace jungle::app
