#pragma once

// The moves of one material's positions for the solver and the verifier:
// successors (quiet moves inside the material, captures looked up in the
// smaller tables) and predecessors ("unmoves", for the walk backwards).

#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "tablebase/material.h"
#include "tablebase/store.h"
#include "tablebase/table.h"

namespace jungle::tb {

// What each capture of one material leads to: the smaller material's layout
// and values, or nothing for the last enemy piece.
struct CaptureTarget {
  bool last = false;
  Layout layout;
  const std::vector<Value>* values = nullptr;
};

struct Successors {
  bool wins_at_once = false;  // a den entry or the last capture
  int quiet = 0;              // moves that stay in this material
  bool capture = false;
  Verdict best_capture;  // the best of the captures for the side to move
};

// The moves of one material's positions; the tables its captures lead to
// are read from the store on construction (TableError when one is missing
// or damaged).
class Context {
 public:
  Context(const TbRules& rules, const TableStore& store, Material m)
      : rules_(rules), layout_(rules.layout(m)) {
    for (int j = 0; j < layout_.n; ++j) {
      CaptureTarget& c = capture_[j];
      const Material sub = m.without(j);
      c.last = sub.count(layout_.piece[j].side) == 0;
      if (c.last) continue;
      c.layout = rules.layout(sub);
      tables_[j] = store.table(sub);
      c.values = &tables_[j]->values;
    }
  }

  const Layout& layout() const { return layout_; }

  // The moves of the side to move at `sq`; `quiet(squares)` is called for
  // each move that stays in this material when given.
  template <typename Quiet>
  Successors successors(const Square* sq, Side us, Quiet&& quiet) const {
    Successors out;
    const Layout& l = layout_;
    Bitboard occupied = 0, own = 0;
    for (int k = 0; k < l.n; ++k) {
      occupied |= Bitboard(1) << sq[k];
      if (l.piece[k].side == us) own |= Bitboard(1) << sq[k];
    }
    const Bitboard enemy_den = Bitboard(1) << rules_.rule_set().den(opponent(us));
    Square next[kMaxPieces];
    for (int k = 0; k < l.n; ++k) {
      if (l.piece[k].side != us) continue;
      const Animal a = l.piece[k].animal;
      for (Bitboard t = rules_.reach(us, a, sq[k], occupied) & ~own; t; t &= t - 1) {
        const Square to = std::countr_zero(t);
        const Bitboard to_bb = Bitboard(1) << to;
        if (occupied & to_bb) {
          int j = 0;
          while (sq[j] != to) ++j;
          if (!rules_.can_capture(us, a, sq[k], to, l.piece[j].animal)) continue;
          const CaptureTarget& c = capture_[j];
          if (c.last || (to_bb & enemy_den)) {
            out.wins_at_once = true;
            continue;
          }
          int n = 0;
          for (int i = 0; i < l.n; ++i) {
            if (i != j) next[n++] = i == k ? to : sq[i];
          }
          rules_.canonicalize(n, next);
          const Verdict v = parent_view(verdict_of(
              (*c.values)[rules_.index_of(c.layout, next) * 2 + uint64_t(opponent(us))]));
          if (!out.capture || better(v, out.best_capture)) out.best_capture = v;
          out.capture = true;
        } else if (to_bb & enemy_den) {
          out.wins_at_once = true;
        } else {
          ++out.quiet;
          for (int i = 0; i < l.n; ++i) next[i] = sq[i];
          next[k] = to;
          quiet(next);
        }
      }
    }
    return out;
  }

  // Each position one move of `mover` before `sq` (the other side to move
  // there) that is canonical: calls back(index).
  template <typename Back>
  void predecessors(const Square* sq, Side mover, Back&& back) const {
    const Layout& l = layout_;
    Square mirrored[kMaxPieces];
    bool distinct = false;
    if (rules_.mirrored()) {
      for (int k = 0; k < l.n; ++k) {
        mirrored[k] = rules_.mirror(sq[k]);
        distinct = distinct || mirrored[k] != sq[k];
      }
    }
    unmove(sq, mover, back);
    if (distinct) unmove(mirrored, mover, back);
  }

 private:
  template <typename Back>
  void unmove(const Square* sq, Side mover, Back&& back) const {
    const Layout& l = layout_;
    Bitboard occupied = 0;
    for (int k = 0; k < l.n; ++k) occupied |= Bitboard(1) << sq[k];
    Square prev[kMaxPieces];
    for (int k = 0; k < l.n; ++k) prev[k] = sq[k];
    for (int k = 0; k < l.n; ++k) {
      if (l.piece[k].side != mover) continue;
      const Animal a = l.piece[k].animal;
      for (Bitboard f = rules_.reach(mover, a, sq[k], occupied) & ~occupied; f; f &= f - 1) {
        const Square from = std::countr_zero(f);
        prev[k] = from;
        if (rules_.is_canonical(l.n, prev) && rules_.allowed(l, prev)) {
          back(rules_.index_of(l, prev));
        }
      }
      prev[k] = sq[k];
    }
  }

  const TbRules& rules_;
  Layout layout_;
  CaptureTarget capture_[kMaxPieces];
  std::shared_ptr<const Table> tables_[kMaxPieces];
};

}  // namespace jungle::tb
