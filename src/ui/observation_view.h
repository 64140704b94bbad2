#pragma once

#include <string>
#include <vector>

#include "game/observation.h"
#include "ui/board_text.h"

// How the terminal shows what a viewer knows, asked of the observation's
// family (game/observation_text.h, where each is described), so that the
// game loop (terminal_game) never asks which family it plays. Each
// function reads only the Observation it is given: a hidden game's truth
// cannot reach the screen through them.

namespace jungle {

// The board, turned around with style.flipped (the `flip` command; Red's
// end at the bottom): the open game drawn by render_board (colours,
// Chinese characters, the last move framed); Flip Jungle's diagram with the
// pool of face-down animals, which both players know; a hidden game's view
// with the animals the viewer has not been shown as X and x.
std::string board_text(const game::Observation& o, const BoardStyle& style);

// What the last action did, in words, after its action text: "" for an
// open-game move, " and reveals the Blue Lion (b2?=L)" for a flip, ": the
// Blue Wolf on e3 takes Red's piece on e4 (e3e4:took=w)" for a hidden try.
// `after` is any viewer's observation once the action (and chance's
// outcome) is played: events are what every viewer is told.
std::string event_words(const game::Observation& after);

// The position as the viewer knows it, as FEN: a hidden game's view FEN,
// never the truth.
std::string viewer_fen(const game::Observation& o);

// What the viewer has worked out about pieces it cannot see, one line a
// piece ("a9: Rat Cat Dog"); empty where every piece is in sight.
std::vector<std::string> deductions(const game::Observation& o);

// The rule set in words, one line each.
std::vector<std::string> rules_lines(const game::Observation& o);

}  // namespace jungle
