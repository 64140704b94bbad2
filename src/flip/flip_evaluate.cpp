#include "flip/flip_evaluate.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace jungle::flip {

namespace {

// Points per animal in rank order; the Rat is worth more than its rank
// while it may take the Elephant, and the Elephant less while an enemy Rat
// that may take it is left.
constexpr double kValue[kAnimals] = {10, 10, 20, 30, 40, 50, 65, 80};
constexpr double kRatHunter = 25;
constexpr double kHuntedElephant = 70;
constexpr double kHiddenShare = 0.9;  // an animal still face down is not yet in play
constexpr double kMobility = 1.5;
constexpr double kOwnThreat = 0.8;    // the side to move takes what it threatens, mostly
constexpr double kEnemyThreat = 0.3;  // it can often step away from what is threatened
// An animal closer to an enemy it may take presses it toward the edge and
// a capture before the quiet limit draws: a share of the prey's value per
// step saved out of the board's longest distance (6).
constexpr double kHunt = 0.06;

}  // namespace

double flip_piece_value(const FlipRules& r, Animal a, bool enemy_rat) {
  if (a == kRat && r.rat_takes_elephant) return kRatHunter;
  if (a == kElephant && r.rat_takes_elephant && enemy_rat) return kHuntedElephant;
  return kValue[a];
}

std::array<bool, kSides> flip_rats_left(const FlipPosition& pos) {
  std::array<bool, kSides> rat_left{};
  for (Side s : {kBlue, kRed}) rat_left[s] = pos.pool_count(make_piece(s, kRat)) > 0;
  for (Square sq = 0; sq < kFlipSquares; ++sq) {
    const Cell c = pos.cell(sq);
    if (c < kEmpty && animal_of(Piece(c)) == kRat) rat_left[side_of(Piece(c))] = true;
  }
  return rat_left;
}

double flip_terminal_score(const FlipPosition& pos, GameResult r, int ply, double draw) {
  if (r == GameResult::kDraw || r == GameResult::kOngoing) return draw;
  const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
  return winner == pos.side_to_move() ? kFlipWin - ply : -kFlipWin + ply;
}

namespace {

// Each side's animals in the pool at `hidden_share` of their values.
std::array<double, kSides> pool_material(const FlipPosition& pos,
                                         const std::array<bool, kSides>& rat_left,
                                         double hidden_share) {
  std::array<double, kSides> material{};
  for (int p = 0; p < kPieceKinds; ++p) {
    const Side s = side_of(Piece(p));
    material[s] += pos.pool_count(Piece(p)) * hidden_share *
                   flip_piece_value(pos.rules(), animal_of(Piece(p)), rat_left[opponent(s)]);
  }
  return material;
}

}  // namespace

double flip_material(const FlipPosition& pos, double hidden_share) {
  if (!pos.colours_known()) return 0;
  const std::array<bool, kSides> rat_left = flip_rats_left(pos);
  std::array<double, kSides> material = pool_material(pos, rat_left, hidden_share);
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

double flip_evaluate(const FlipPosition& pos) {
  if (!pos.colours_known()) return 0;
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
  std::array<double, kSides> material = pool_material(pos, rat_left, kHiddenShare);
  std::array<double, kSides> mobility{}, threat{}, hunt{};
  for (int i = 0; i < count; ++i) {
    const Square sq = up[size_t(i)].square;
    const Side s = up[size_t(i)].side;
    const Animal a = up[size_t(i)].animal;
    const double mine = flip_piece_value(r, a, rat_left[opponent(s)]);
    material[s] += mine;
    for (int j = 0; j < count; ++j) {
      const UpAnimal& prey = up[size_t(j)];
      if (prey.side == s || pos.combat(a, prey.animal) != Combat::kTakes) continue;
      const int distance = kDistance[size_t(sq)][size_t(prey.square)];
      hunt[s] =
          std::max(hunt[s], kHunt * (6 - distance) * flip_piece_value(r, prey.animal, rat_left[s]));
    }
    for (Bitboard t = kFlipGeometry.neighbours(Bitboard(1) << sq); t; t &= t - 1) {
      const Cell target = pos.cell(std::countr_zero(t));
      if (target == kEmpty) {
        mobility[s] += 1;
        continue;
      }
      if (target == kHidden || side_of(Piece(target)) == s) continue;
      const Animal victim = animal_of(Piece(target));
      const double theirs = flip_piece_value(r, victim, rat_left[s]);
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
  const Side us = pos.side_to_move(), them = opponent(us);
  const double score = material[us] - material[them] + kMobility * (mobility[us] - mobility[them]) +
                       kOwnThreat * threat[us] - kEnemyThreat * threat[them] + hunt[us] -
                       hunt[them];
  return std::clamp(score, -kFlipEvalMax, kFlipEvalMax);
}

}  // namespace jungle::flip
