#pragma once

#include <cstdint>

#include "core/position.h"

namespace jungle {

// Perft's last two plies without playing the last but one: for a position
// whose game goes on, the number of legal replies the opponent would have
// after each quiet move of the side to move, read off bitboards of the
// opponent's steps made once for the position. A quiet move changes the
// board in two squares only: the opponent's steps onto the square it leaves
// become possible, those onto the square it enters become captures of the
// mover or nothing, and every other step, capture and jump stays as it was
// unless the move unblocks, blocks or lands on a jump's squares.
//
// Only for rules under which a quiet move changes nothing else the count
// reads: no turn counters (water, den food), no Bush rule, and no
// repetition that can reach the draw count (perft's
// repetitions_cannot_matter); the caller checks them. Moves it cannot
// count (captures, and moves onto a jump's squares) it leaves to the
// caller to play.
class ReplyCounter {
 public:
  // For a position whose game goes on (terminal_state() is kOngoing).
  explicit ReplyCounter(const Position& pos);

  // The opponent's legal moves after `m`, a legal move of the side to move;
  // kPlayIt where the move must be played to know.
  static constexpr int kPlayIt = -1;
  int replies_after(Move m) const {
    const Square from = m.from(), to = m.to();
    const Bitboard to_bb = square_bb(to);
    const Bitboard moved = square_bb(from) | to_bb;
    if ((to_bb & must_play_) | (moved & jump_squares_)) return kPlayIt;
    if (to_bb & their_den_) return 0;  // the mover has won: no replies
    if (quiet_moves_end_game_) return 0;
    // The square left opens to the opponent's steps onto it, the one
    // entered closes to them.
    const int count = steps_ + jumps_ + steps_onto_[from] - steps_onto_[to];
    const Bitboard ours = ours_ ^ moved;
    if (step_targets_ & ours) [[unlikely]] {
      return count + captures_after(from, to, ours);
    }
    return count;
  }

 private:
  // The opponent's captures of pieces of the side to move, after a quiet
  // move from `from` to `to` that leaves them on `ours`.
  int captures_after(Square from, Square to, Bitboard ours) const;

  const Position& pos_;
  Side them_;
  Bitboard ours_;       // the pieces of the side to move
  Bitboard empty_;      // the board's empty squares
  Bitboard must_play_;  // the opponent's pieces: a move onto one captures
  Bitboard their_den_;
  // Squares a jump of the opponent's passes over (where a swimmer blocks
  // it) or lands on: a move from or to one changes the jumps.
  Bitboard jump_squares_ = 0;
  int jumps_ = 0;  // the opponent's jumps, captures included
  // No quiet move leaves a game that goes on (the no-capture limit).
  bool quiet_moves_end_game_;
  // For each step group of the opponent and each direction (north, south,
  // east, west, in turn), the squares its pieces may step onto that way:
  // one square per piece, so that a popcount is a number of steps.
  static constexpr int kDirections = 4;
  Bitboard destinations_[kDirections * kAnimals];
  int destination_count_ = 0;
  Bitboard step_targets_ = 0;  // every square in destinations_
  int steps_ = 0;              // the opponent's steps onto empty squares
  // By square: how many of the opponent's steps end there.
  uint8_t steps_onto_[64] = {};
};

}  // namespace jungle
