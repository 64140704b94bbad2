#pragma once

// The search's tuned numbers, named and kept together, so that a change to
// any of them is one line here (and a new "Bench: N", except for the time
// and skill numbers, which the fixed-depth bench never meets).
namespace jungle::search_params {

// Late-move reductions: log(depth) * log(move number) / divisor + base.
inline constexpr double kLmrBase = 0.75;
inline constexpr double kLmrDivisor = 2.25;
// Every this much history takes one ply off a quiet move's reduction.
inline constexpr int kLmrHistoryDivisor = 6000;
// Reductions start at this depth: below it a reduced search would reach
// quiescence at once and save nothing.
inline constexpr int kLmrMinDepth = 3;

// History scores saturate at this magnitude (the update's gravity term).
inline constexpr int kHistoryMax = 16384;
// A cut's history bonus is depth^2 times this, at most kHistoryMax / 4, so
// that one deep cut cannot saturate a move's score at once.
inline constexpr int kHistoryBonusScale = 16;
inline constexpr int kHistoryBonusMax = kHistoryMax / 4;

// Reverse futility: depth up to kRfpDepth, margin kRfpMargin per ply.
inline constexpr int kRfpDepth = 7;
inline constexpr int kRfpMargin = 90;
// Late-move pruning: up to kLmpDepth, quiet moves after the first
// kLmpBase + depth^2 are skipped.
inline constexpr int kLmpDepth = 4;
inline constexpr int kLmpBase = 4;
// Futility: up to kFutilityDepth, quiet moves that cannot lift the static
// evaluation by kFutilityMargin per ply above alpha are skipped.
inline constexpr int kFutilityDepth = 3;
inline constexpr int kFutilityMargin = 160;

// Null move: tried from this depth, reduced by base + depth / divisor.
inline constexpr int kNullMoveMinDepth = 3;
inline constexpr int kNullMoveBaseReduction = 3;
inline constexpr int kNullMoveDepthDivisor = 4;

// Quiescence: captures that cannot lift the score by this much over alpha are skipped.
inline constexpr int kDeltaMargin = 150;
// How many quiescence plies may answer a den threat with every move.
inline constexpr int kQsearchEvasionPlies = 6;

// Aspiration windows: this wide around the last score from kAspirationMinDepth
// on (shallower scores swing too much to aim at), widened by half on each fail.
inline constexpr int kAspirationWindow = 30;
inline constexpr int kAspirationMinDepth = 4;
inline constexpr int kAspirationGrowthDivisor = 2;

// Nodes a thread searches between looks at the clock and the shared node
// count: rare enough to cost nothing, often enough to stop within a millisecond.
inline constexpr int kNodesBetweenChecks = 1024;

// Time management. Jungle games run about 40 moves a side; without a
// `movestogo` plan as if kDefaultMovesToGo remain, and never fewer than a
// `movestogo` of kMaxMovesToGo would give.
inline constexpr int kDefaultMovesToGo = 28;
inline constexpr int kMaxMovesToGo = 40;
// Share of the increment spent on each move.
inline constexpr int kIncrementPercent = 75;
// A move may take up to this multiple of its planned time, but never more
// than a kMaximumLeftDivisor-th of the time left (plus the increment)...
inline constexpr int kMaximumOverOptimum = 4;
inline constexpr int kMaximumLeftDivisor = 3;
// ...and plans at most this share of the time left.
inline constexpr int kOptimumMaxPercentOfLeft = 40;
// A new iteration is not started once this share of the planned time is
// gone: it would rarely finish.
inline constexpr int kNewIterationPercent = 60;
// With a single legal move, stop at this depth (enough for a score to show).
inline constexpr int kSingleMoveDepth = 4;

// Skill levels below the maximum (engine.cpp): the depth is capped at
// 1 + level / kSkillDepthDivisor, at least kSkillMultiPv moves are searched,
// and one of them is picked with a push towards weaker moves of
// (kSkillWeaknessBase - kSkillWeaknessPerLevel * level) / 128 of the score
// gap, plus a random share of the spread between the candidates (capped at
// kSkillMaxSpread), so that mistakes look human rather than random.
inline constexpr int kSkillDepthDivisor = 2;
inline constexpr int kSkillMultiPv = 4;
inline constexpr int kSkillMaxSpread = 100;
inline constexpr int kSkillWeaknessBase = 120;
inline constexpr int kSkillWeaknessPerLevel = 2;
inline constexpr int kSkillPushDivisor = 128;

// The defender baseline (Mode=defender): a fixed-depth search whose
// evaluation is material plus these two terms, the passive opponent that
// keeps its pieces home guarding its traps and den. Not tuned: they make the
// baseline what it stands for, and the bench never meets them. A piece on
// or next to one of its own traps earns the bonus; one past the middle of
// the board pays the penalty, about half a Rat, enough to keep it home
// unless it wins material.
inline constexpr int kDefenderHomeBonus = 40;
inline constexpr int kDefenderForwardPenalty = 80;

}  // namespace jungle::search_params
