#pragma once

#include <string_view>
#include <vector>

namespace jungle {

// A rule-set file shipped in variants/: its file name without ".toml" and its text.
struct EmbeddedVariant {
  std::string_view name;
  std::string_view text;
};

// Sorted by name; defined in a file generated at build time.
const std::vector<EmbeddedVariant>& embedded_variants();

}  // namespace jungle
