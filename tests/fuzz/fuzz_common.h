#pragma once

// Shared pieces of the libFuzzer targets: the rule sets to fuzz under and a
// check that stops the run with a message when an invariant breaks.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "core/variants.h"

namespace jungle::fuzz {

// Every shipped rule set, loaded once: a target picks one with its first byte
// so that one corpus covers them all.
inline const std::vector<RuleSetPtr>& shipped_rule_sets() {
  static const std::vector<RuleSetPtr> sets = [] {
    std::vector<RuleSetPtr> out;
    for (const std::string& name : builtin_variant_names()) out.push_back(load_variant(name));
    return out;
  }();
  return sets;
}

// Splits the input into a rule set (its first byte) and the rest as text.
inline RuleSetPtr take_rule_set(const uint8_t*& data, size_t& size) {
  const auto& sets = shipped_rule_sets();
  if (size == 0) return sets.front();
  const RuleSetPtr& rs = sets[data[0] % sets.size()];
  ++data;
  --size;
  return rs;
}

// An invariant the code under test promises; a failure aborts so that
// libFuzzer saves the input.
inline void require(bool ok, std::string_view what, std::string_view input) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %.*s\ninput: %.*s\n", int(what.size()), what.data(),
               int(input.size()), input.data());
  std::abort();
}

}  // namespace jungle::fuzz
