#include "game/skill_choice.h"

#include <algorithm>
#include <random>

#include "game/score.h"
#include "search/search_params.h"

namespace jungle::game {

int skill_depth(int level) {
  return 1 + std::clamp(level, 0, kFullSkill) / search_params::kSkillDepthDivisor;
}

int skill_lines() {
  return search_params::kSkillMultiPv;
}

size_t skill_choice(const std::vector<double>& expected, int level, uint64_t random) {
  if (level >= kFullSkill || expected.size() < 2) return 0;
  const size_t candidates = std::min(expected.size(), size_t(skill_lines()));
  std::vector<int> cp(candidates);
  for (size_t i = 0; i < candidates; ++i) cp[i] = centipawns_of_expected(expected[i]);
  const int top = cp[0];
  const int spread = std::min(top - cp[candidates - 1], search_params::kSkillMaxSpread);
  const int weakness = search_params::kSkillWeaknessBase -
                       search_params::kSkillWeaknessPerLevel * std::max(level, 0);
  std::mt19937_64 rng(random);
  size_t best = 0;
  int best_value = 0;
  for (size_t i = 0; i < candidates; ++i) {
    const int push = (weakness * (top - cp[i]) + spread * int(rng() % uint64_t(weakness))) /
                     search_params::kSkillPushDivisor;
    if (i == 0 || cp[i] + push > best_value) {
      best_value = cp[i] + push;
      best = i;
    }
  }
  return best;
}

}  // namespace jungle::game
