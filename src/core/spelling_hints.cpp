#include "core/spelling_hints.h"

#include <algorithm>
#include <string_view>

namespace jungle {

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = int(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = int(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string_view closest_spelling(std::string_view word,
                                  const std::vector<std::string_view>& candidates) {
  std::string_view best;
  int best_distance = word.size() < 4 ? 1 : 2;
  for (std::string_view candidate : candidates) {
    int d = edit_distance(word, candidate);
    if (d <= best_distance && (best.empty() || d < best_distance)) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace jungle
