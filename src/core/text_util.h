#pragma once

// The small text helpers that parsers and messages across the tree share:
// one definition each, so that "blank", "word" and "quoted" mean the same
// everywhere.

#include <charconv>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace jungle {

// Without the blanks (space, tab, CR, LF) at either end. A copy, so that
// trimming a temporary leaves nothing dangling.
std::string trim(std::string_view text);

// The same as a view into `text`, for parsers that keep the text alive.
std::string_view trim_view(std::string_view text);

// The words between runs of white space; none for a blank text.
std::vector<std::string> split(std::string_view text);

// ASCII lower case; other bytes are kept.
std::string lower(std::string_view text);

// The words joined with `separator` between them.
std::string join(const std::vector<std::string>& words, std::string_view separator);
// words[begin, end) joined by single spaces (as a command's arguments were
// written); a range past the end stops at the end.
std::string join_words(const std::vector<std::string>& words, size_t begin, size_t end);

// 'text', as messages quote what the user wrote.
std::string in_quotes(std::string_view text);
// "text", as messages quote a record's tag value, the way the tag writes it.
std::string in_double_quotes(std::string_view text);

// Today's local date as game records write it: "2024.05.31".
std::string today();

// The whole text as a decimal integer of type Int; false for anything else
// (signs other than a leading '-', blanks, overflow) with `value` untouched.
template <class Int>
bool parse_int(std::string_view text, Int& value) {
  Int parsed{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, parsed);
  if (ec != std::errc() || ptr != end) return false;
  value = parsed;
  return true;
}

}  // namespace jungle
