#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry.h"
#include "core/types.h"

// What the arbiter of a hidden game announces (docs/hidden.md): every move
// or attack with its from- and to-square, how an attack ended, and the
// animals the rule set's `reveal` option shows. Both players receive the
// same announcements; what each then knows differs only by its own animals.

namespace jungle::hidden {

enum class Outcome : uint8_t {
  kMove,     // to an empty square
  kTook,     // an attack the capture rule allows: the defender left the board
  kDied,     // a failed attack (failed_attack = attacker_dies): the attacker left the board
  kBounced,  // a failed attack (bounce): nothing moved, the turn is spent
  kRefused,  // a failed attack (refused): nothing happened; the same side moves again
};

// "took", "died", "bounced", "refused" ("" for a move).
std::string_view outcome_word(Outcome o);

// One announcement.
struct Observation {
  Side mover = kBlue;
  Move move;
  Outcome outcome = Outcome::kMove;
  // The animals shown to both players, as pieces (kNoPiece: not shown).
  Piece attacker_shown = kNoPiece;
  Piece defender_shown = kNoPiece;
  // Pieces of the mover's side that drowned at the end of the move (the
  // water turn limit), each with its animal when shown (else kNoPiece).
  std::vector<std::pair<Square, Piece>> drowned;

  bool is_attack() const { return outcome != Outcome::kMove; }
  // A refused attack is no ply: the same side moves again.
  bool is_ply() const { return outcome != Outcome::kRefused; }
  bool operator==(const Observation&) const = default;
};

// The announcement as records and the protocol write it:
//   e3e4            a move to an empty square
//   e3e4:took=Tw    an attack that took; `=` then the attacker's and the
//                   defender's animals in FEN case, `?` for one not shown
//   e3e4:died=Cw, e3e4:bounced=C?, e3e4:refused, e3e4:took (nothing shown)
//   ...~b5=r        a piece that drowned at the end of the move (~b5 unshown)
std::string observation_text(const Observation& o, const Geometry& board);

// Reads one announcement made by `mover`. A bare move ("e3e4") reads as a
// move whose outcome is not written (`outcome_given` false), which only the
// arbiter's own record may hold for an attack. Returns nothing and a reason
// in `error` for text that is not an announcement.
std::optional<Observation> parse_observation(std::string_view text, Side mover,
                                             const Geometry& board, bool* outcome_given,
                                             std::string* error);

}  // namespace jungle::hidden
