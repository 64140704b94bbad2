#include "core/perft.h"

#include <cstdint>

#include "core/movegen.h"
#include "core/reply_counter.h"

namespace jungle {

namespace {

// Perft at depth 2: each reply position is only counted, so it needs no
// more of a move than counting reads. Flattened: with the counted moves
// also played at interior plies, GCC stopped inlining them here, which
// cost 5% of perft's instructions.
[[gnu::flatten]] uint64_t count_replies(Position& pos) {
  uint64_t nodes = 0;
  for (Move m : generate_moves(pos)) {
    pos.do_counted_move(m);
    nodes += uint64_t(count_moves(pos));
    pos.undo_counted_move();
  }
  return nodes;
}

// Whether no position within `depth` plies of `pos` can occur often enough
// for a repetition rule to act, so that perft may play every ply with
// do_unkeyed_move, which keeps no keys, no repetition index and no count
// of occurrences: every position below the root then counts as new, which
// is harmless where no count can reach the draw. Decided for a root without
// history (a position or FEN set up afresh, as `jungle perft` plays from):
// an earlier occurrence lies at least four plies back at the same parity,
// so no position below the root occurs more than the root's count plus
// floor(depth / 4) times. Rules that count turns in the water or the den
// (do_unkeyed_move is do_move for them anyway), or forbid chasing
// repetitions (Bush's rule reads the index in move generation), and roots
// with history play keyed moves throughout.
bool repetitions_cannot_matter(const Position& pos, int depth) {
  const RuleSet& rs = pos.rule_set();
  if (pos.history_plies() != 0 || rs.tracks_water_turns() || rs.tracks_den_food() ||
      pos.rules().repetition == RepetitionRule::kBush)
    return false;
  return int64_t(pos.state().repetitions) + depth / 4 < int64_t(rs.draw_at_repetition());
}

// Perft at depth 2 where repetitions_cannot_matter: the replies to a
// quiet move are counted off the opponent's steps, bitboards made once here
// (ReplyCounter), without playing the move; captures and moves that change
// a jump are played. Flattened, as count_replies.
[[gnu::flatten]] uint64_t count_replies_unplayed(Position& pos) {
  if (pos.terminal_state() != GameResult::kOngoing) return 0;
  const ReplyCounter replies(pos);
  uint64_t nodes = 0;
  for (Move m : generate_moves_ongoing(pos)) {
    const int counted = replies.replies_after(m);
    if (counted != ReplyCounter::kPlayIt) {
      nodes += uint64_t(counted);
      continue;
    }
    pos.do_unkeyed_move(m);
    nodes += uint64_t(count_moves(pos));
    pos.undo_counted_move();
  }
  return nodes;
}

// Perft where repetitions_cannot_matter: every ply, not only the last,
// plays unkeyed moves, the lightest make and unmake there is.
uint64_t perft_unkeyed(Position& pos, int depth) {
  // Bulk counting: the last ply only needs the number of moves, not the moves.
  if (depth == 1) return uint64_t(count_moves(pos));
  uint64_t nodes = 0;
  if (depth == 2) return count_replies_unplayed(pos);
  for (Move m : generate_moves(pos)) {
    pos.do_unkeyed_move(m);
    nodes += perft_unkeyed(pos, depth - 1);
    pos.undo_counted_move();
  }
  return nodes;
}

uint64_t perft_keyed(Position& pos, int depth) {
  if (depth == 1) return uint64_t(count_moves(pos));
  uint64_t nodes = 0;
  if (depth == 2) return count_replies(pos);
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    nodes += perft_keyed(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (repetitions_cannot_matter(pos, depth)) return perft_unkeyed(pos, depth);
  return perft_keyed(pos, depth);
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> result;
  if (depth <= 0) return result;
  // Decided here, for the whole depth: the root's replies alone would see
  // one more ply of history and may not qualify.
  if (repetitions_cannot_matter(pos, depth)) {
    for (Move m : generate_moves(pos)) {
      pos.do_unkeyed_move(m);
      result.emplace_back(m, depth == 1 ? 1 : perft_unkeyed(pos, depth - 1));
      pos.undo_counted_move();
    }
    return result;
  }
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move();
  }
  return result;
}

}  // namespace jungle
