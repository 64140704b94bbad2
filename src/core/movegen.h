#pragma once

#include <bit>
#include <cstddef>

#include "core/position.h"

namespace jungle {

// Enough for any position: at most 16 pieces a side with 4 steps or jumps each.
class MoveList {
 public:
  static constexpr int kCapacity = 128;
  // Slots beyond size() are left unset: a list is made at every search node.
  MoveList() {}
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  bool contains(Move m) const;
  void clear() { size_ = 0; }
  void resize(int n) { size_ = n; }

 private:
  union {
    Move moves_[kCapacity];
  };
  int size_ = 0;
};

// Every legal move for the side to move; empty when the game is over.
MoveList generate_moves(const Position& pos);
// Legal moves ignoring game end and history-dependent rules (Bush's rule):
// the moves the pieces could make on this board.
MoveList generate_pseudo_moves(const Position& pos);
// The legal captures and den entries: what quiescence search looks at.
MoveList generate_tactical_moves(const Position& pos);
// The number of legal moves, without listing them where the rules allow it.
int count_moves(const Position& pos);
// count_moves(pos) > 0, usually answered by the first piece that can step.
bool has_legal_move(const Position& pos);
bool is_legal(const Position& pos, Move m);
// generate_moves, has_legal_move and generate_tactical_moves for a position
// whose game the caller has already found going on (terminal_state() is
// kOngoing): the search asks that first at every node, and asking again
// in each of these was about 1% of its instructions. Otherwise undefined.
MoveList generate_moves_ongoing(const Position& pos);
bool has_legal_move_ongoing(const Position& pos);
MoveList generate_tactical_moves_ongoing(const Position& pos);
// The moves of a game that goes on when the interface, not our rules, is the
// arbiter (the engine protocol): as generate_moves, except that a draw by the
// no-capture limit or by repetition does not end the game. A game won or
// lost on the board still has none.
MoveList generate_moves_past_draws(const Position& pos);

namespace detail {
// The first step of a piece of `side` among `candidates` into the enemy den
// (empty, or holding an enemy it may take), or none; with `check_bush`, also
// one that David Bush's rule allows (only meaningful for the side to move).
Move den_step_from(const Position& pos, Side side, Bitboard candidates, bool check_bush);
// The pieces of `us` that jump (by the rules' animals) and stand where a
// jump starts; and the river jumps of those `on_origins`, captures
// included, as if `us` were to move.
Bitboard jumpers_on_origins(const Position& pos, Side us);
// The pieces of `us` in its step group `g`, given those of the groups
// before it (`grouped`): the last group's are all the rest, found without
// walking its animals.
inline Bitboard step_group_pieces(const Position& pos, Side us, int g, Bitboard grouped) {
  const RuleSet& rs = pos.rule_set();
  if (g + 1 == rs.step_group_count(us)) return pos.pieces(us) & ~grouped;
  Bitboard pieces = 0;
  for (unsigned bits = rs.step_group(us, g).animals; bits; bits &= bits - 1) {
    pieces |= pos.pieces(us, Animal(std::countr_zero(bits)));
  }
  return pieces;
}
int count_jumps(const Position& pos, Side us, Bitboard on_origins);
}  // namespace detail

// Whether `side` has a piece that could step into the enemy den if it were
// its turn: the one threat in Jungle that must be answered at once.
inline bool can_enter_enemy_den(const Position& pos, Side side) {
  const Bitboard candidates = pos.pieces(side) & pos.rule_set().den_neighbours(opponent(side));
  return candidates && !detail::den_step_from(pos, side, candidates, false).is_none();
}

// In a position whose game is not over, the first move of generate_moves
// that enters the enemy den, or none.
inline Move den_entry(const Position& pos) {
  const Side us = pos.side_to_move();
  const Bitboard candidates = pos.pieces(us) & pos.rule_set().den_neighbours(opponent(us));
  return candidates ? detail::den_step_from(pos, us, candidates, true) : Move();
}

// The full result, including a side to move that has no legal move.
GameResult game_result(const Position& pos, Termination* why = nullptr);

}  // namespace jungle
