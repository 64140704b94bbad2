#include "game/rules_of_family.h"

#include <stdexcept>
#include <string>

namespace jungle::game {

RuleSetPtr load_rules_hiding(std::string_view variant, bool hides_pieces) {
  RuleSetPtr rules;
  try {
    rules = load_variant(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
  if (rules->rules().hidden_pieces != hides_pieces) {
    throw std::invalid_argument("variant '" + std::string(variant) + "' " +
                                (hides_pieces ? "hides no pieces: it is the open game's"
                                              : "hides pieces: it is the hidden family's"));
  }
  return rules;
}

}  // namespace jungle::game
