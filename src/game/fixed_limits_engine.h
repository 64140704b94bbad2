#pragma once

#include <memory>

#include "game/engine.h"

// An engine that searches every move at limits fixed when it is made,
// whatever limits it is given: how `jungle flip-match` and `jungle
// hidden-match` play each family's own engine (the protocol's) with the
// alias's per-player budgets (--nodes, --opponent-nodes, --depth, --movetime
// together) in a match whose limits are one for both. Everything else is
// the engine's.

namespace jungle::game {

std::unique_ptr<Engine> at_fixed_limits(std::unique_ptr<Engine> engine, const Limits& limits);

}  // namespace jungle::game
