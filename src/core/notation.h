#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"

namespace jungle {

// Reads a move in coordinate form ("a3a4") and checks it is legal here. On
// failure returns nothing and, when `error` is given, a reason a player can
// act on: "no piece on c4", "Lion may not jump over the Rat on e5",
// "Cat cannot capture Dog".
std::optional<Move> parse_move(const Position& pos, std::string_view text,
                               std::string* error = nullptr);

// Why a move between two squares is not legal here; empty when it is legal.
std::string explain_illegal(const Position& pos, Square from, Square to);

}  // namespace jungle
