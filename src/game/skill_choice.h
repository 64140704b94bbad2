#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// Skill Level for the engines whose search values each root action as an
// expected result (Flip Jungle's, hidden pieces'): the open search's rule
// (search/engine.cpp, the kSkill* constants of search/search_params.h),
// applied to the same centipawns that the one curve (score.h) gives an
// expected result. Below full strength the engine values several root
// actions and plays one of them with a push towards the weaker that shrinks
// as the level rises, so that its mistakes look human rather than random.

namespace jungle::game {

inline constexpr int kFullSkill = 20;

// The depth, in plies, a search at `level` below full strength is cut to:
// 1 + level / 2, as the open search's (beginners see little).
int skill_depth(int level);
// How many root actions a search below full strength values to choose among.
int skill_lines();

// Which of the root actions valued `expected` (each an expected result for
// the side to move, best first) a side at `level` plays: 0 at full strength
// or with one action; otherwise each action's centipawns plus a push of
// (weakness * its shortfall + spread * a random share of the weakness) /
// 128, the greatest taken. `random` seeds the shares: the same seed, the
// same choice.
size_t skill_choice(const std::vector<double>& expected, int level, uint64_t random);

}  // namespace jungle::game
