#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/dialect.h"
#include "core/rule_set.h"

namespace jungle::notation {

// A position's text from one dialect to another.
// Throws NotationError naming the dialect and the place.
std::string convert_position(std::string_view text, Dialect from, Dialect to);

// Moves from one dialect to another, played in turn from `start` (a position
// in `from`'s dialect; the rule set's start when empty) so that each is
// checked legal and KataGo's colour letter follows the side to move.
// Throws NotationError: "move 3 ('a9a8'): no piece on a9".
std::vector<std::string> convert_moves(const std::vector<std::string>& moves, Dialect from,
                                       Dialect to, std::string_view start,
                                       RuleSetPtr rules = RuleSet::standard());

}  // namespace jungle::notation
