// Reading the enemy's moves (docs/hidden.md, "Reading the enemy's moves"):
// how likely each animal of the moving piece makes the move it made, by a
// one-ply model of the enemy over the view.
#include <algorithm>
#include <cmath>

#include "hidden_search/view_search_impl.h"

namespace jungle::hidden {

namespace {

// Move values beyond this many centipawns count as this: a win is no
// likelier than a move far ahead.
constexpr int kReadingClamp = 1000;

// The most nodes one reading of one move may take, over all the animals
// its piece may be: a one-ply model with quiescence takes a few thousand
// at most, so a reading that runs past this says nothing (its values are
// cut short) and gives way to no reading at all, rather than hold up the
// move that asked for it.
constexpr uint64_t kReadingNodes = 200'000;

}  // namespace

std::array<double, kAnimals> ViewSearch::move_likelihoods(const PlayerView& before, Move played,
                                                          double temperature, double uniform,
                                                          int read_piece) {
  Impl& s = *impl_;
  std::array<double, kAnimals> out{};
  const int read_id = read_piece >= 0 ? read_piece : before.piece_at(played.from());
  if (read_id < 0) return out;
  const Square read_square = before.pieces()[size_t(read_id)].square;
  if (read_square == kNoSquare) return out;
  const Side enemy = before.side_to_move();
  const AnimalSet may_be = before.candidates(read_id);
  s.set_rules(before.rule_set_ptr());
  ViewSearchLimits limits;
  limits.nodes = kReadingNodes;
  s.prepare(before, limits, nullptr);
  VState base = s.state_of(before);
  // The enemy does not know the searcher's unshown animals: each such
  // piece may be any of them to it (a piece in the water is a swimmer, as
  // the enemy sees; it keeps its animal).
  const Side us = opponent(enemy);
  uint8_t unshown = 0;
  for (int id : before.side_pieces(us)) {
    const PieceInfo& p = before.pieces()[size_t(id)];
    if (!p.shown && p.known) unshown |= uint8_t(1u << *p.known);
  }
  for (int i = 0; i < base.count; ++i) {
    VPiece& p = base.pieces[size_t(i)];
    if (p.side != us || p.shown || p.square == kNoSquare) continue;
    if (s.rules->water() & square_bb(p.square)) continue;
    p.candidates = unshown;
    p.p.fill(0);
    for (int a = 0; a < kAnimals; ++a) {
      if ((unshown >> a) & 1) p.p[size_t(a)] = 1.0f / float(popcount8(unshown));
    }
  }
  s.rekey(base);
  const int read_index = base.board[size_t(read_square)];
  std::vector<VMove> moves;
  for (int a = 0; a < kAnimals; ++a) {
    if (!may_be.contains(Animal(a))) continue;
    // The piece is that animal, which no other piece of its side is then.
    VState st = base;
    s.narrow(st, read_index, uint8_t(1u << a));
    VPiece& piece = st.pieces[size_t(read_index)];
    piece.p.fill(0);
    piece.p[size_t(a)] = 1;
    piece.candidates = uint8_t(1u << a);
    s.rekey(st);
    s.generate(st, moves, false);
    if (moves.empty()) continue;
    std::vector<double> values;
    double chosen = -1e300;
    for (const VMove& m : moves) {
      const int v = std::clamp(s.move_value(st, m, 0, -kInfinite, kInfinite, 0, 0), -kReadingClamp,
                               kReadingClamp);
      values.push_back(double(v));
      if (m.move == played) chosen = double(v);
    }
    const double top = *std::max_element(values.begin(), values.end());
    double sum = 0;
    for (double v : values) sum += std::exp((v - top) / temperature);
    const double soft = chosen > -1e299 ? std::exp((chosen - top) / temperature) / sum : 0.0;
    out[size_t(a)] = (1 - uniform) * soft + uniform / double(moves.size());
  }
  if (s.aborted) {
    // Cut short: every animal the piece may be explains the move alike.
    for (int a = 0; a < kAnimals; ++a) out[size_t(a)] = may_be.contains(Animal(a)) ? 1.0 : 0.0;
  }
  return out;
}

uint64_t ViewSearch::last_nodes() const {
  return impl_->nodes;
}

}  // namespace jungle::hidden
