#pragma once

// The rules of a rule set by its name, for the tests that run the shipped
// sets (variants/) and the reference's option sets ("x-swim-dog", ...) alike.

#include <string>

#include "core/rules.h"
#include "core/variants.h"
#include "reference/reference_game.h"

namespace jungle::test {

inline Rules rules_named(const std::string& name) {
  if (const Rules* r = reference::find_option_rule_set(name)) return *r;
  return builtin_rules(name);
}

}  // namespace jungle::test
