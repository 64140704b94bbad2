#include "game/record_tags.h"

#include <algorithm>
#include <string_view>

namespace jungle::game {

namespace {

bool has(const Tags& tags, std::string_view name) {
  return std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == name; });
}

}  // namespace

Tags merge_tags(const Tags& caller, const Tags& game) {
  Tags out;
  for (std::string_view name : {"Event", "Date", "Blue", "Red"}) {
    for (const auto& t : caller) {
      if (t.first == name && !has(game, name)) out.push_back(t);
    }
  }
  for (const auto& t : game) out.push_back(t);
  for (const auto& t : caller) {
    if (!has(out, t.first)) out.push_back(t);
  }
  return out;
}

}  // namespace jungle::game
