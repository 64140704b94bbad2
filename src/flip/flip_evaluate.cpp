#include "flip/flip_evaluate.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "flip/flip_boxed_in.h"

namespace jungle::flip {

double flip_terminal_score(const FlipPosition& pos, GameResult r, int ply, double draw) {
  if (r == GameResult::kDraw || r == GameResult::kOngoing) return draw;
  const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
  return winner == pos.side_to_move() ? kFlipWin - ply : -kFlipWin + ply;
}

namespace {

// Each side's animals in the pool at `hidden_share` of their values (`v`,
// by kind).
std::array<double, kSides> pool_material(const FlipPosition& pos,
                                         const std::array<double, kFlipValueKinds>& v,
                                         const std::array<bool, kSides>& rat_left,
                                         double hidden_share) {
  std::array<double, kSides> material{};
  for (int p = 0; p < kPieceKinds; ++p) {
    const Side s = side_of(Piece(p));
    material[s] +=
        pos.pool_count(Piece(p)) * hidden_share *
        v[size_t(flip_value_kind(pos.rules(), animal_of(Piece(p)), rat_left[opponent(s)]))];
  }
  return material;
}

}  // namespace

double flip_material(const FlipPosition& pos, double hidden_share) {
  if (!pos.colours_known()) return 0;
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  std::array<double, kSides> material =
      pool_material(pos, kFlipPieceValues, rat_left, hidden_share);
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const Side s = side_of(Piece(c));
    material[s] += flip_piece_value(pos.rules(), animal_of(Piece(c)), rat_left[opponent(s)]);
  }
  return material[pos.side_to_move()] - material[opponent(pos.side_to_move())];
}

namespace {

// Steps between two squares (the hunting term's distance), by table: the
// evaluation asks it for every pair of enemies at every leaf.
constexpr auto kDistance = [] {
  std::array<std::array<int8_t, kFlipSquares>, kFlipSquares> d{};
  for (Square a = 0; a < kFlipSquares; ++a) {
    for (Square b = 0; b < kFlipSquares; ++b) {
      const int files = kFlipGeometry.file_of(a) - kFlipGeometry.file_of(b);
      const int ranks = kFlipGeometry.rank_of(a) - kFlipGeometry.rank_of(b);
      d[size_t(a)][size_t(b)] = int8_t((files < 0 ? -files : files) + (ranks < 0 ? -ranks : ranks));
    }
  }
  return d;
}();

}  // namespace

namespace {

// Each side's terms, before the weights that are not folded in: material
// (the pool at `hidden_share`), mobility, the best capture threatened and
// the hunting term (at `hunt` a step).
struct SideTerms {
  std::array<double, kSides> material{}, mobility{}, threat{}, hunt{};
};

SideTerms side_terms(const FlipPosition& pos, const std::array<double, kFlipValueKinds>& v,
                     double hidden_share, double hunt_weight) {
  const FlipRules& r = pos.rules();
  // The face-up animals, in square order (the order their values are summed in).
  struct UpAnimal {
    Square square;
    Side side;
    Animal animal;
  };
  std::array<UpAnimal, kFlipSquares> up;
  int count = 0;
  std::array<bool, kSides> rat_left{};
  for (Side s : {kBlue, kRed}) rat_left[s] = pos.pool_count(make_piece(s, kRat)) > 0;
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const UpAnimal u{sq, side_of(Piece(c)), animal_of(Piece(c))};
    if (u.animal == kRat) rat_left[u.side] = true;
    up[size_t(count++)] = u;
  }
  // The face-up animals are added in the one pass over them below.
  SideTerms terms;
  std::array<double, kSides>& material = terms.material;
  std::array<double, kSides>&mobility = terms.mobility, &threat = terms.threat, &hunt = terms.hunt;
  material = pool_material(pos, v, rat_left, hidden_share);
  for (int i = 0; i < count; ++i) {
    const Square sq = up[size_t(i)].square;
    const Side s = up[size_t(i)].side;
    const Animal a = up[size_t(i)].animal;
    const double mine = v[size_t(flip_value_kind(r, a, rat_left[opponent(s)]))];
    material[s] += mine;
    for (int j = 0; j < count; ++j) {
      const UpAnimal& prey = up[size_t(j)];
      if (prey.side == s || pos.combat(a, prey.animal) != Combat::kTakes) continue;
      const int distance = kDistance[size_t(sq)][size_t(prey.square)];
      hunt[s] = std::max(hunt[s], hunt_weight * (6 - distance) *
                                      v[size_t(flip_value_kind(r, prey.animal, rat_left[s]))]);
    }
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << sq); t; t &= t - 1) {
      const Cell target = pos.cell(std::countr_zero(t));
      if (target == kEmpty) {
        mobility[s] += 1;
        continue;
      }
      if (target == kHidden || side_of(Piece(target)) == s) continue;
      const Animal victim = animal_of(Piece(target));
      const double theirs = v[size_t(flip_value_kind(r, victim, rat_left[s]))];
      double gain = 0;
      switch (pos.combat(a, victim)) {
        case Combat::kTakes:
          gain = theirs;
          break;
        case Combat::kBothDie:
          gain = theirs - mine;
          break;
        default:
          continue;
      }
      mobility[s] += 1;
      threat[s] = std::max(threat[s], gain);
    }
  }
  return terms;
}

}  // namespace

double flip_evaluate(const FlipPosition& pos, const FlipEvalWeights& w) {
  if (!pos.colours_known()) return 0;
  const SideTerms t = side_terms(pos, w.values(), w.hidden_share, w.hunt);
  const Side us = pos.side_to_move(), them = opponent(us);
  double score = t.material[us] - t.material[them] +
                 w.mobility * (t.mobility[us] - t.mobility[them]) + w.own_threat * t.threat[us] -
                 w.enemy_threat * t.threat[them] + t.hunt[us] - t.hunt[them];
  if (w.boxed_own != 0 || w.boxed_enemy != 0)
    score += flip_boxed_in(pos, w.boxed_own, w.boxed_enemy);
  return std::clamp(score, -kFlipEvalMax, kFlipEvalMax);
}

}  // namespace jungle::flip
