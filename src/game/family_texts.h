#pragma once

#include <string>

#include "core/types.h"
#include "game/observation_text.h"

// Each family's ObservationText (open_text.cpp, flip_text.cpp,
// hidden_text.cpp), for the families' Family::text alone.

namespace jungle::game {

const ObservationText& open_text();
const ObservationText& flip_text();
const ObservationText& hidden_text();

// "Blue Lion": a piece in words, as flip and hidden events name them.
std::string piece_words(Piece p);

}  // namespace jungle::game
