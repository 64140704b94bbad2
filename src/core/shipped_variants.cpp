#include "core/shipped_variants.h"

#include <algorithm>

#include "core/text_util.h"

namespace jungle {

namespace {

// The order players see the shipped sets in: the standard game first, then
// published versions, then single-rule changes, then the bigger departures.
constexpr std::string_view kDisplayOrder[] = {
    "standard",
    "bush",
    "wikipedia",
    "mistboard",
    "dog-swims",
    "universal-traps",
    "elephant-takes-rat",
    "leopard-jumps",
    "lion-tiger-equal",
    "tiger-over-lion",
    "anti-draw",
    "animal-checkers",
    "animal-checkers-7x9",
    "academic",
    "hidden",
    "hidden-stratego",
};

}  // namespace

std::vector<std::string> builtin_variant_names() {
  std::vector<std::string> names;
  for (std::string_view name : kDisplayOrder) {
    if (rule_file::find_embedded(name)) names.emplace_back(name);
  }
  // A set added to variants/ but not to kDisplayOrder still shows, after the others.
  for (const EmbeddedVariant& v : embedded_variants()) {
    if (std::find(names.begin(), names.end(), v.name) == names.end()) names.emplace_back(v.name);
  }
  return names;
}

namespace rule_file {

const EmbeddedVariant* find_embedded(std::string_view name) {
  for (const EmbeddedVariant& v : embedded_variants()) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

std::string known_names() {
  return join(builtin_variant_names(), ", ");
}

}  // namespace rule_file
}  // namespace jungle
