#include "flip/flip_eval_features.h"

#include <algorithm>
#include <bit>

#include "flip/flip_boxed_in.h"
#include "flip/flip_evaluate.h"

namespace jungle::flip {

FlipEvalFeatures flip_eval_features(const FlipPosition& pos) {
  FlipEvalFeatures f;
  if (!pos.colours_known()) return f;
  const FlipRules& r = pos.rules();
  const Side us = pos.side_to_move();
  const int sign[kSides] = {us == kBlue ? 1 : -1, us == kRed ? 1 : -1};
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  const auto kind = [&](Animal a, Side owner) {
    return int8_t(flip_value_kind(r, a, rat_left[opponent(owner)]));
  };
  const auto add = [&](const FlipEvalFeatures::Candidate& c) {
    if (std::find(f.candidates.begin(), f.candidates.end(), c) == f.candidates.end())
      f.candidates.push_back(c);
  };
  for (int p = 0; p < kPieceKinds; ++p) {
    const Side s = side_of(Piece(p));
    f.pool[size_t(kind(animal_of(Piece(p)), s))] += int8_t(sign[s] * pos.pool_count(Piece(p)));
  }
  // As flip_evaluate's pass over the face-up animals (flip_evaluate.cpp).
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c >= kEmpty) continue;
    const Side s = side_of(Piece(c));
    const Animal a = animal_of(Piece(c));
    const int8_t mine = kind(a, s);
    f.up[size_t(mine)] += int8_t(sign[s]);
    for (Square other = 0; other < kFlipSquares; ++other) {
      const Cell o = pos.cell(other);
      if (o >= kEmpty || side_of(Piece(o)) == s) continue;
      const Animal prey = animal_of(Piece(o));
      if (pos.combat(a, prey) != Combat::kTakes) continue;
      const int files = kFlipGeometry.file_of(sq) - kFlipGeometry.file_of(other);
      const int ranks = kFlipGeometry.rank_of(sq) - kFlipGeometry.rank_of(other);
      const int distance = (files < 0 ? -files : files) + (ranks < 0 ? -ranks : ranks);
      add({s == us, true, kind(prey, opponent(s)), -1, int8_t(6 - distance)});
    }
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << sq); t; t &= t - 1) {
      const Cell target = pos.cell(std::countr_zero(t));
      if (target == kEmpty) {
        f.mobility += sign[s];
        continue;
      }
      if (target == kHidden || side_of(Piece(target)) == s) continue;
      const Animal victim = animal_of(Piece(target));
      const Combat combat = pos.combat(a, victim);
      if (combat != Combat::kTakes && combat != Combat::kBothDie) continue;
      f.mobility += sign[s];
      add({s == us, false, kind(victim, opponent(s)),
           combat == Combat::kBothDie ? mine : int8_t(-1), 0});
    }
  }
  f.boxed_own = flip_boxed_in(pos, 1, 0);
  f.boxed_enemy = flip_boxed_in(pos, 0, 1);
  return f;
}

double flip_evaluate_features(const FlipEvalFeatures& f, const FlipEvalWeights& w) {
  const std::array<double, kFlipValueKinds> v = w.values();
  double material = 0, pool = 0;
  for (int k = 0; k < kFlipValueKinds; ++k) {
    material += f.up[size_t(k)] * v[size_t(k)];
    pool += f.pool[size_t(k)] * v[size_t(k)];
  }
  // Each side's best capture threatened and best hunt, from 0 as flip_evaluate's.
  double threat[2] = {0, 0}, hunt[2] = {0, 0};
  for (const FlipEvalFeatures::Candidate& c : f.candidates) {
    const size_t side = c.mover ? 0 : 1;
    if (c.hunt) {
      hunt[side] = std::max(hunt[side], w.hunt * c.steps * v[size_t(c.victim)]);
    } else {
      const double gain = v[size_t(c.victim)] - (c.loser >= 0 ? v[size_t(c.loser)] : 0);
      threat[side] = std::max(threat[side], gain);
    }
  }
  const double score = material + w.hidden_share * pool + w.mobility * f.mobility +
                       w.own_threat * threat[0] - w.enemy_threat * threat[1] + hunt[0] - hunt[1] +
                       w.boxed_own * f.boxed_own + w.boxed_enemy * f.boxed_enemy;
  return std::clamp(score, -kFlipEvalMax, kFlipEvalMax);
}

}  // namespace jungle::flip
