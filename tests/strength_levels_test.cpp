// The strength levels' one table (src/search/strength_levels.h), and the web
// page's copy of it, which must say the same.
#include "search/strength_levels.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

namespace jungle {
namespace {

TEST(StrengthLevels, NamesALevelOrASkillBetweenLevels) {
  EXPECT_EQ(strength_name(0), "Level 1 · beginner");
  EXPECT_EQ(strength_name(12), "Level 5 · strong");
  EXPECT_EQ(strength_name(20), "Level 8 · full strength");
  EXPECT_EQ(strength_name(7), "skill 7");
  ASSERT_TRUE(level_of_skill(9).has_value());
  EXPECT_EQ(level_of_skill(9)->number, 4);
  EXPECT_FALSE(level_of_skill(10).has_value());
}

TEST(StrengthLevels, TheWebPageUsesTheSameTable) {
  std::ifstream in(std::string(JUNGLE_SOURCE_DIR) + "/src/web/assets/js/game/format.js");
  ASSERT_TRUE(in) << "format.js not found";
  std::stringstream text;
  text << in.rdbuf();
  const std::string js = text.str();
  const std::regex entry(R"(\{ skill: (\d+), name: 'Level (\d+) · ([a-z ]+)' \})");
  size_t i = 0;
  for (auto it = std::sregex_iterator(js.begin(), js.end(), entry); it != std::sregex_iterator();
       ++it, ++i) {
    ASSERT_LT(i, kStrengthLevels.size());
    EXPECT_EQ(std::stoi((*it)[1]), kStrengthLevels[i].skill);
    EXPECT_EQ(std::stoi((*it)[2]), kStrengthLevels[i].number);
    EXPECT_EQ((*it)[3].str(), kStrengthLevels[i].word);
  }
  EXPECT_EQ(i, kStrengthLevels.size());
}

}  // namespace
}  // namespace jungle
