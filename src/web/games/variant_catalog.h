#pragma once

#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "core/rule_set.h"
#include "game/family.h"
#include "web/server/json_fields.h"

namespace jungle::web {

// The shipped rule sets, each loaded once and shared by every game and
// engine that plays it (engines compare rule sets by pointer). The web app
// accepts only these names, never a path: a request must not make the
// server read files.
class VariantCatalog {
 public:
  VariantCatalog();
  // Throws GameError kBadRequest naming the known sets when `name` is not one.
  RuleSetPtr get(std::string_view name) const;
  bool contains(std::string_view name) const;
  // The family (src/game) of a shipped set, Flip Jungle's included; null
  // for any other name, which is never looked up as a file
  // (game::family_of_shipped).
  const game::Family* family_of(std::string_view name) const;
  // Every shipped set with what the page needs to draw and explain it
  // (game::Family::describe_variant: kind, description, start FEN, ranks,
  // water, traps, dens), in game::shipped_variants' order (the Flip Jungle
  // sets last).
  const Json& describe_all() const { return description_; }

 private:
  std::map<std::string, RuleSetPtr, std::less<>> sets_;
  std::string names_;  // "standard, bush, ..." for error messages
  Json description_;
};

}  // namespace jungle::web
