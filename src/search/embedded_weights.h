#pragma once

#include <string_view>
#include <vector>

namespace jungle {

// A weights file shipped in weights/: its file name without ".txt" and its
// text, in the format of parse_eval_params (search/eval_params.h).
struct EmbeddedWeights {
  std::string_view name;
  std::string_view text;
};

// Sorted by name; defined in a file generated at build time.
const std::vector<EmbeddedWeights>& embedded_weights();

}  // namespace jungle
