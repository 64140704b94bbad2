#include "search/evaluation.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <sstream>

#include "search/search_params.h"

namespace jungle {

namespace {

// Squares within `steps` king-free (orthogonal) steps of `s`, `s` included.
Bitboard within_steps(const Geometry& g, Bitboard from, int steps) {
  Bitboard b = from;
  for (int i = 0; i < steps; ++i) b |= g.neighbours(b);
  return b;
}

}  // namespace

size_t square_table_index(const RuleSet& rules, Side side, Square s) {
  const Geometry& g = rules.geometry();
  // Without dens, each side's home is the middle of its back rank.
  const int home_file = rules.den(side) == kNoSquare ? g.files() / 2 : g.file_of(rules.den(side));
  const int home_rank = side == kBlue ? 0 : g.ranks() - 1;
  const int own_rank = rules.den(side) == kNoSquare ? home_rank : g.rank_of(rules.den(side));
  const int enemy_rank = rules.den(opponent(side)) == kNoSquare
                             ? g.ranks() - 1 - home_rank
                             : g.rank_of(rules.den(opponent(side)));
  constexpr int kLastRow = EvalParams::kSquareTableRows - 1;
  constexpr int kLastColumn = EvalParams::kSquareTableColumns - 1;
  const int row = g.rank_of(s) == enemy_rank
                      ? kLastRow
                      : std::min(kLastRow - 1, std::abs(g.rank_of(s) - own_rank));
  const bool edge_file = g.file_of(s) == 0 || g.file_of(s) == g.files() - 1;
  const int column =
      edge_file ? kLastColumn : std::min(kLastColumn - 1, std::abs(g.file_of(s) - home_file));
  return size_t(row * EvalParams::kSquareTableColumns + column);
}

const EvalParams& default_eval_params(const RuleSet& rules) {
  return rules.water() ? default_eval_params() : open_board_eval_params();
}

Evaluator::Evaluator(const RuleSet& rules, const EvalParams& params)
    : rules_(rules), params_(params) {
  const Rules& r = rules.rules();
  for (int ai = 0; ai < kAnimals; ++ai) {
    Animal a = Animal(ai);
    int rank = std::clamp(r.rank[a], 0, 8);
    int v = params_.rank_value[rank];
    if (rules.water()) {
      if (r.swimmers.contains(a)) v += params_.swimmer_bonus;
      if (r.vertical_jumpers.contains(a)) v += params_.vertical_jump_bonus;
      if (r.horizontal_jumpers.contains(a)) v += params_.horizontal_jump_bonus;
    }
    if (a == kRat && r.rat_takes_elephant) v += params_.elephant_killer_bonus;
    value_[a] = v;
  }
  // Skipped when its weight is 0, so that an untuned term costs no speed.
  if (rules.water() && params_.jump_lane_open) {
    lane_jumpers_ =
        rules.jumper_bits() & uint8_t((1u << kTiger) | (1u << kLion) | (1u << kLeopard));
  }
  {
    const Geometry& g = rules.geometry();
    for (Square s = 0; s < g.squares(); ++s) {
      const uint8_t targets = (rules.water() & square_bb(s))
                                  ? rules.capture_targets_from_water(kRat)
                                  : rules.capture_targets(kRat);
      if ((targets >> kElephant) & 1)
        rat_reach_[s] = g.neighbours(square_bb(s)) & rules.capture_zone(s);
    }
  }

  const Geometry& g = rules.geometry();
  for (Side side : {kBlue, kRed}) guard_zone_[side] = within_steps(g, rules.den_bb(side), 2);
  for (Side side : {kBlue, kRed}) {
    defender_home_[side] = within_steps(g, rules.traps(side), 1) & ~rules.den_bb(side);
    // Ranks counted from the own back rank; the middle rank itself is still home ground.
    const int back_rank = side == kBlue ? 0 : g.ranks() - 1;
    for (Square s = 0; s < g.squares(); ++s) {
      if (std::abs(g.rank_of(s) - back_rank) > g.ranks() / 2)
        defender_forward_[side] |= square_bb(s);
    }
  }
  for (Side side : {kBlue, kRed}) {
    const Square target = rules.den(opponent(side));
    for (int ai = 0; ai < kAnimals; ++ai) {
      Animal a = Animal(ai);
      uint8_t* dist = distance_[side][a];
      std::fill(dist, dist + 64, uint8_t(99));
      if (target != kNoSquare) dist[target] = 0;
      // Relax until stable: 63 squares, a few dozen passes at most.
      for (bool changed = true; changed;) {
        changed = false;
        for (Square s = 0; s < g.squares(); ++s) {
          if (s == target || !(rules.standable(side, a) & square_bb(s))) continue;
          Bitboard reach = rules.steps(side, a, s);
          for (const Jump& j : rules.jumps_from(side, a, s)) {
            if (j.to != kNoSquare) reach |= square_bb(j.to);
          }
          int best = dist[s];
          for (Bitboard b = reach; b;) best = std::min(best, dist[pop_lsb(b)] + 1);
          if (best < dist[s]) {
            dist[s] = uint8_t(best);
            changed = true;
          }
        }
      }
      int strength = 100 + params_.advance_strength_percent * std::max(0, r.rank[a] - 1);
      const std::array<int, 36>& table = params_.square_table(r.rank[a]);
      for (Square s = 0; s < g.squares(); ++s) {
        int d = dist[s];
        int bonus = d < int(params_.advance.size()) ? params_.advance[d] : 0;
        advance_[side][a][s] = int16_t(bonus * strength / 100);
        square_[side][a][s] = int16_t(table[square_table_index(rules, side, s)]);
        piece_square_[side][a][s] =
            int16_t(value_[a] + advance_[side][a][s] + square_[side][a][s] +
                    ((rules.water() & square_bb(s)) ? params_.swimmer_in_water : 0));
        const int64_t threat = dist[s] <= 3 ? int64_t(1) << (side == kBlue ? 32 : 48) : 0;
        packed_[make_piece(side, a)][s] =
            (side == kBlue ? piece_square_[side][a][s] : -piece_square_[side][a][s]) + threat;
      }
    }
  }
}

Evaluator::Terms Evaluator::compute(const Position& pos) const {
  Terms t;
  const Bitboard water = rules_.water();
  for (Side side : {kBlue, kRed}) {
    const Side them = opponent(side);
    int threats = 0;
    for (Bitboard b = pos.pieces(side); b;) {
      Square s = pop_lsb(b);
      Animal a = animal_of(pos.piece_on(s));
      t.material[side] += value_[a];
      t.advance[side] += advance_[side][a][s];
      t.squares[side] += square_[side][a][s];
      if (water & square_bb(s)) t.water[side] += params_.swimmer_in_water;
    }
    for (Bitboard b = pos.pieces(them); b;) {
      Square s = pop_lsb(b);
      if (distance_[them][animal_of(pos.piece_on(s))][s] <= 3) ++threats;
    }
    int defenders = popcount(pos.pieces(side) & guard_zone_[side]);
    t.den_guard[side] = params_.den_guard * std::min(threats, defenders);
    Bitboard trapped = pos.pieces(them) & rules_.weakening_traps(side);
    for (Bitboard b = trapped; b;) {
      if (rules_.geometry().neighbours(square_bb(pop_lsb(b))) & pos.pieces(side))
        t.trapped[side] += params_.trapped_enemy;
    }
    t.jump_lanes[side] = params_.jump_lane_open * open_jump_lanes(pos, side);
    t.rat_threat[side] = rat_attacks_elephant(pos, side) ? params_.rat_attacks_elephant : 0;
  }
  return t;
}

// Both inline, as evaluate() asks them twice at every evaluation.
[[gnu::always_inline]] inline int Evaluator::open_jump_lanes(const Position& pos, Side side) const {
  // The jumpers standing where they have a jump, found in one pass: most
  // positions have none, and this runs twice at every evaluation.
  Bitboard on_origins = 0;
  for (unsigned bits = lane_jumpers_; bits; bits &= bits - 1) {
    const Animal a = Animal(std::countr_zero(bits));
    on_origins |= pos.pieces(side, a) & rules_.jump_origins(side, a);
  }
  if (!on_origins) return 0;
  const Bitboard own = pos.pieces(side);
  const Bitboard occupied = own | pos.pieces(opponent(side));
  int lanes = 0;
  for (Bitboard b = on_origins; b;) {
    const Square from = pop_lsb(b);
    for (const Jump& j : rules_.jumps_from(side, animal_of(pos.piece_on(from)), from)) {
      if (j.to != kNoSquare && !(j.blockers & occupied) && !(own & square_bb(j.to))) ++lanes;
    }
  }
  return lanes;
}

[[gnu::always_inline]] inline bool Evaluator::rat_attacks_elephant(const Position& pos,
                                                                   Side side) const {
  const Bitboard elephants = pos.pieces(opponent(side), kElephant);
  const Bitboard rats = pos.pieces(side, kRat);
  // The first Rat without a branch (an absent one reads the empty entry
  // 64), then any others.
  if (rat_reach_[std::countr_zero(rats)] & elephants) return true;
  for (Bitboard b = rats & (rats - 1); b;) {
    if (rat_reach_[pop_lsb(b)] & elephants) return true;
  }
  return false;
}

int64_t Evaluator::piece_sum(const Position& pos) const {
  // Without branches for the first piece of each kind (most rule sets
  // allow one), then a loop for any others.
  int64_t sum = 0;
  Bitboard others = 0;
  for (int p = 0; p < kSides * kAnimals; ++p) {
    const Bitboard b = pos.pieces(side_of(Piece(p)), animal_of(Piece(p)));
    sum += packed_[p][std::countr_zero(b)];
    others |= b & (b - 1);
  }
  for (Bitboard b = others; b;) {
    const Square s = pop_lsb(b);
    sum += packed_[pos.piece_on(s)][s];
  }
  return sum;
}

// The terms of evaluate() that depend on more than one piece, for `side`:
// inline with a constant side at each of its two calls, as a loop over the
// two sides kept its state on the stack (GCC did not unroll it).
[[gnu::always_inline]] inline int Evaluator::side_terms(const Position& pos, Side side,
                                                        int threats) const {
  const int defenders = popcount(pos.pieces(side) & guard_zone_[side]);
  int extra = params_.den_guard * std::min(threats, defenders);
  for (Bitboard b = pos.pieces(opponent(side)) & rules_.weakening_traps(side); b;) {
    if (rules_.geometry().neighbours(square_bb(pop_lsb(b))) & pos.pieces(side))
      extra += params_.trapped_enemy;
  }
  extra += params_.jump_lane_open * open_jump_lanes(pos, side);
  if (rat_attacks_elephant(pos, side)) extra += params_.rat_attacks_elephant;
  return extra;
}

int Evaluator::evaluate(const Position& pos, int64_t sum) const {
  // The same sum as compute(), with the one-piece terms and the threat
  // counts folded into one table lookup per piece (see packed_).
  int score = int32_t(uint32_t(uint64_t(sum)));  // Blue minus Red, a few thousand at most
  const uint64_t counts = uint64_t(sum - score) >> 32;
  // Enemy pieces within three moves of each side's den.
  score += side_terms(pos, kBlue, int(counts >> 16)) - side_terms(pos, kRed, int(counts & 0xFFFF));
  return (pos.side_to_move() == kBlue ? score : -score) + params_.tempo;
}

int Evaluator::material(const Position& pos) const {
  int score[kSides] = {};
  for (Side side : {kBlue, kRed}) {
    for (Bitboard b = pos.pieces(side); b;)
      score[side] += value_[animal_of(pos.piece_on(pop_lsb(b)))];
  }
  Side us = pos.side_to_move();
  return score[us] - score[opponent(us)];
}

int Evaluator::defender(const Position& pos) const {
  int score[kSides] = {};
  for (Side side : {kBlue, kRed}) {
    const Bitboard own = pos.pieces(side);
    for (Bitboard b = own; b;) score[side] += value_[animal_of(pos.piece_on(pop_lsb(b)))];
    score[side] += search_params::kDefenderHomeBonus * popcount(own & defender_home_[side]) -
                   search_params::kDefenderForwardPenalty * popcount(own & defender_forward_[side]);
  }
  const Side us = pos.side_to_move();
  return score[us] - score[opponent(us)];
}

std::string Evaluator::trace(const Position& pos) const {
  Terms t = compute(pos);
  std::ostringstream out;
  auto row = [&](const char* name, const int* v) {
    out << "  " << name << std::string(12 - std::string(name).size(), ' ') << "Blue " << v[kBlue]
        << "  Red " << v[kRed] << "  (Blue - Red " << v[kBlue] - v[kRed] << ")\n";
  };
  row("material", t.material);
  row("advance", t.advance);
  row("squares", t.squares);
  row("water", t.water);
  row("den guard", t.den_guard);
  row("trapped", t.trapped);
  row("jump lanes", t.jump_lanes);
  row("rat threat", t.rat_threat);
  out << "  tempo       " << params_.tempo << " for the side to move\n";
  auto total = [&](Side s) {
    return t.material[s] + t.advance[s] + t.squares[s] + t.water[s] + t.den_guard[s] +
           t.trapped[s] + t.jump_lanes[s] + t.rat_threat[s];
  };
  const Side us = pos.side_to_move();
  int score = total(us) - total(opponent(us)) + params_.tempo;
  int blue = us == kBlue ? score : -score;
  out << "Total: " << score << " (side to move), " << blue << " (Blue's view)\n";
  return out.str();
}

}  // namespace jungle
