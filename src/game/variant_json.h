#pragma once

#include <nlohmann/json.hpp>

#include "core/rule_set.h"

// A 7x9 or 7x7 rule set (the open game's and the hidden sets') as a front
// end draws and explains it (Family::describe_variant, GET /api/variants in
// docs/api.md): shared by the two families that play such boards, so that
// their sets are described by one writer.

namespace jungle::game {

// "name", "kind" ("jungle"), "description", "start_fen", "ranks" (by animal
// letter), "board" (files, ranks), "water", "traps" and "dens" (square
// names; a den null where the board has none), "traps_weaken" ("opponent"
// or "all"), "summary" (the rules in sentences) and "hidden_pieces".
nlohmann::json board_variant_json(const RuleSet& rs);

// A set's rulings on hidden pieces (docs/hidden.md), for a rules panel:
// "setup" ("chosen", "fixed", "shuffled"), "reveal" ("loser", "none",
// "both") and "failed_attack" ("bounce", "refused", "attacker_dies").
nlohmann::json hidden_rulings_json(const Rules& rules);

}  // namespace jungle::game
