#include "match/mistboard_engine.h"

#include <stdexcept>

#include "core/dialect.h"
#include "game/family.h"

namespace jungle::match {

using notation::Dialect;

void check_mistboard_variant(const std::string& variant) {
  if (!game::family_of_variant(variant).speaks(Dialect::kMistboard, variant)) {
    throw std::invalid_argument(
        "mistboard's engine protocol plays the open game on the 7x9 board and Flip Jungle, not "
        "this rule set's games");
  }
}

std::string mistboard_position_command(const game::Observation& observation) {
  return "position " +
         game::family_of_variant(observation.variant).position_in(Dialect::kMistboard, observation);
}

std::string move_from_mistboard(const std::string& variant, std::string_view move) {
  try {
    return game::family_of_variant(variant).action_to_ours(Dialect::kMistboard, move);
  } catch (const notation::NotationError&) {
    return std::string(move);
  }
}

}  // namespace jungle::match
