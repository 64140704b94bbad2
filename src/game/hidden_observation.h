#pragma once

#include <string_view>
#include <vector>

#include "core/position.h"
#include "game/seen_ply.h"
#include "hidden/observation.h"
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

// An announcement as everyone hears it: its squares, mover, outcome and
// the animals it showed; the animals it moved, took and lost are left for
// whoever knows them to fill in.
SeenPly heard_ply(const hidden::Observation& announcement, const Geometry& board);

// The announcements of such a text as its viewer knows them: each with the
// animals the viewer knows now (its own, those shown, those deduced) as
// letters, "?" for the others, and the view's FEN after it. Throws as
// hidden_view_of does.
std::vector<SeenPly> hidden_seen_plies(const RuleSetPtr& rules, std::string_view position);

// The same announcements as they really were, once the game is over and its
// truth public: each with the animals it moved, took and lost and the
// board after it, every animal shown, replayed by the arbiter from the
// secret set-up `truth_start` (an arbiter's FEN). Throws as hidden_view_of
// does, and std::invalid_argument when the set-up is no position.
std::vector<SeenPly> hidden_truth_plies(const RuleSetPtr& rules, std::string_view position,
                                        const std::string& truth_start);

}  // namespace jungle::game
