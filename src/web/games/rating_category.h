#pragma once

#include <cstdint>
#include <string>

#include "game/family.h"
#include "web/games/game_clock.h"

// The rating categories (docs/ratings.md): a player has one Glicko-2 rating
// per rule set and time-control class. The classes and their boundaries are
// named here, once.

namespace jungle::web {

// A game's estimated length: the initial time and forty moves' increments
// (a per-move limit: forty moves at it), lichess's estimate.
inline constexpr int kEstimatedMoves = 40;
// Below these estimated lengths a game is blitz, then rapid; classical from
// kRapidBelowMs on. (lichess's boundaries, with its bullet counted as blitz:
// few Jungle games are that fast.)
inline constexpr int64_t kBlitzBelowMs = 8 * 60 * 1000;
inline constexpr int64_t kRapidBelowMs = 25 * 60 * 1000;

// The estimated length of a timed game, in ms (0 untimed or correspondence).
int64_t estimated_ms(const TimeControl& control);

// The time-control class: "blitz", "rapid", "classical", "correspondence";
// "" for an untimed game, which is never rated.
std::string time_class(const TimeControl& control);

// The category of a game of `family` played with rule set `variant` under
// `control`: the rule set and class ("standard blitz", "academic
// correspondence") of a game whose players all see the whole board and
// nothing is left to chance; where chance acts or pieces are hidden, the
// family's name ("flip", "hidden") whatever the rule set and clock (too few
// players to split them). By the family's capabilities, never its name. ""
// when the game cannot be rated (untimed).
std::string rating_category(const game::Family& family, const std::string& variant,
                            const TimeControl& control);

// Whether a game of `family` is rated in one category named by the family
// (chance acts or pieces are hidden), rather than by rule set and class.
bool rated_by_family(const game::Family& family);

}  // namespace jungle::web
