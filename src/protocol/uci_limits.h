#pragma once

// The limits the protocol announces and enforces, shared by its files.

#include <cstdint>

namespace jungle::uci_limits {

// The spin options' ranges, as `uci` announces them.
inline constexpr int kMaxHashMb = 65536;
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxMultiPv = 64;
inline constexpr int kMaxMoveOverheadMs = 5000;
inline constexpr int kMaxSkillLevel = 20;
inline constexpr int kMaxContempt = 200;
inline constexpr int kMaxBaselineDepth = 64;
inline constexpr int kMaxSeed = 2147483647;
inline constexpr int kMaxPerftDepth = 32;
inline constexpr int kBenchHashMb = 16;
// Clocks beyond this (about 31 years) are read as this, so that time
// planning's sums cannot overflow.
inline constexpr int64_t kMaxClockMs = 1'000'000'000'000;
// UCI_Elo runs from the Elo of Skill Level 0 to that of level 19 (level 20,
// full strength, is UCI_LimitStrength off); this is its default.
inline constexpr int kDefaultElo = 1500;

}  // namespace jungle::uci_limits
