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
#include "flip/flip_perft.h"

namespace jungle::app {

namespace {

struct PerftOptions {
  std::string variant = "standard";
  std::string fen;
  std::vector<std::string> moves;
  bool divide = false;
  int depth = 1;
};

// Flip Jungle: flips count once per piece they may reveal; --moves takes
// plies as records write them ("b2?=L", "a1a2").
int run_flip_perft(const PerftOptions& opt) {
  try {
    flip::FlipPosition pos(flip::load_flip_rules(opt.variant));
    if (!opt.fen.empty()) pos = flip::FlipPosition(pos.rules_ptr(), opt.fen);
    for (size_t i = 0; i < opt.moves.size(); ++i) {
      flip::Ply ply;
      if (!pos.parse_ply(opt.moves[i], ply)) {
        std::cerr << "error: move " << i + 1 << ": " << opt.moves[i] << " is not legal here\n";
        return 2;
      }
      pos.play(ply);
    }
    auto start = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    if (opt.divide) {
      const flip::Outcomes outcomes = pos.outcomes();
      for (flip::Action a : pos.legal_actions()) {
        for (int i = 0; i < (a.is_flip() ? outcomes.size : 1); ++i) {
          const flip::Ply ply{a, a.is_flip() ? outcomes.piece[size_t(i)] : kNoPiece};
          pos.play(ply);
          const uint64_t count = flip::flip_perft(pos, opt.depth - 1);
          pos.undo();
          std::cout << flip::ply_text(ply) << ": " << count << "\n";
          nodes += count;
        }
      }
    } else {
      nodes = flip::flip_perft(pos, opt.depth);
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "Time: " << int64_t(seconds * 1000) << " ms\n";
    std::cout << "Nodes searched: " << nodes << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}

int run_perft(const PerftOptions& opt) {
  if (flip::is_flip_variant(opt.variant)) return run_flip_perft(opt);
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
