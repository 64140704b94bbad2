#pragma once

#include <string>
#include <string_view>

#include "core/dialect.h"
#include "core/position.h"

namespace jungle::notation {

// A position as each dialect writes it (docs/dialects.md):
//   jungle     l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1
//   mistboard  t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1
//   katago     l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L w   ("setfen " before it accepted)
//   netcan     l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w
// KataGo and netcan keep no counters: written there they are lost, and read
// from there they are 0 and 1. Bush's rules text has no position format.
// Throws NotationError (FenError's text for our own FEN).
FenFields read_position(Dialect d, std::string_view text);
std::string write_position(Dialect d, const FenFields& position);

}  // namespace jungle::notation
