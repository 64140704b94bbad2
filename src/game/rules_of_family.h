#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/variants.h"

// The rule set of a variant that the open or the hidden family plays: both
// read it with the open game's loader and tell each other's sets apart by
// whether they hide pieces.

namespace jungle::game {

// A rule set as load_variant reads it, a shipped set parsed once for the
// program's life (the registry asks each family whether it owns a name,
// and the family then loads it: one parse, not three, before each `jungle
// perft`). A file is read each time: it may change. Throws VariantError as
// load_variant does.
RuleSetPtr load_board_rules(std::string_view name_or_path);

// `variant`'s rule set, which must hide pieces when `hides_pieces` and
// must not otherwise. Throws std::invalid_argument with the loader's words
// for a set that cannot be read, or "variant 'standard' hides no pieces:
// it is the open game's" (and the other way round) for one of the other
// family's.
RuleSetPtr load_rules_hiding(std::string_view variant, bool hides_pieces);

// Every problem in a 7x9 or 7x7 rule-set file, as "FILE:LINE:COL: MESSAGE"
// (check_rules_file's); empty when it is valid. Never throws.
std::vector<std::string> board_rules_problems(std::string_view path);

}  // namespace jungle::game
