#include "web/games/variant_catalog.h"

#include "core/variants.h"

namespace jungle::web {

VariantCatalog::VariantCatalog() : description_(Json::array()) {
  // The 7x9 and 7x7 sets' rules, loaded once for the games that play them.
  for (const std::string& name : builtin_variant_names()) {
    sets_.emplace(name, RuleSet::make(builtin_rules(name)));
    if (!names_.empty()) names_ += ", ";
    names_ += name;
  }
  // Every shipped set, each described by its family.
  for (const std::string& name : game::shipped_variants()) {
    description_.push_back(game::family_of_shipped(name)->describe_variant(name));
  }
}

RuleSetPtr VariantCatalog::get(std::string_view name) const {
  auto it = sets_.find(name);
  if (it == sets_.end()) {
    throw GameError(ErrorKind::kBadRequest, "unknown_variant",
                    "unknown rule set '" + std::string(name) + "'; the shipped sets are " + names_);
  }
  return it->second;
}

bool VariantCatalog::contains(std::string_view name) const {
  return sets_.find(name) != sets_.end();
}

const game::Family* VariantCatalog::family_of(std::string_view name) const {
  return game::family_of_shipped(name);
}

}  // namespace jungle::web
