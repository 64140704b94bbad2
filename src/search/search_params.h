#pragma once

// The search's tuned numbers, named and kept together.
namespace jungle::search_params {

inline constexpr double kLmrBase = 0.75;
inline constexpr double kLmrDivisor = 2.25;
inline constexpr int kLmrHistoryDivisor = 6000;
inline constexpr int kHistoryMax = 16384;

inline constexpr int kRfpDepth = 7;
inline constexpr int kRfpMargin = 90;
inline constexpr int kLmpDepth = 4;
inline constexpr int kLmpBase = 4;
inline constexpr int kFutilityDepth = 3;
inline constexpr int kFutilityMargin = 160;

inline constexpr int kDeltaMargin = 150;
// How many quiescence plies may answer a den threat with every move.
inline constexpr int kQsearchEvasionPlies = 6;

inline constexpr int kAspirationWindow = 30;

}  // namespace jungle::search_params
