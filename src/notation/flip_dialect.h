#pragma once

#include <string>
#include <string_view>

// mistboard's Flip Jungle notation (docs/dialects.md, "mistboard's Flip
// Jungle"), as its engine MistyJungleFlip reads and writes it, beside ours
// (docs/records.md, "Flip Jungle records and FEN"). Only the text is
// converted; whether the position or the action is legal is for the flip
// family's reader to say.
//
//   ours       ????/????/????/???? - RCDWPTLErcdwptle 0 1     a1?   a1a2
//   mistboard  XXXX/XXXX/XXXX/XXXX - R1C1D1W1P1T1L1E1r1c1d1w1p1t1l1e1 0 0
//                                                              a0a0  a0a1
//
// The board is ours square for square (rank 4 first, files a to d), with
// `X` for a face-down tile; its red ink (upper case) is our Blue ink (upper
// case), which moves first in a fixed-colour set, and `r` to move is our
// `w`. The pool counts each animal (red's, then black's, in rank order)
// where ours repeats its letter. The last field is the ply from the start
// where ours is the move number: ply = 2 x (move - 1), plus one with Red to
// move; read back, move = ply / 2 + 1. Squares are file and rank - 1 (`a0`
// is our a1), and a flip is its square twice (`a0a0`, ours `a1?`).

namespace jungle::notation {

// Throw NotationError naming the field and the text at fault.
std::string flip_fen_from_mistboard(std::string_view theirs);
std::string flip_fen_to_mistboard(std::string_view ours);
// One action; ours may carry what a flip revealed ("a1?=L"), which
// mistboard's engines are never told and which is dropped.
std::string flip_action_from_mistboard(std::string_view theirs);
std::string flip_action_to_mistboard(std::string_view ours);

}  // namespace jungle::notation
