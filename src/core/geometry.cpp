#include "core/geometry.h"

namespace jungle {

std::string Geometry::square_name(Square s) const {
  if (!contains(s)) return "--";
  return char('a' + file_of(s)) + std::to_string(rank_of(s) + 1);
}

Square Geometry::parse_square(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return kNoSquare;
  const int file = text[0] - 'a';
  int rank = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return kNoSquare;
    rank = rank * 10 + (c - '0');
  }
  // "a01" is not a name: ranks are written without leading zeros.
  if (text[1] == '0') return kNoSquare;
  if (!contains(file, rank - 1)) return kNoSquare;
  return square(file, rank - 1);
}

}  // namespace jungle
