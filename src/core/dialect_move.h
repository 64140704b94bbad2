#pragma once

#include <string>
#include <string_view>

#include "core/dialect.h"
#include "core/types.h"

namespace jungle::notation {

// A move as each dialect writes it (docs/dialects.md); the example is our a3a4
// (Blue's Elephant one step forward):
//   jungle     a3a4
//   mistboard  g3g4                 its own square names, on the mirrored board
//   katago     play b A3; play b A4 two GTP stages, the piece then the square;
//                                   'b' is the side at the bottom (our Blue)
//   netcan     24656                (row << 4 | col) << 8 | (row << 4 | col),
//                                   row 0 at the top; 0x6050 in hex
//   bush       7g-7f                column 7..1 from Blue's left, row a..i from Red's side
// The mover matters only to KataGo's colour letter. Reading takes what the
// dialect's programs write and a few plain spellings ("A3 A4", "7g7f",
// hexadecimal for netcan); it checks the squares, not legality.
// Throws NotationError naming the dialect and the text.
Move read_move(Dialect d, std::string_view text, Side mover);
std::string write_move(Dialect d, Move m, Side mover);
// A move as one word of a record (core/game_record.h): write_move's text,
// except KataGo's, whose two GTP stages become its two vertices, "A3A4".
std::string write_record_move(Dialect d, Move m, Side mover);

// One square in a dialect (our a1 is "a1", mistboard's "g1", KataGo's "A1",
// Bush's "7i"); nothing when the text is not a square there. netcan names no
// squares in text: its square is a byte of the move, written here in decimal.
Square read_square(Dialect d, std::string_view text);
std::string write_square(Dialect d, Square s);

}  // namespace jungle::notation
