#pragma once

// The ranges of the engines' options, as the protocol's `uci` announces
// them and the engines enforce them.

namespace jungle::game::option_limits {

inline constexpr int kMaxHashMb = 65536;
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxMultiPv = 64;
inline constexpr int kMaxMoveOverheadMs = 5000;
inline constexpr int kMaxSkillLevel = 20;
inline constexpr int kMaxContempt = 200;
inline constexpr int kMaxBaselineDepth = 64;
inline constexpr int kMaxSeed = 2147483647;
// UCI_Elo runs from the Elo of Skill Level 0 to that of level 19 (level 20,
// full strength, is UCI_LimitStrength off); this is its default.
inline constexpr int kDefaultElo = 1500;

}  // namespace jungle::game::option_limits
