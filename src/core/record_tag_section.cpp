#include "core/record_tag_section.h"

namespace jungle {

std::string escape_tag_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

std::string tag_value(const TagList& tags, std::string_view name) {
  for (const auto& [k, v] : tags) {
    if (k == name) return v;
  }
  return "";
}

std::string write_tag_section(const TagList& given, const TagList& own) {
  TagList out;
  for (std::string_view name : {"Event", "Date", "Blue", "Red"}) {
    if (std::string v = tag_value(given, name); !v.empty()) out.emplace_back(name, v);
  }
  out.insert(out.end(), own.begin(), own.end());
  for (const auto& [k, v] : given) {
    if (tag_value(out, k).empty()) out.emplace_back(k, v);
  }
  std::string text;
  for (const auto& [k, v] : out) text += "[" + k + " \"" + escape_tag_value(v) + "\"]\n";
  return text + "\n";
}

}  // namespace jungle
