#include "core/dialect_position.h"

#include <vector>

#include "core/dialect_board.h"
#include "core/geometry.h"
#include "core/text_util.h"

namespace jungle::notation {

namespace {

// mistboard's jungle-fen.ts: ranks from 9 down, files a..g of its own board,
// which is ours mirrored left-right (its a9 holds the Tiger, ours the Lion).
constexpr PlacementStyle kMistboard{"mistboard FEN", true, 'P'};
// KataGo-AnimalChess's setfen: our board square for square, J for the Leopard.
constexpr PlacementStyle kKatago{"KataGo setfen", false, 'J'};
// netcan/AnimalChess's board.rs load_fen/get_fen: our placement exactly.
constexpr PlacementStyle kNetcan{"netcan FEN", false, 'P'};

Board board_of(const FenFields& f) {
  Board b;
  for (size_t i = 0; i < b.size(); ++i) b[i] = f.board[i];
  return b;
}

int read_counter(std::string_view text, std::string_view what, std::string_view name, int least,
                 int most) {
  int value = 0;
  if (!parse_int(text, value) || value < least || value > most) {
    throw NotationError(std::string(what) + " " + std::string(name) + " " + in_quotes(text) +
                        " is not a whole number from " + std::to_string(least) + " to " +
                        std::to_string(most));
  }
  return value;
}

// The side letter of a two-letter dialect: `blue` for our Blue (the side at
// the bottom, which moves first), `red` for our Red.
Side read_side(std::string_view text, std::string_view what, char blue, char red) {
  if (text.size() == 1 && text[0] == blue) return kBlue;
  if (text.size() == 1 && text[0] == red) return kRed;
  throw NotationError(std::string(what) + " side to move " + in_quotes(text) + " is not '" +
                      std::string(1, blue) + "' (the side at the bottom) or '" +
                      std::string(1, red) + "' (the side at the top)");
}

FenFields read_mistboard(std::string_view text) {
  const std::vector<std::string> fields = split(text);
  if (fields.size() != 2 && fields.size() != 4) {
    throw NotationError("mistboard FEN has " + std::to_string(fields.size()) +
                        " fields; expected <placement> <r|b> [<progress clock> <move number>]");
  }
  FenFields out;
  const Board b = read_placement(fields[0], kMistboard);
  for (size_t i = 0; i < b.size(); ++i) out.board[i] = b[i];
  // Its red is upper case and moves first; its parser takes 'w' for red too.
  out.side = fields[1] == "w" ? kBlue : read_side(fields[1], "mistboard FEN", 'r', 'b');
  if (fields.size() == 4) {
    out.plies_since_capture =
        read_counter(fields[2], "mistboard FEN", "progress clock", 0, kMaxFenPlies);
    out.move_number = read_counter(fields[3], "mistboard FEN", "move number", 1, kMaxFenMoveNumber);
  }
  return out;
}

FenFields read_two_field(std::string_view text, const PlacementStyle& style) {
  std::vector<std::string> fields = split(text);
  if (style.leopard == 'J' && !fields.empty() && fields[0] == "setfen") {
    fields.erase(fields.begin());
  }
  if (fields.size() != 2) {
    throw NotationError(std::string(style.what) + " has " + std::to_string(fields.size()) +
                        " fields; expected <placement> <w|b>");
  }
  FenFields out;
  const Board b = read_placement(fields[0], style);
  for (size_t i = 0; i < b.size(); ++i) out.board[i] = b[i];
  out.side = read_side(fields[1], style.what, 'w', 'b');
  return out;
}

}  // namespace

FenFields read_position(Dialect d, std::string_view text) {
  switch (d) {
    case Dialect::kJungle:
      try {
        return read_fen(text, kStandardGeometry);
      } catch (const FenError& e) {
        throw NotationError(e.what());
      }
    case Dialect::kMistboard:
      return read_mistboard(text);
    case Dialect::kKatago:
      return read_two_field(text, kKatago);
    case Dialect::kNetcan:
      return read_two_field(text, kNetcan);
    case Dialect::kBush:
      break;
  }
  throw NotationError(
      "Bush's notation has no position format (his rules name squares only); "
      "give the position in another dialect");
}

std::string write_position(Dialect d, const FenFields& f) {
  const std::string counters =
      " " + std::to_string(f.plies_since_capture) + " " + std::to_string(f.move_number);
  switch (d) {
    case Dialect::kJungle:
      return write_placement(board_of(f), {"FEN", false, 'P'}) + (f.side == kBlue ? " w" : " b") +
             counters;
    case Dialect::kMistboard:
      return write_placement(board_of(f), kMistboard) + (f.side == kBlue ? " r" : " b") + counters;
    case Dialect::kKatago:
      return write_placement(board_of(f), kKatago) + (f.side == kBlue ? " w" : " b");
    case Dialect::kNetcan:
      return write_placement(board_of(f), kNetcan) + (f.side == kBlue ? " w" : " b");
    case Dialect::kBush:
      break;
  }
  throw NotationError(
      "Bush's notation has no position format (his rules name squares only); "
      "convert the position to another dialect");
}

}  // namespace jungle::notation
