#include "flip/flip_solver.h"

#include <algorithm>
#include <memory>

namespace jungle::flip {

namespace {
constexpr size_t kMaxSolverMemo = 4'000'000;
}  // namespace

bool FlipSolver::can_solve(const FlipPosition& pos) const {
  return pos.hidden_count() == 0 && pos.colours_known() && pos.rules().quiet_limit > 0 &&
         pos.face_up_count(kBlue) + pos.face_up_count(kRed) <= max_pieces_;
}

FlipSolver::Key FlipSolver::key_of(const FlipPosition& pos) {
  Key k{0, 0, uint32_t(pos.side_to_move()) << 20 | uint32_t(pos.quiet_plies())};
  for (Square s = 0; s < 12; ++s) k.cells_low |= uint64_t(pos.cell(s)) << (5 * s);
  for (Square s = 12; s < kFlipSquares; ++s)
    k.cells_high |= uint64_t(pos.cell(s)) << (5 * (s - 12));
  return k;
}

std::optional<int> FlipSolver::known(const FlipPosition& pos) const {
  if (!can_solve(pos)) return std::nullopt;
  if (auto it = memo_.find(key_of(pos)); it != memo_.end()) return it->second;
  return std::nullopt;
}

std::optional<int> FlipSolver::solve(const FlipPosition& pos) {
  if (!can_solve(pos)) return std::nullopt;
  if (auto it = memo_.find(key_of(pos)); it != memo_.end()) return it->second;
  // Each set of animals solved fills it anew: bound the memory, not the speed.
  if (memo_.size() > kMaxSolverMemo) memo_.clear();
  // A copy without history and without the repetition rule, so that the
  // value depends on the memo's key alone.
  FlipRules rules = pos.rules();
  rules.repetitions = 0;
  FlipPosition copy(std::make_shared<const FlipRules>(rules), pos.fen());
  return solve_rec(copy);
}

int FlipSolver::solve_rec(FlipPosition& pos) {
  const Key key = key_of(pos);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  GameResult result;
  int best;
  if (pos.end(&result) != FlipEnd::kNone) {
    best = int(flip_terminal_score(pos, result, 0));
  } else {
    best = -int(kFlipWin) - 1;
    for (Action a : pos.legal_actions()) {
      pos.play({a, kNoPiece});
      int v = -solve_rec(pos);
      pos.undo();
      v -= (v > 0) - (v < 0);  // one ply further from the end
      best = std::max(best, v);
    }
  }
  memo_.emplace(key, best);
  return best;
}

}  // namespace jungle::flip
