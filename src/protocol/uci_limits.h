#pragma once

// The limits the protocol enforces, shared by its files; the options'
// ranges are the engines' (game/option_limits.h).

#include <cstdint>

#include "game/option_limits.h"

namespace jungle::uci_limits {

using namespace game::option_limits;

inline constexpr int kMaxPerftDepth = 32;
inline constexpr int kBenchHashMb = 16;
// Clocks beyond this (about 31 years) are read as this, so that time
// planning's sums cannot overflow.
inline constexpr int64_t kMaxClockMs = 1'000'000'000'000;

}  // namespace jungle::uci_limits
