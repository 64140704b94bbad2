#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/variant_option.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/variants.h"

namespace jungle::app {

namespace {

struct PerftOptions {
  std::string variant = "standard";
  std::string fen;
  std::vector<std::string> moves;
  bool divide = false;
  int depth = 1;
};

int run_perft(const PerftOptions& opt) {
  const RuleSetPtr rules = load_variant_or_report(opt.variant);
  if (!rules) return 2;
  Position pos(rules);
  if (!opt.fen.empty()) {
    try {
      pos = Position::from_fen(opt.fen, rules);
    } catch (const FenError& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    }
  }
  for (size_t i = 0; i < opt.moves.size(); ++i) {
    std::string why;
    std::optional<Move> m = parse_move(pos, opt.moves[i], &why);
    if (!m) {
      std::cerr << "error: move " << i + 1 << ": " << why << "\n";
      return 2;
    }
    pos.do_move(*m);
  }

  auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (opt.divide) {
    for (auto& [m, count] : perft_divide(pos, opt.depth)) {
      std::cout << pos.rule_set().geometry().move_text(m) << ": " << count << "\n";
      nodes += count;
    }
  } else {
    nodes = perft(pos, opt.depth);
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
