#pragma once

#include <string_view>

#include "core/position.h"

// The open game's `position` text ("startpos moves a3a4 ...", "fen F moves
// ..."; docs/engine.md, "Protocol") read into a Position: what the protocol's
// `position` command, the open family's read_observation and the open
// engine all read, written once here.

namespace jungle::game {

// The position `position` describes under `rules`, its moves played.
// Moves are played past the engine's own draw rules (move limit,
// repetition): the interface is the arbiter and may play on, as other
// Jungle programs do. Throws std::invalid_argument saying what is wrong and
// where: "invalid FEN 'F': ...", "move 5 c3c4 is illegal: ...".
Position open_position_of(const RuleSetPtr& rules, std::string_view position);

}  // namespace jungle::game
