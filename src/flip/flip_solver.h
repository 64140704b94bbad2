#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "flip/flip_evaluate.h"
#include "flip/flip_position.h"

namespace jungle::flip {

// Exact values of positions with no face-down tile: +(kFlipWin - n) when the
// side to move wins in n plies, -(kFlipWin - n) when it loses, 0 a draw. It
// searches every line to the end under the set's quiet limit, which makes
// the game finite, with a memo of (board, side, quiet plies); it does not
// see the repetition rule (a drawing resource it may then overlook).
class FlipSolver {
 public:
  // Positions with face-down tiles, more than `max_pieces` animals or no
  // quiet limit are not solved.
  explicit FlipSolver(int max_pieces = 4) : max_pieces_(max_pieces) {}
  bool can_solve(const FlipPosition& pos) const;
  std::optional<int> solve(const FlipPosition& pos);
  // The value if this position is already in the memo.
  std::optional<int> known(const FlipPosition& pos) const;
  size_t memo_size() const { return memo_.size(); }

 private:
  struct Key {
    uint64_t cells_low, cells_high;  // 16 cells of 5 bits
    uint32_t side_quiet;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      return size_t(k.cells_low * 0x9E3779B97F4A7C15ULL ^ k.cells_high * 0xC2B2AE3D27D4EB4FULL ^
                    k.side_quiet);
    }
  };
  static Key key_of(const FlipPosition& pos);
  int solve_rec(FlipPosition& pos);

  int max_pieces_;
  std::unordered_map<Key, int, KeyHash> memo_;
};

}  // namespace jungle::flip
