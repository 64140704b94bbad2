#pragma once

#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"
#include "core/random_bits.h"

// The secret set-up of a hidden game (docs/hidden.md, "Set-up"): each
// side's animals on its own start squares, the squares and animals of the
// rule set's start position, in an order the `setup` option decides.

namespace jungle::hidden {

// One side's animals and where each stands.
using Arrangement = std::vector<std::pair<Square, Animal>>;

// The start position's own arrangement of `side`'s animals, by square.
Arrangement start_arrangement(const RuleSet& rules, Side side);
// The same animals on the same squares in a random order in which each may
// stand where it is (every such order equally likely).
Arrangement random_arrangement(const RuleSet& rules, Side side, RandomBits rng);
// The arrangement as a placement of that side's pieces only ("7/.../T5L"),
// as the protocol's `setup` and the terminal write it.
std::string arrangement_text(const RuleSet& rules, Side side, const Arrangement& arrangement);
// Reads a placement of `side`'s pieces, or a list of square=letter pairs
// ("a1=L g1=T ..."); it must hold exactly the side's animals on exactly its
// start squares, each where it may stand. Throws std::invalid_argument
// saying what is wrong.
Arrangement parse_arrangement(const RuleSet& rules, Side side, std::string_view text);
// The arrangement with the animals on two of its squares exchanged. Throws
// std::invalid_argument when a square holds none of the side's animals or
// an animal may not stand where it would go.
Arrangement swap_squares(const RuleSet& rules, Side side, Arrangement arrangement, Square a,
                         Square b);

// The secret set-up: both sides' arrangements on the start position.
Position start_with(const RuleSetPtr& rules, const Arrangement& blue, const Arrangement& red);
// The set-up the rule set's `setup` gives when nobody chooses: the start
// position for "fixed", random arrangements otherwise ("chosen" players who
// do not choose get a random one).
Position default_start(const RuleSetPtr& rules, RandomBits rng);

}  // namespace jungle::hidden
