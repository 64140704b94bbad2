#pragma once

#include <string_view>
#include <vector>

namespace jungle {

// A puzzle database shipped in data/puzzles/: its file name without
// ".jsonl" and its text, compiled in so that `jungle serve` needs no file.
struct EmbeddedPuzzles {
  std::string_view name;
  std::string_view text;
};

// Sorted by name; defined in a file generated at build time.
const std::vector<EmbeddedPuzzles>& embedded_puzzles();

}  // namespace jungle
