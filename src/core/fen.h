#pragma once

// The text of a FEN, read without a rule set: what it says, and the error
// for a text that is no FEN. Below both the rule set, which checks where its
// start position's pieces stand, and Position, which plays from a FEN.

#include <array>
#include <stdexcept>
#include <string_view>

#include "core/geometry.h"
#include "core/types.h"

namespace jungle {

// Raised for any text that is not a valid FEN under the given rules; the
// message says what is wrong and where ("FEN rank 3 has 8 files").
class FenError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a FEN's text says, read without a rule set. RuleSet::check_placement then
// checks it against the rules (where pieces may stand); a rule file reads its
// start position here already, to point at the line when the text is broken.
struct FenFields {
  std::array<Piece, 64> board;  // by square; kNoPiece where empty
  Side side = kBlue;
  int plies_since_capture = 0;
  int move_number = 1;
};
// Throws FenError. Accepts "<placement> <side> [<plies> <move>]" and the
// chess-style "<placement> <side> - - <plies> <move>"; the placement has
// one field per rank of `board`, each `board.files()` squares long.
FenFields read_fen(std::string_view fen, const Geometry& board);

// The largest counters a FEN may give. The plies since the last capture go
// up to the largest no-capture limit a rule set may set; both leave room
// for any game to go on from them without overflow.
inline constexpr int kMaxFenPlies = 1000000;
inline constexpr int kMaxFenMoveNumber = 1000000;

}  // namespace jungle
