#include "core/perft.h"

#include "core/movegen.h"

namespace jungle {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  // Bulk counting: the last ply only needs the number of moves, not the moves.
  if (depth == 1) return uint64_t(count_moves(pos));
  uint64_t nodes = 0;
  if (depth == 2) {
    // Each reply position is only counted, so it needs no more of a move
    // than counting reads (Position::do_counted_move).
    for (Move m : generate_moves(pos)) {
      pos.do_counted_move(m);
      nodes += uint64_t(count_moves(pos));
      pos.undo_counted_move();
    }
    return nodes;
  }
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> result;
  if (depth <= 0) return result;
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move();
  }
  return result;
}

}  // namespace jungle
