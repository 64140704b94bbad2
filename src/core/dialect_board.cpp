#include "core/dialect_board.h"

#include "core/dialect.h"
#include "core/geometry.h"
#include "core/text_util.h"

namespace jungle::notation {

namespace {

bool letter_animal(char c, const PlacementStyle& style, Animal& animal) {
  const char upper = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
  // The Leopard's letter is the one place the programs differ; our 'P' is an
  // unknown letter where the program writes another, so a FEN of the wrong
  // dialect is refused rather than read with a piece missing.
  if (upper == style.leopard) {
    animal = kLeopard;
    return true;
  }
  if (upper == 'P') return false;
  return parse_animal_letter(upper, animal);
}

char animal_char(Animal a, const PlacementStyle& style) {
  return a == kLeopard ? style.leopard : animal_letter(a);
}

}  // namespace

Square standard_square(int file, int rank) {
  return kStandardGeometry.square(file, rank);
}

std::string standard_square_name(Square s) {
  return kStandardGeometry.square_name(s);
}

Board read_placement(std::string_view text, const PlacementStyle& style) {
  Board board;
  board.fill(kNoPiece);
  std::vector<std::string> ranks;
  std::string current;
  for (char c : text) {
    if (c == '/') {
      ranks.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  ranks.push_back(current);
  if (ranks.size() != size_t(kRanks)) {
    throw NotationError(std::string(style.what) + " placement has " + std::to_string(ranks.size()) +
                        " ranks; expected 9");
  }
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    int file = 0;  // the program's own file, counted from its left
    for (char c : ranks[size_t(i)]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
        if (file > kFiles) break;
        continue;
      }
      Animal animal;
      if (!letter_animal(c, style, animal)) {
        throw NotationError(std::string(style.what) + " rank " + std::to_string(rank + 1) +
                            ": unknown piece letter " + in_quotes(std::string(1, c)));
      }
      if (file >= kFiles) {
        file = kFiles + 1;
        break;
      }
      const Side side = (c >= 'a' && c <= 'z') ? kRed : kBlue;
      const int ours = style.mirror_files ? kFiles - 1 - file : file;
      board[size_t(standard_square(ours, rank))] = make_piece(side, animal);
      ++file;
    }
    if (file != kFiles) {
      throw NotationError(std::string(style.what) + " rank " + std::to_string(rank + 1) +
                          " is not 7 squares wide: " + in_quotes(ranks[size_t(i)]));
    }
  }
  return board;
}

std::string write_placement(const Board& board, const PlacementStyle& style) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const int ours = style.mirror_files ? kFiles - 1 - file : file;
      const Piece p = board[size_t(standard_square(ours, rank))];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      char c = animal_char(animal_of(p), style);
      if (side_of(p) == kRed) c = char(c - 'A' + 'a');
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

}  // namespace jungle::notation
