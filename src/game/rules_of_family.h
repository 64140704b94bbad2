#pragma once

#include <string_view>

#include "core/variants.h"

// The rule set of a variant that the open or the hidden family plays: both
// read it with the open game's loader and tell each other's sets apart by
// whether they hide pieces.

namespace jungle::game {

// `variant`'s rule set, which must hide pieces when `hides_pieces` and
// must not otherwise. Throws std::invalid_argument with the loader's words
// for a set that cannot be read, or "variant 'standard' hides no pieces:
// it is the open game's" (and the other way round) for one of the other
// family's.
RuleSetPtr load_rules_hiding(std::string_view variant, bool hides_pieces);

}  // namespace jungle::game
