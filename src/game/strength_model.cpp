// The strength model: Skill Level to Elo, and a score to win/draw/loss odds.

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "game/option_limits.h"
#include "game/strength_model.h"
#include "search/search.h"

namespace jungle {

using namespace game::option_limits;

namespace {

// The Elo of Skill Levels 0..19 (level 20 is full strength, not a UCI_Elo):
// level 0 is set at 1000 and the rest follow from 40-game matches between
// levels 4 apart at 20 ms a move, interpolated between the levels measured
// (docs/engine.md). Provisional: the error bars are 60-300 Elo per step.
constexpr int kSkillElo[kMaxSkillLevel] = {1000, 1109, 1218, 1327, 1436, 1484, 1532,
                                           1580, 1627, 1669, 1711, 1754, 1796, 1822,
                                           1849, 1876, 1903, 1933, 1962, 1992};

}  // namespace

int skill_level_elo(int level) {
  return kSkillElo[std::clamp(level, 0, kMaxSkillLevel - 1)];
}

int skill_level_for_elo(int elo) {
  int best = 0;
  for (int level = 1; level < kMaxSkillLevel; ++level) {
    if (std::abs(kSkillElo[level] - elo) < std::abs(kSkillElo[best] - elo)) best = level;
  }
  return best;
}

Wdl wdl_of_score(int score) {
  if (score >= kMateBound) return {1000, 0, 0};
  if (score <= -kMateBound) return {0, 0, 1000};
  // A logistic model: a win needs the score to beat a draw margin, a loss
  // the same the other way; what is left draws. The scale matches the
  // tuning data's K = 0.21 (expected score 1 / (1 + 10^(-0.21 s / 400)),
  // docs/tuning.md) and the margin gives 30% draws at 0 (26.5% of the
  // self-play games were drawn).
  constexpr double kScale = 752, kMargin = 466;
  auto sigmoid = [](double x) { return 1 / (1 + std::exp(-x)); };
  const int win = int(std::lround(1000 * sigmoid((score - kMargin) / kScale)));
  const int loss = int(std::lround(1000 * sigmoid((-score - kMargin) / kScale)));
  return {win, 1000 - win - loss, loss};
}

}  // namespace jungle
