#pragma once

// The rule sets shipped in variants/ and embedded in the binary: their
// names in the order players see them, and each found by its name.

#include <string>
#include <string_view>
#include <vector>

#include "core/embedded_variants.h"

namespace jungle {

// The rule sets shipped in variants/ and embedded in the binary, in display order.
std::vector<std::string> builtin_variant_names();

namespace rule_file {

// The shipped set of that name, or nullptr.
const EmbeddedVariant* find_embedded(std::string_view name);
// "standard, bush, ...", for messages.
std::string known_names();

}  // namespace rule_file
}  // namespace jungle
