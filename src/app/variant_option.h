#pragma once

#include <string_view>

#include "core/rule_set.h"

namespace jungle::app {

// The rule set a --variant option names, or nullptr after printing each of
// its problems to standard error ("error: FILE:LINE:COL: ..."); the
// subcommand then exits with status 2.
RuleSetPtr load_variant_or_report(std::string_view name_or_path);

}  // namespace jungle::app
