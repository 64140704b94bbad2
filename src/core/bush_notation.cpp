#include "core/bush_notation.h"

namespace jungle {

std::string bush_square_name(const Geometry& board, Square s) {
  const int file = int(s) % board.files(), rank = int(s) / board.files();
  return std::string(1, char('0' + board.files() - file)) + char('a' + board.ranks() - 1 - rank);
}

Square parse_bush_square(const Geometry& board, std::string_view text) {
  if (text.size() != 2 || board.files() > 9 || board.ranks() > 26) return kNoSquare;
  const int column = text[0] - '0';
  char row = text[1];
  if (row >= 'A' && row <= 'Z') row = char(row - 'A' + 'a');
  if (column < 1 || column > board.files() || row < 'a' || row >= 'a' + board.ranks()) {
    return kNoSquare;
  }
  return board.square(board.files() - column, board.ranks() - 1 - (row - 'a'));
}

std::optional<Move> parse_bush_move(const Geometry& board, std::string_view text) {
  std::string t(text);
  if (t.size() == 5 && t[2] == '-') t.erase(2, 1);
  if (t.size() != 4) return std::nullopt;
  const Square from = parse_bush_square(board, std::string_view(t).substr(0, 2));
  const Square to = parse_bush_square(board, std::string_view(t).substr(2));
  if (from == kNoSquare || to == kNoSquare) return std::nullopt;
  return Move(from, to);
}

std::string bush_move_text(const Geometry& board, Move m) {
  return bush_square_name(board, m.from()) + "-" + bush_square_name(board, m.to());
}

}  // namespace jungle
