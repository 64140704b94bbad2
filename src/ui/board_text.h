#pragma once

// The open game's board for a person (BoardStyle, render_board) is drawn by
// the open family's ObservationText (src/game/board_drawing.h), so that the
// terminal asks the family and never branches on it; this header keeps the
// terminal's name for it.
#include "game/board_drawing.h"
