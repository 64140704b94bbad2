#pragma once

#include <CLI/CLI.hpp>

namespace jungle::app {

// Each subcommand registers its options and the callback that runs it.
void add_perft_command(CLI::App& app);
void add_variants_command(CLI::App& app);

}  // namespace jungle::app
