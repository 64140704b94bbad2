#pragma once

// The match runner's side of mistboard's engine protocol (`proto=mistboard`;
// docs/dialects.md, "MistyJungle / mistboard.com"): UCI, with each position
// sent as mistboard's server sends it, its FEN and the FENs of the positions
// the game has already seen twice (`reps`) rather than our moves, and the
// move read back from its squares. The open game on the 7x9 board only.

#include <string>
#include <string_view>

#include "game/observation.h"

namespace jungle::match {

// Throws std::invalid_argument when `variant` is not an open rule set on
// the 7x9 board, saying so.
void check_mistboard_variant(const std::string& variant);

// "position fen <FEN> [reps <FEN>;<FEN>...]" in mistboard's notation for the
// open observation's position (our "startpos|fen F moves ..."): one FEN of
// each position that occurred at least twice from the start through the
// current one (board and side to move compared, the clocks not), the
// earliest's, as mistboard's jungleRepSeedFens writes them.
std::string mistboard_position_command(const game::Observation& observation);

// A move in mistboard's squares as ours ("g3g4" -> "a3a4"); anything else
// ("0000", "resign") as it is, for the arbiter to refuse.
std::string move_from_mistboard(std::string_view move);

}  // namespace jungle::match
