#pragma once

#include <memory>
#include <string_view>

#include "core/random_bits.h"
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

}  // namespace jungle::game
