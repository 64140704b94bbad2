#pragma once

// "Did you mean" hints for misspelt words in what users write (rule-file
// keys and animal names).

#include <string_view>
#include <vector>

namespace jungle {

// Levenshtein distance: the fewest one-character insertions, deletions and
// substitutions that turn `a` into `b`.
int edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` when it is close enough to be a likely
// typo (one edit for words under four letters, else two), else "".
std::string_view closest_spelling(std::string_view word,
                                  const std::vector<std::string_view>& candidates);

}  // namespace jungle
