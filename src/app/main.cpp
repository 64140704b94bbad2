#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"jungle: rules, engine and tools for Jungle (Dou Shou Qi)", "jungle"};
  app.require_subcommand(0, 1);
  jungle::app::add_perft_command(app);
  jungle::app::add_variants_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (app.get_subcommands().empty()) std::cout << app.help();
  return 0;
}
