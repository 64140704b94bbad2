#include "flip/flip_perft.h"

namespace jungle::flip {

uint64_t flip_perft(FlipPosition& pos, int depth, const std::atomic<bool>* stop) {
  if (depth == 0) return 1;
  if (pos.end() != FlipEnd::kNone) return 0;
  const ActionList actions = pos.legal_actions();
  const Outcomes outcomes = pos.outcomes();
  if (depth == 1) {
    // Bulk count: every flip has one child per distinct piece in the pool.
    uint64_t n = 0;
    for (Action a : actions) n += a.is_flip() ? uint64_t(outcomes.size) : 1;
    return n;
  }
  uint64_t nodes = 0;
  for (Action a : actions) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    if (!a.is_flip()) {
      pos.play({a, kNoPiece});
      nodes += flip_perft(pos, depth - 1, stop);
      pos.undo();
      continue;
    }
    for (int i = 0; i < outcomes.size; ++i) {
      pos.play({a, outcomes.piece[size_t(i)]});
      nodes += flip_perft(pos, depth - 1, stop);
      pos.undo();
    }
  }
  return nodes;
}

}  // namespace jungle::flip
