#include "core/fen.h"

#include <string>
#include <vector>

#include "core/text_util.h"

namespace jungle {

namespace {

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

int parse_counter(std::string_view field, std::string_view what, int minimum, int maximum) {
  int value = 0;
  if (!parse_int(field, value) || value < minimum || value > maximum) {
    throw FenError("FEN " + std::string(what) + " '" + std::string(field) +
                   "' is not a whole number from " + std::to_string(minimum) + " to " +
                   std::to_string(maximum));
  }
  return value;
}

}  // namespace

FenFields read_fen(std::string_view fen, const Geometry& board) {
  FenFields out;
  out.board.fill(kNoPiece);
  std::vector<std::string_view> fields = split_fields(fen);
  if (fields.empty()) throw FenError("FEN is empty");
  // The chess-style form other Jungle programs write: "<placement> w - - 0 1".
  if (fields.size() == 6 && fields[2] == "-" && fields[3] == "-") {
    fields.erase(fields.begin() + 2, fields.begin() + 4);
  }
  if (fields.size() != 2 && fields.size() != 4) {
    throw FenError("FEN has " + std::to_string(fields.size()) +
                   (fields.size() == 1 ? " field" : " fields") +
                   "; expected placement, side to move and optionally the plies since "
                   "the last capture and the move number");
  }

  std::vector<std::string_view> ranks;
  std::string_view placement = fields[0];
  size_t start = 0;
  for (size_t i = 0; i <= placement.size(); ++i) {
    if (i == placement.size() || placement[i] == '/') {
      ranks.push_back(placement.substr(start, i - start));
      start = i + 1;
    }
  }
  const int files = board.files();
  if (ranks.size() != size_t(board.ranks())) {
    throw FenError("FEN placement has " + std::to_string(ranks.size()) + " ranks; expected " +
                   std::to_string(board.ranks()));
  }
  for (int i = 0; i < board.ranks(); ++i) {
    const int rank = board.ranks() - 1 - i;
    // Counted in full, so that a piece beyond the last file is an error
    // rather than dropped; wide enough for any text.
    int64_t file = 0;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
        continue;
      }
      Animal animal;
      if (!parse_animal_letter(c, animal)) {
        std::string where = file < files ? board.square_name(board.square(int(file), rank))
                                         : "rank " + std::to_string(rank + 1);
        throw FenError(std::string("unknown piece letter '") + c + "' at " + where);
      }
      if (file < files) {
        Side side = (c >= 'a' && c <= 'z') ? kRed : kBlue;
        out.board[board.square(int(file), rank)] = make_piece(side, animal);
      }
      ++file;
    }
    if (file != files) {
      throw FenError("FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                     " files; expected " + std::to_string(files));
    }
  }

  if (fields[1] == "w") {
    out.side = kBlue;
  } else if (fields[1] == "b") {
    out.side = kRed;
  } else {
    throw FenError("FEN side to move '" + std::string(fields[1]) +
                   "' is not 'w' (Blue) or 'b' (Red)");
  }
  if (fields.size() == 4) {
    out.plies_since_capture =
        parse_counter(fields[2], "plies since the last capture", 0, kMaxFenPlies);
    out.move_number = parse_counter(fields[3], "move number", 1, kMaxFenMoveNumber);
  }
  return out;
}

}  // namespace jungle
