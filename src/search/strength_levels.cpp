#include "search/strength_levels.h"

namespace jungle {

std::optional<StrengthLevel> level_of_skill(int skill) {
  for (const StrengthLevel& level : kStrengthLevels) {
    if (level.skill == skill) return level;
  }
  return std::nullopt;
}

std::string strength_name(int skill) {
  if (const std::optional<StrengthLevel> level = level_of_skill(skill)) {
    return "Level " + std::to_string(level->number) + " · " + std::string(level->word);
  }
  return "skill " + std::to_string(skill);
}

}  // namespace jungle
