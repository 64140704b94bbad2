#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace jungle {

// The strengths players choose from, by one name everywhere: the web page's
// menu, the terminal's `--level`, the games list and the records all say
// "Level 5 · strong". Each level is a skill (0..20, the engine's own scale,
// which `--skill` and the protocol's Skill Level still take).
struct StrengthLevel {
  int number;  // 1..8
  int skill;
  std::string_view word;
};

inline constexpr std::array<StrengthLevel, 8> kStrengthLevels = {{
    {1, 0, "beginner"},
    {2, 3, "novice"},
    {3, 6, "casual"},
    {4, 9, "club"},
    {5, 12, "strong"},
    {6, 15, "expert"},
    {7, 18, "master"},
    {8, 20, "full strength"},
}};

// The level that plays at `skill`, if one does.
std::optional<StrengthLevel> level_of_skill(int skill);
// "Level 5 · strong" for a level's skill; "skill 7" for a skill between levels.
std::string strength_name(int skill);

}  // namespace jungle
