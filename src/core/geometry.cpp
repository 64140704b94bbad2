#include "core/geometry.h"

namespace jungle {

std::string Geometry::square_name(Square s) const {
  if (!contains(s)) return "--";
  return char('a' + file_of(s)) + std::to_string(rank_of(s) + 1);
}

bool Geometry::parse_coordinates(std::string_view text, int& file, int& rank) {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'z') return false;
  int number = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return false;
    number = number * 10 + (c - '0');
  }
  // "a01" is not a name: ranks are written without leading zeros.
  if (text[1] == '0') return false;
  file = text[0] - 'a';
  rank = number - 1;
  return true;
}

Square Geometry::parse_square(std::string_view text) const {
  int file = 0, rank = 0;
  if (!parse_coordinates(text, file, rank) || !contains(file, rank)) return kNoSquare;
  return square(file, rank);
}

std::optional<Move> Geometry::parse_move_text(std::string_view text) const {
  // The first name ends where the second's file letter starts.
  for (size_t split = 2; split <= 3 && split < text.size(); ++split) {
    if (text[split] < 'a' || text[split] > 'z') continue;
    const Square from = parse_square(text.substr(0, split));
    const Square to = parse_square(text.substr(split));
    if (from == kNoSquare || to == kNoSquare) return std::nullopt;
    return Move(from, to);
  }
  return std::nullopt;
}

}  // namespace jungle
