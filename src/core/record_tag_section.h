#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

// The tag section that every family's record begins with (docs/records.md):
// `[Name "value"]` lines, then a blank line. Written here once so that the
// open game's, Flip Jungle's and the hidden game's records escape and order
// their tags alike.

namespace jungle {

using TagList = std::vector<std::pair<std::string, std::string>>;

// A tag's value as a record may hold it: `"` and `\` escaped, and a line
// break, which would end the tag, written as a space.
std::string escape_tag_value(std::string_view value);

// The value of the first tag called `name`, or "" when there is none.
std::string tag_value(const TagList& tags, std::string_view name);

// `Event`, `Date`, `Blue` and `Red` from `given` (those set), then the
// writer's `own` tags, then the rest of `given` that is not written yet;
// each as a line, and the blank line after them.
std::string write_tag_section(const TagList& given, const TagList& own);

}  // namespace jungle
