#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"jungle: rules, engine and tools for Jungle (Dou Shou Qi)", "jungle"};
  app.require_subcommand(0, 1);
  jungle::app::add_perft_command(app);
  jungle::app::add_convert_command(app);
  jungle::app::add_variants_command(app);
  jungle::app::add_uci_command(app);
  jungle::app::add_gtp_command(app);
  jungle::app::add_bench_command(app);
  jungle::app::add_pgn_command(app);
  jungle::app::add_play_command(app);
  jungle::app::add_serve_command(app);
  jungle::app::add_match_command(app);
  jungle::app::add_book_command(app);
  jungle::app::add_tune_command(app);
  jungle::app::add_datagen_command(app);
  jungle::app::add_flip_datagen_command(app);
  jungle::app::add_flip_tune_command(app);
  jungle::app::add_tb_command(app);
  jungle::app::add_match_aliases(app);
  jungle::app::add_puzzles_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (app.get_subcommands().empty()) return jungle::app::run_uci();
  return 0;
}
