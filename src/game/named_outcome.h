#pragma once

#include <string>
#include <string_view>

#include "game/state.h"

// A ply as a person writes it when chance's outcome is theirs to name: a
// game replayed from a real board, or a side line on the analysis board
// asking "what if this flip revealed the Lion?". "b2?=L" is then the side's
// flip "b2?" and chance's outcome "b2?=L" in one text.

namespace jungle::game {

// Plays `text` on `state`: the actor's action itself, or a side's action
// followed by the chance outcome it names (the outcome whose text starts
// with the action's). Answers the side's action as apply took it ("b2?",
// "a3a4"). Throws ActionError, changing nothing, when the text is neither:
// naming the outcomes there are where the action is allowed ("'b2?=E' is
// none of what 'b2?' may give here: b2?=D, b2?=r"), else with the message
// the text alone was refused with.
std::string apply_naming_outcome(State& state, std::string_view text);

}  // namespace jungle::game
