// The moves of the view search: what each piece may do given the animals
// it may be, their order, and den threats.
#include <algorithm>
#include <cmath>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

void ViewSearch::Impl::generate(const VState& st, std::vector<VMove>& out, bool tactical) const {
  out.clear();
  const RuleSet& rs = *rules;
  const Side us = st.to_move;
  const Bitboard occupied = st.occupied[kBlue] | st.occupied[kRed];
  const Bitboard enemy_den = rs.den_bb(opponent(us));
  for (int i = 0; i < st.count; ++i) {
    const VPiece& piece = st.pieces[size_t(i)];
    if (piece.side != us || piece.square == kNoSquare) continue;
    const Square from = piece.square;
    // Destinations, each with the animals that can reach it.
    std::array<uint8_t, 64> movers{};
    Bitboard reach = 0;
    for (int a = 0; a < kAnimals; ++a) {
      if (!((piece.candidates >> a) & 1)) continue;
      Bitboard to = rs.steps(us, Animal(a), from);
      if (rs.jumps(Animal(a)) && (rs.jump_origins(us, Animal(a)) & square_bb(from))) {
        for (const Jump& j : rs.jumps_from(us, Animal(a), from)) {
          if (j.to != kNoSquare && !(j.blockers & occupied)) to |= square_bb(j.to);
        }
      }
      to &= ~st.occupied[us];
      reach |= to;
      for (Bitboard b = to; b;) movers[size_t(pop_lsb(b))] |= uint8_t(1u << a);
    }
    if (tactical) reach &= st.occupied[opponent(us)] | enemy_den;
    for (Bitboard b = reach; b;) {
      const Square to = pop_lsb(b);
      VMove m;
      m.move = Move(from, to);
      m.piece = int8_t(i);
      m.movers = movers[size_t(to)];
      float mass = 0;
      for (int a = 0; a < kAnimals; ++a) {
        if ((m.movers >> a) & 1) mass += piece.p[size_t(a)];
      }
      m.p_move = std::min(1.0f, mass);
      const int target = st.board[size_t(to)];
      if (target >= 0) {
        m.target = int8_t(target);
        m.p_took = float(took_chance(st, i, m.movers, target, from, to));
        // A try no arrangement allows is no move; one that can only fail
        // is left out too: it gives a piece away (or the turn) for nothing.
        if (m.p_took <= kNegligible) continue;
      }
      out.push_back(m);
    }
  }
}

void ViewSearch::Impl::order(const VState& st, std::vector<VMove>& moves, Move tt_move,
                             int ply) const {
  const Bitboard enemy_den = rules->den_bb(opponent(st.to_move));
  for (VMove& m : moves) {
    int o = history[st.to_move][size_t(m.move.from())][size_t(m.move.to())];
    if (m.move == tt_move) {
      o = 1 << 30;
    } else if (enemy_den & square_bb(m.move.to())) {
      o = 1 << 29;
    } else if (m.target >= 0) {
      // Expected material won: the victim's value if it takes, the
      // attacker's lost if it dies.
      const VPiece& a = st.pieces[size_t(m.piece)];
      const VPiece& d = st.pieces[size_t(m.target)];
      float victim = 0, attacker = 0;
      const size_t to = size_t(m.move.to()), from = size_t(m.move.from());
      for (int x = 0; x < kAnimals; ++x) {
        victim += d.p[size_t(x)] * piece_square[d.side][size_t(x)][to];
        attacker += a.p[size_t(x)] * piece_square[a.side][size_t(x)][from];
      }
      o = (1 << 27) + int(m.p_took * victim - (1 - m.p_took) * attacker);
    } else if (m.move == killers[size_t(ply)][0]) {
      o = 1 << 26;
    } else if (m.move == killers[size_t(ply)][1]) {
      o = (1 << 26) - 1;
    }
    m.order = o;
  }
  // A stable insertion sort: the order std::stable_sort gives, without the
  // buffer it allocates at every node (a few dozen moves).
  for (size_t i = 1; i < moves.size(); ++i) {
    const VMove m = moves[i];
    size_t j = i;
    for (; j > 0 && moves[j - 1].order < m.order; --j) moves[j] = moves[j - 1];
    moves[j] = m;
  }
}

bool ViewSearch::Impl::threatens_den(const VState& st, Side side) const {
  const RuleSet& rs = *rules;
  const Bitboard den = rs.den_bb(opponent(side));
  for (Bitboard b = st.occupied[side] & rs.den_neighbours(opponent(side)); b;) {
    const Square s = pop_lsb(b);
    const VPiece& piece = st.pieces[size_t(st.board[size_t(s)])];
    for (int a = 0; a < kAnimals; ++a) {
      if (((piece.candidates >> a) & 1) && (rs.steps(side, Animal(a), s) & den)) return true;
    }
  }
  return false;
}

}  // namespace jungle::hidden
