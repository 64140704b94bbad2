#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/random_bits.h"
#include "core/types.h"
#include "game/setup.h"

// The hidden family's set-up (game::Setup over hidden/setup.h's arrangements).

namespace jungle::game {

class Family;

// The set-up of a hidden game under `variant`, each side's arrangement
// first drawn from `chance` (Blue's, then Red's), as an engine's side takes
// it. `family` makes the game it starts. Throws std::invalid_argument when
// the variant cannot be read.
std::unique_ptr<Setup> new_hidden_setup(const Family& family, std::string_view variant,
                                        RandomBits chance);

// The engine's own arrangement of `side` under `variant` (Family::
// choose_setup): one of the sensible arrangements (hidden_search/
// setup_choice.h) drawn from `chance`, as arrangement_text writes it.
// Valuing every ordering takes about half a second, so the list is found
// once per variant and side and kept for the life of the program (a front
// end sets up many games under the few shipped sets). Throws
// std::invalid_argument when the variant cannot be read.
std::string choose_hidden_setup(std::string_view variant, Side side, RandomBits chance);

}  // namespace jungle::game
