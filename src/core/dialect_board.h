#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/types.h"

namespace jungle::notation {

// A FEN-style piece placement (ranks from the top, '/' between them, digits
// for runs of empty squares) as one program writes it on the standard 7x9
// board. The programs differ only in these ways, so one reader serves them all.
struct PlacementStyle {
  std::string_view what;      // "mistboard FEN", for messages
  bool mirror_files = false;  // the program's file a is our file g
  char leopard = 'P';         // the Leopard's upper-case letter (KataGo: 'J')
};

// The standard board's shape, the only one these programs play on.
inline constexpr int kFiles = 7;
inline constexpr int kRanks = 9;

using Board = std::array<Piece, 64>;  // by our square index; kNoPiece where empty

// Upper case is always the side at the bottom (ranks 1-3), which is our Blue.
// Throws NotationError naming `style.what` and the rank.
Board read_placement(std::string_view text, const PlacementStyle& style);
std::string write_placement(const Board& board, const PlacementStyle& style);

// Our square for a file (0 = a) and rank (0 = rank 1) of the standard board.
Square standard_square(int file, int rank);
// Our square's name, "a1".."g9".
std::string standard_square_name(Square s);

}  // namespace jungle::notation
