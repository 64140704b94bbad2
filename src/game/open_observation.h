#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "game/seen_ply.h"

// The open game's `position` text ("startpos moves a3a4 ...", "fen F moves
// ... reps F1;F2"; docs/engine.md, "Protocol") read into a Position: what the protocol's
// `position` command, the open family's read_observation and the open
// engine all read, written once here.

namespace jungle::game {

// The position `position` describes under `rules`, its moves played.
// `reps` (before or after `moves`) lists, separated by ';', the positions
// that occurred twice in the game up to the FEN (mistboard's repetition
// seeds; Position::seed_occurrences), so that entering one again is its third occurrence.
// Moves are played past the engine's own draw rules (move limit,
// repetition): the interface is the arbiter and may play on, as other
// Jungle programs do. Throws std::invalid_argument saying what is wrong and
// where: "invalid FEN 'F': ...", "move 5 c3c4 is illegal: ...", "reps FEN 2 'F': ...".
Position open_position_of(const RuleSetPtr& rules, std::string_view position);

// The `reps ...` part of such a text, words joined by single spaces; "" when
// it has none. An observation written afresh from a game keeps it this way,
// as no Game records what came before its start.
std::string repetition_seeds_of(std::string_view position);

// The moves of such a text as its viewer knows them (everything): each
// with its animal, the one it took, and the FEN after it. Throws as
// open_position_of does.
std::vector<SeenPly> open_seen_plies(const RuleSetPtr& rules, std::string_view position);

}  // namespace jungle::game
