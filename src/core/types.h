#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jungle {

// Squares are numbered by the board's Geometry (core/geometry.h): index =
// rank * files + file, at most 64 squares, so 0..63 may all be real squares.
using Square = int;
// No square: one past any board, so never a bit of a bitboard (never shift by it).
inline constexpr Square kNoSquare = 64;

enum Side : int { kBlue = 0, kRed = 1 };
inline constexpr int kSides = 2;
constexpr Side opponent(Side s) {
  return Side(s ^ 1);
}

// Animals in default rank order; a rule set may assign other ranks, so the
// enum value is an identity, never a strength.
enum Animal : int {
  kRat = 0,
  kCat = 1,
  kDog = 2,
  kWolf = 3,
  kLeopard = 4,
  kTiger = 5,
  kLion = 6,
  kElephant = 7,
};
inline constexpr int kAnimals = 8;

// Upper-case FEN letter of an animal: R C D W P T L E.
char animal_letter(Animal a);
// English name, capitalised: "Rat", "Leopard".
std::string_view animal_name(Animal a);
// "Blue" or "Red", for sentences ("Blue has a second Lion on ...").
std::string side_name(Side s);
// Accepts the FEN letter in either case; returns false when unknown.
bool parse_animal_letter(char c, Animal& animal);
// Accepts lower-case names and the aliases the sources use (mouse, panther, cougar).
bool parse_animal_name(std::string_view name, Animal& animal);

// A piece packs side and animal: code = side * 8 + animal; kNoPiece marks an empty square.
enum Piece : int { kNoPiece = 16 };
constexpr Piece make_piece(Side s, Animal a) {
  return Piece(s * kAnimals + a);
}
constexpr Side side_of(Piece p) {
  return Side(p / kAnimals);
}
constexpr Animal animal_of(Piece p) {
  return Animal(p % kAnimals);
}
// Blue upper case, Red lower case.
char piece_letter(Piece p);

// A move in 16 bits: bits 0-5 from-square, bits 6-11 to-square (Geometry::move_text
// writes it). Steps and
// jumps are written alike; what a move captures is read from the board.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : bits_(uint16_t(from | (to << 6))) {}
  constexpr Square from() const { return bits_ & 63; }
  constexpr Square to() const { return (bits_ >> 6) & 63; }
  constexpr uint16_t raw() const { return bits_; }
  static constexpr Move from_raw(uint16_t raw) {
    Move m;
    m.bits_ = raw;
    return m;
  }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t bits_ = 0;  // a1a1 is never a move, so zero means "no move"
};

enum class GameResult { kOngoing, kBlueWins, kRedWins, kDraw };

enum class Termination {
  kNone,
  kDenEntered,
  kAllCaptured,
  kNoLegalMove,
  kRepetition,
  kMoveLimit,
  kDenFood,  // own den occupied too long (anti-draw rule)
};

// The one vocabulary for how games end, as records (docs/records.md) and the
// web API write it. A result: "1-0" (Blue won), "0-1" (Red won), "1/2-1/2"
// or "*" (going on).
std::string_view result_tag(GameResult r);
// The result a tag names; nothing for a text that is not one of the four.
std::optional<GameResult> result_from_tag(std::string_view tag);

// A game ended by rule: "den", "all captured", "no moves", "repetition",
// "move limit", "den food" ("" for kNone).
std::string_view termination_tag(Termination t);
// The rule a tag names; nothing for "" and for the declared endings below.
std::optional<Termination> termination_from_tag(std::string_view tag);

// A game ended by a declaration rather than by the board: a resignation, a
// flag fall, a draw agreed or adjudicated, a game abandoned, a game aborted
// before each side had moved (no winner, declared as a draw; nothing counts
// it: docs/ratings.md, "Aborted games").
inline constexpr std::array<std::string_view, 5> kDeclaredTerminations = {
    "resignation", "time", "agreement", "abandoned", "aborted"};
bool is_declared_termination(std::string_view tag);

}  // namespace jungle
