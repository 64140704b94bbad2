#pragma once

#include "game/family.h"

// The three families, for the registry (registry.cpp) alone: everything
// else finds a family through family_of_variant or family_of_record.

namespace jungle::game {

const Family& open_family();
const Family& flip_family();
const Family& hidden_family();

}  // namespace jungle::game
