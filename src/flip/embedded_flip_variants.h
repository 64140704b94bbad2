#pragma once

#include <vector>

#include "core/embedded_variants.h"

namespace jungle {

// The flip rule sets of variants/flip/, sorted by name; generated at build time.
const std::vector<EmbeddedVariant>& embedded_flip_variants();

}  // namespace jungle
