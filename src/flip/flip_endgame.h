#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "flip/flip_position.h"

// Exact values of Flip Jungle endings: every tile face up and few animals
// left. One table per material (which of the sixteen animals are left),
// built on demand by retrograde analysis and kept in memory: a 4x4 board
// with five animals has about a million placements, so a table takes a
// fraction of a second and two megabytes.
//
// The quiet limit makes a position's value depend on the plies since the
// last capture (q). It is monotone: a side that can force a win (or a
// loss on the other) with q plies gone can do it with fewer gone, by the
// same play. So each position stores one number: the largest q at which it
// is decided, and for whom. The table follows captures into the tables of
// the smaller materials (a capture restarts the count); within a material
// only quiet moves remain, whose predecessors are single steps back, so the
// analysis walks backwards from the decided positions one quiet ply at a
// time. The repetition rule is not seen (as FlipSolver): it is a drawing
// resource for the losing side only where the winner repeats, and a winner
// that plays the table's fastest conversion never repeats a position.

namespace jungle::flip {

// The most animals a table holds: six take seconds and 40 MB each.
inline constexpr int kMaxEndgameAnimals = 6;

struct EndgameValue {
  int wdl = 0;  // +1: the side to move wins, -1: it loses, 0: a draw
  // Decided: plies to the capture (or the end) that decides it under the
  // fastest win and the longest defence (0: the game is over, no actions).
  int to_zero = 0;
};

class FlipEndgames {
 public:
  // Materials of more than `max_pieces` animals are not built (at most
  // kMaxEndgameAnimals).
  explicit FlipEndgames(int max_pieces = 5);

  // Every tile face up, at most max_pieces animals, a quiet limit, and the
  // game not over (end() is the caller's).
  bool covers(const FlipPosition& pos) const;
  // The value at the position's quiet count, building the tables it needs.
  std::optional<EndgameValue> probe(const FlipPosition& pos);
  // The same from tables already built only.
  std::optional<EndgameValue> probe_built(const FlipPosition& pos) const;
  bool built(const FlipPosition& pos) const;

  void clear();
  // Drops the tables of more than `pieces` animals; all of them when those
  // left would hold more than `max_bytes`.
  void keep_smaller(int pieces, size_t max_bytes);
  // As keep_smaller, remembering each material it drops: was_dropped then
  // tells a searcher to build it again where it meets it, so that its
  // values are those it would have had with every table kept.
  void drop_larger(int pieces, size_t max_bytes);
  bool was_dropped(const FlipPosition& pos) const;
  size_t bytes() const { return bytes_; }
  size_t tables() const { return tables_.size(); }
  int max_pieces() const { return max_pieces_; }

 private:
  struct Table {
    int pieces = 0;
    // Per index (docs in the .cpp): 0 a draw at every q; +(t+1) the side to
    // move wins while q <= t; -(t+1) it loses while q <= t.
    std::vector<int8_t> value;
  };

  // Rules the tables were built under; another set clears them.
  bool same_rules(const FlipRules& r) const;
  void adopt_rules(const FlipRules& r);
  const Table& table(uint16_t material);
  void build(uint16_t material, Table& out);
  // A material that ends the game by itself (a side with nothing left, or
  // strongest_wins): +1 Blue wins, -1 Red wins, 0 drawn; nullopt otherwise.
  std::optional<int> material_result(uint16_t material) const;
  std::optional<EndgameValue> read(const Table& t, const FlipPosition& pos) const;
  Combat combat(Animal attacker, Animal defender) const;

  int max_pieces_;
  bool has_rules_ = false;
  FlipRules rules_;
  std::unordered_map<uint16_t, Table> tables_;
  std::vector<bool> dropped_;  // by material, drop_larger's
  size_t bytes_ = 0;
};

// The material of a position: bit p for each piece code p on the board.
uint16_t face_up_material(const FlipPosition& pos);

}  // namespace jungle::flip
