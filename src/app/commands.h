#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "core/dialect.h"

namespace jungle::app {

// Each subcommand registers its options and the callback that runs it.
void add_perft_command(CLI::App& app);
void add_convert_command(CLI::App& app);
void add_variants_command(CLI::App& app);
void add_uci_command(CLI::App& app);
void add_gtp_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_pgn_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_book_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_datagen_command(CLI::App& app);
// `flip-datagen` and `flip-tune`, the Flip Jungle evaluation's (flip_tune_command.cpp).
void add_flip_datagen_command(CLI::App& app);
void add_flip_tune_command(CLI::App& app);
void add_tb_command(CLI::App& app);
// `flip-match` and `hidden-match`, `match` with engines in this process (match_aliases.cpp).
void add_match_aliases(CLI::App& app);
void add_puzzles_command(CLI::App& app);

// The engine protocol on standard input and output; what `jungle` runs without a subcommand.
int run_uci(notation::Dialect dialect = notation::Dialect::kJungle,
            const std::string& variant = "");

}  // namespace jungle::app
