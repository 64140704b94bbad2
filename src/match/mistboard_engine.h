#pragma once

// The match runner's side of mistboard's engine protocol (`proto=mistboard`;
// docs/dialects.md, "MistyJungle / mistboard.com"): UCI, with each position
// sent as mistboard's server sends it (the family's Family::position_in:
// the open game's FEN and the FENs of the positions seen twice as `reps`;
// Flip Jungle's FEN alone) rather than our moves, and the move read back
// from its squares. The games a family writes in mistboard's notation only.

#include <string>
#include <string_view>

#include "game/observation.h"

namespace jungle::match {

// Throws std::invalid_argument when `variant`'s games are not written in
// mistboard's notation (Family::speaks), saying so.
void check_mistboard_variant(const std::string& variant);

// The `position` command for the observation in mistboard's notation.
std::string mistboard_position_command(const game::Observation& observation);

// An action of `variant`'s in mistboard's squares as ours ("g3g4" ->
// "a3a4"; under a flip set "a0a0" -> "a1?"); anything else ("0000",
// "resign") as it is, for the arbiter to refuse.
std::string move_from_mistboard(const std::string& variant, std::string_view move);

}  // namespace jungle::match
