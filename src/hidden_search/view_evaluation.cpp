// The view search's evaluation in expectation: the open evaluation's terms
// with each unknown piece valued as the expectation over its animals, and
// the scale on which chance nodes average scores (tree_utility).
#include <algorithm>
#include <bit>
#include <cmath>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

double tree_utility(int score) {
  if (score >= kWinBound) return 1;
  if (score <= -kWinBound) return 0;
  return 1 / (1 + std::pow(10.0, -score / kUtilityScale));
}

int tree_score(double utility, int beyond) {
  // Outside (0, 1) (a window's bound that no mix can reach): `beyond`.
  if (utility <= 0) return beyond != 0 ? beyond : -(kWinBound - 1);
  if (utility >= 1) return beyond != 0 ? beyond : kWinBound - 1;
  const double score = -kUtilityScale * std::log10(1 / utility - 1);
  return int(std::clamp(std::lround(score), long(-(kWinBound - 1)), long(kWinBound - 1)));
}

void ViewSearch::Impl::set_rules(const RuleSetPtr& r) {
  if (rules == r) return;
  rules = r;
  const RuleSet& rs = *rules;
  const Evaluator evaluator(rs);
  params = default_eval_params(rs);
  const Rules& rr = rs.rules();
  const Geometry& g = rs.geometry();
  for (Side side : {kBlue, kRed}) {
    Bitboard zone = rs.den_bb(side);
    for (int i = 0; i < 2; ++i) zone |= g.neighbours(zone);
    guard_zone[side] = zone;
    for (int ai = 0; ai < kAnimals; ++ai) {
      const Animal a = Animal(ai);
      const int strength = 100 + params.advance_strength_percent * std::max(0, rr.rank[a] - 1);
      const auto& squares = params.square_table(rr.rank[a]);
      for (Square s = 0; s < g.squares(); ++s) {
        const int d = evaluator.den_distance(side, a, s);
        const int bonus = d < int(params.advance.size()) ? params.advance[size_t(d)] : 0;
        const int value = evaluator.piece_value(a) + bonus * strength / 100 +
                          squares[square_table_index(rs, side, s)] +
                          ((rs.water() & square_bb(s)) ? params.swimmer_in_water : 0);
        piece_square[side][a][size_t(s)] = float(value);
        threat[side][a][size_t(s)] = d <= 3 ? 1.0f : 0.0f;
      }
    }
  }
}

int ViewSearch::Impl::evaluate(const VState& st) const {
  const RuleSet& rs = *rules;
  const Geometry& g = rs.geometry();
  const Bitboard occupied = st.occupied[kBlue] | st.occupied[kRed];
  std::array<float, kSides> score{}, threats{};
  std::array<int, kSides> defenders{};
  // The chance that some Rat of the side is next to an enemy Elephant it
  // may take (at most one such pair counts, as in the open evaluation).
  std::array<float, kSides> rat_misses = {1, 1};
  for (int i = 0; i < st.count; ++i) {
    const VPiece& piece = st.pieces[size_t(i)];
    if (piece.square == kNoSquare) continue;
    const Side side = piece.side;
    const size_t s = size_t(piece.square);
    float value = 0, near = 0;
    for (unsigned bits = piece.candidates; bits; bits &= bits - 1) {
      const int a = std::countr_zero(bits);
      const float p = piece.p[size_t(a)];
      value += p * piece_square[side][size_t(a)][s];
      near += p * threat[side][size_t(a)][s];
      if (params.jump_lane_open && rs.water() && (a == kTiger || a == kLion || a == kLeopard) &&
          rs.jumps(Animal(a)) && (rs.jump_origins(side, Animal(a)) & square_bb(piece.square))) {
        int lanes = 0;
        for (const Jump& j : rs.jumps_from(side, Animal(a), piece.square)) {
          if (j.to != kNoSquare && !(j.blockers & occupied) &&
              !(st.occupied[side] & square_bb(j.to)))
            ++lanes;
        }
        value += p * float(params.jump_lane_open * lanes);
      }
    }
    const float rat = piece.p[kRat];
    if (rat > 0 && params.rat_attacks_elephant) {
      const uint8_t targets = (rs.water() & square_bb(piece.square))
                                  ? rs.capture_targets_from_water(kRat)
                                  : rs.capture_targets(kRat);
      if ((targets >> kElephant) & 1) {
        for (Bitboard b = g.neighbours(square_bb(piece.square)) & st.occupied[opponent(side)] &
                          rs.capture_zone(piece.square);
             b;) {
          const VPiece& prey = st.pieces[size_t(st.board[size_t(pop_lsb(b))])];
          rat_misses[side] *= 1 - rat * prey.p[kElephant];
        }
      }
    }
    score[side] += value;
    threats[opponent(side)] += near;
    if (guard_zone[side] & square_bb(piece.square)) ++defenders[side];
  }
  for (Side side : {kBlue, kRed}) {
    score[side] += float(params.den_guard) * std::min(threats[side], float(defenders[side]));
    for (Bitboard b = st.occupied[opponent(side)] & rs.weakening_traps(side); b;) {
      if (g.neighbours(square_bb(pop_lsb(b))) & st.occupied[side])
        score[side] += float(params.trapped_enemy);
    }
    score[side] += float(params.rat_attacks_elephant) * (1 - rat_misses[side]);
  }
  const Side us = st.to_move;
  return int(std::lround(score[us] - score[opponent(us)])) + params.tempo;
}

}  // namespace jungle::hidden
