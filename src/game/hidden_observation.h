#pragma once

#include <string_view>

#include "core/position.h"
#include "hidden/player_view.h"

// A hidden game's `position` text, the view of one side (or a spectator)
// and the arbiter's announcements since ("hidden blue fen V moves
// e3e4:took=Tw c3c4:refused ..."; docs/engine.md, "Protocol", docs/hidden.md), read
// into a PlayerView: what the protocol, the hidden family's
// read_observation and the hidden engine all read. The open game's
// `startpos|fen` is refused: an engine never takes the truth.

namespace jungle::game {

// `hidden blue|red|spectator fen <view FEN> [moves <announcement> ...]`, or
// `hidden blue|red|spectator startpos [moves ...]` under a fixed set-up.
// Throws std::invalid_argument saying what is wrong and where: "invalid
// view FEN 'V': ...", "announcement 2 a7a6:took: ...".
hidden::PlayerView hidden_view_of(const RuleSetPtr& rules, std::string_view position);

}  // namespace jungle::game
