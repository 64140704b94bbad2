#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.h"
#include "core/types.h"
#include "flip/flip_rules.h"

namespace jungle::flip {

inline constexpr Geometry kFlipGeometry{4, 4};
inline constexpr int kFlipSquares = 16;
inline constexpr int kPieceKinds = kSides * kAnimals;  // the 16 piece codes

// What a square holds: a piece code (0..15), nothing, or a face-down tile.
using Cell = uint8_t;
inline constexpr Cell kEmpty = kNoPiece;
inline constexpr Cell kHidden = kNoPiece + 1;

// One decision: turn over the tile on `from` (a chance event) or move the
// face-up piece on `from` one step to `to`.
struct Action {
  enum Kind : uint8_t { kFlip, kMove };
  Kind kind = kMove;
  Square from = 0;
  Square to = 0;

  static constexpr Action flip(Square s) { return {kFlip, s, s}; }
  static constexpr Action move(Square f, Square t) { return {kMove, f, t}; }
  constexpr bool is_flip() const { return kind == kFlip; }
  constexpr bool operator==(const Action&) const = default;
};

// A played ply: the action and, for a flip, the piece it revealed.
struct Ply {
  Action action;
  Piece revealed = kNoPiece;
  constexpr bool operator==(const Ply&) const = default;
};

// "b2?" for a flip, "a1a2" for a move.
std::string action_text(Action a);
// "b2?=L" (Blue Lion) or "b2?=l" (Red Lion) for a flip, "a1a2" for a move.
std::string ply_text(const Ply& p);

// At most 16 flips and 8 pieces with 4 steps each.
struct ActionList {
  std::array<Action, 48> items;
  int size = 0;
  void push(Action a) { items[size++] = a; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

// What a flip may reveal: each piece still in the pool with its count.
struct Outcomes {
  std::array<Piece, kPieceKinds> piece;
  std::array<int, kPieceKinds> count;
  int size = 0;
  int total = 0;  // the face-down tiles: each outcome's probability is count / total
};

// How an attack ends.
enum class Combat { kIllegal, kTakes, kBothDie, kAttackerDies };

enum class FlipEnd {
  kNone,
  kAllCaptured,  // a side has no piece left, face up or down
  kNoActions,    // the side to move can neither flip nor move
  kQuietLimit,   // quiet_limit plies with no capture and no flip
  kRepetition,
  kStrongest,  // strongest_wins: a piece outranks all the opponent has left
};
// "all captured", "no moves", "move limit", "repetition", "strongest".
std::string_view flip_end_tag(FlipEnd e);
// The end as a sentence, `r` the result it gave: "Blue wins: the other side
// has no pieces left", "Draw: the same position occurred again".
std::string flip_end_message(FlipEnd e, GameResult r);

class FlipFenError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A Flip Jungle position: the board with its face-down tiles, the pool of
// animals still hidden (known to both players: the game's uncertainty is
// shared, not private), the side to move, the plies since the last capture
// or flip, and the history needed for repetitions and undo.
//
// Before the first flip of a first-flip set the colours are undecided
// (`colours_known()` false): the first player can only flip, and the colour
// it reveals becomes the first player's, so that Red moves next after a
// Blue piece and Blue after a Red one.
class FlipPosition {
 public:
  explicit FlipPosition(FlipRulesPtr rules);
  // "????/????/????/???? - CDELPRTWcdelprtw 0 1" (docs/records.md). Throws FlipFenError.
  FlipPosition(FlipRulesPtr rules, std::string_view fen);

  static std::string start_fen(const FlipRules& rules);
  std::string fen() const;
  // The FEN this position was made from, before any ply of history().
  const std::string& initial_fen() const { return initial_fen_; }

  const FlipRules& rules() const { return *rules_; }
  const FlipRulesPtr& rules_ptr() const { return rules_; }

  Cell cell(Square s) const { return cells_[s]; }
  Side side_to_move() const { return side_; }
  bool colours_known() const { return colours_known_; }
  int quiet_plies() const { return quiet_; }
  int ply_count() const { return ply_; }
  int hidden_count() const { return hidden_; }
  int pool_count(Piece p) const { return pool_[p]; }
  // The face-down pool as the FEN writes it: each animal's letter as often
  // as it lies face down, Blue's first, each side's in rank order
  // ("RCDWPTLErcdwptle" at the start); "" when every tile is face up, which
  // the FEN writes "-".
  std::string pool_letters() const;
  // Pieces a side still has, face up and in the pool.
  int pieces_left(Side s) const { return up_count_[s] + pool_side_[s]; }
  int face_up_count(Side s) const { return up_count_[s]; }
  uint64_t key() const { return key_; }
  // How often the current position has occurred (1: only now), looking back
  // to the last capture or flip.
  int occurrences() const { return repetitions_of_current(); }

  // A table lookup (combat_table_, made from the rules at construction):
  // the evaluation and the move generator ask it at every node.
  Combat combat(Animal attacker, Animal defender) const {
    return combat_table_[size_t(attacker) * kAnimals + size_t(defender)];
  }
  ActionList legal_actions() const;
  // Whether legal_actions() would hold any action, without listing them
  // (end() asks it at every node).
  bool has_action() const;
  bool is_legal(Action a) const;
  Outcomes outcomes() const;

  // Plays an action; `revealed` is a flip's outcome (a piece in the pool).
  void play(const Ply& p);
  void undo();
  const std::vector<Ply>& history() const { return played_; }

  // How the game stands now; the winner in `winner` when it has ended with one.
  FlipEnd end(GameResult* result = nullptr) const;

  // The action a text names ("b2?", "a1a2"), or false.
  bool parse_action(std::string_view text, Action& out) const;
  // A ply as records write it ("b2?=L", "a1a2"), checked against this position.
  bool parse_ply(std::string_view text, Ply& out) const;

 private:
  // Calls `visit(action)` for each legal action, legal_actions()'s order,
  // until it returns true: whether it did. One generator for the list and
  // for has_action, which stops at the first.
  template <class Visit>
  bool visit_actions(Visit visit) const;
  struct Undo {
    Ply ply;
    Cell from_before, to_before;
    int quiet;
    int fullmove;
    bool colours_known;
    Side side;
    uint64_t key;
  };

  void set_cell(Square s, Cell c);
  uint64_t compute_key() const;
  bool strongest_wins_for(Side s) const;
  int repetitions_of_current() const;

  FlipRulesPtr rules_;
  std::array<Combat, kAnimals * kAnimals> combat_table_{};
  std::string initial_fen_;
  std::array<Cell, kFlipSquares> cells_{};
  std::array<int, kPieceKinds> pool_{};
  std::array<int, kSides> pool_side_{};
  std::array<int, kSides> up_count_{};
  int hidden_ = 0;
  Side side_ = kBlue;
  bool colours_known_ = true;
  int quiet_ = 0;
  int ply_ = 0;
  int fullmove_ = 1;
  uint64_t key_ = 0;
  std::vector<Undo> undo_;
  std::vector<Ply> played_;
  std::vector<uint64_t> keys_;  // the key before each ply, for repetitions
};

// The board as text, rank 4 first: " 4  ? L . e" and "    a b c d" under it.
// `turned`: seen from the other end of the table, rank 1 at the top and
// file a on the right (the terminal's `flip`).
std::string diagram(const FlipPosition& pos, bool turned = false);

}  // namespace jungle::flip
