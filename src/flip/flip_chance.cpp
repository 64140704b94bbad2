// FlipSearcher's chance nodes: what a flip may reveal (the pool, or the
// seer's known tile), each outcome searched with the Star1 window that
// could still move the expectation across alpha or beta, Star2's probes,
// and the expected-result curve they average by (chance_scale).
#include <algorithm>
#include <cmath>

#include "flip/flip_search.h"

namespace jungle::flip {

namespace {
constexpr double kProbeWidth = 1e-7;
}  // namespace

double FlipSearcher::probe_bound(FlipPosition& pos, int depth, double threshold, int ply) {
  // A lower bound on the value of this decision node from its first action
  // alone, searched with a window just around `threshold`; -kFlipWin when
  // the probe fails low and so bounds nothing.
  GameResult result;
  if (pos.end(&result) != FlipEnd::kNone || depth <= 0 ||
      (options_.endgame_pieces > 0 && endgames_.built(pos))) {
    return search_node(pos, depth, -kFlipWin, kFlipWin, ply);
  }
  ActionList list = pos.legal_actions();
  order(pos, list);
  const double lo = std::clamp(threshold, -kFlipWin, kFlipWin) - kProbeWidth;
  const double v = action_value(pos, list.items[0], depth, lo, lo + 2 * kProbeWidth, ply);
  return v > lo ? v : -kFlipWin;
}

void FlipSearcher::know_tiles(const std::optional<FlipDeal>& tiles) {
  if (tiles == tiles_) return;
  tiles_ = tiles;
  std::fill(tt_.begin(), tt_.end(), TTEntry{});
}

Outcomes FlipSearcher::flip_outcomes(const FlipPosition& pos, Square square) const {
  if (tiles_) {
    const Piece known = (*tiles_)[square];
    if (known != kNoPiece && pos.pool_count(known) > 0) {
      Outcomes one;
      one.piece[0] = known;
      one.count[0] = 1;
      one.size = 1;
      one.total = 1;
      return one;
    }
  }
  return pos.outcomes();
}

namespace {

// A value in points as an expected result 0..1 and back (chance_scale):
// the logistic curve inside the evaluation's range, and beyond it a line
// to 1 at a won end (0 at a lost one), so that the map is one to one over
// [-kFlipWin, kFlipWin] and keeps the order of every value.
struct ResultCurve {
  double scale;
  double edge;  // the share at kFlipEvalMax

  explicit ResultCurve(double s) : scale(s), edge(1 / (1 + std::exp(-kFlipEvalMax / s))) {}
  double share(double v) const {
    if (v < 0) return 1 - share(-v);
    if (v <= kFlipEvalMax) return 1 / (1 + std::exp(-v / scale));
    return std::min(1.0, edge + (1 - edge) * (v - kFlipEvalMax) / (kFlipWin - kFlipEvalMax));
  }
  double points(double e) const {
    if (e < 0.5) return -points(1 - e);
    if (e >= 1) return kFlipWin;
    if (e <= edge) return scale * std::log(e / (1 - e));
    return kFlipEvalMax + (e - edge) / (1 - edge) * (kFlipWin - kFlipEvalMax);
  }
};

}  // namespace

double FlipSearcher::outcome_value(FlipPosition& pos, const Ply& flip, int depth, double lo,
                                   double hi, int ply) {
  pos.play(flip);
  const double v = -search_node(pos, depth - 1, -hi, -lo, ply + 1);
  pos.undo();
  return v;
}

double FlipSearcher::chance_value(FlipPosition& pos, Action a, int depth, double alpha, double beta,
                                  int ply) {
  if (options_.chance_scale > 0) return result_chance_value(pos, a, depth, alpha, beta, ply);
  const Outcomes o = flip_outcomes(pos, a.from);
  const double total = o.total;
  std::array<double, kPieceKinds> p{}, upper{};
  for (int i = 0; i < o.size; ++i) {
    p[size_t(i)] = o.count[size_t(i)] / total;
    upper[size_t(i)] = kFlipWin;
  }
  auto child = [&](int i, double lo, double hi) {
    return outcome_value(pos, {a, o.piece[size_t(i)]}, depth, lo, hi, ply);
  };
  if (!options_.star1) {
    double sum = 0;
    for (int i = 0; i < o.size; ++i) sum += p[size_t(i)] * child(i, -kFlipWin, kFlipWin);
    return sum;
  }
  if (options_.star2) {
    // Star2: probe each outcome's reply for an upper bound on our value;
    // when the bounds together cannot reach alpha the flip fails low unsearched.
    double known = 0, rest = 1;
    for (int i = 0; i < o.size; ++i) {
      const size_t k = size_t(i);
      rest -= p[k];
      const double threshold = (alpha - known - rest * kFlipWin) / p[k];
      pos.play({a, o.piece[k]});
      const double lower = probe_bound(pos, depth - 1, -threshold, ply + 1);
      pos.undo();
      if (aborted_) return 0;
      upper[k] = std::min(kFlipWin, -lower);
      known += p[k] * upper[k];
    }
    if (known <= alpha) return known;
  }
  // Star1: each outcome searched with the window that could still move the
  // expectation across alpha or beta, the others at their bounds.
  double done = 0, rest_upper = 0, rest_p = 1;
  for (int i = 0; i < o.size; ++i) rest_upper += p[size_t(i)] * upper[size_t(i)];
  for (int i = 0; i < o.size; ++i) {
    const size_t k = size_t(i);
    rest_upper -= p[k] * upper[k];
    rest_p -= p[k];
    const double lo = (alpha - done - rest_upper) / p[k];
    const double hi = (beta - done + rest_p * kFlipWin) / p[k];
    // What the probe proved caps a fail-soft answer above the window.
    const double v = std::min(upper[k], child(i, std::max(-kFlipWin, lo), std::min(upper[k], hi)));
    if (aborted_) return 0;
    if (v <= lo) return done + p[k] * v + rest_upper;
    if (v >= hi) return done + p[k] * v - rest_p * kFlipWin;
    done += p[k] * v;
  }
  return done;
}

// chance_value with each outcome's value an expected result (chance_scale):
// the same Star1 windows, worked out in shares and searched in points.
double FlipSearcher::result_chance_value(FlipPosition& pos, Action a, int depth, double alpha,
                                         double beta, int ply) {
  const ResultCurve curve(options_.chance_scale);
  const Outcomes o = flip_outcomes(pos, a.from);
  const double total = o.total;
  auto child = [&](int i, double lo, double hi) {
    return outcome_value(pos, {a, o.piece[size_t(i)]}, depth, lo, hi, ply);
  };
  if (!options_.star1) {
    double sum = 0;
    for (int i = 0; i < o.size; ++i) {
      sum += o.count[size_t(i)] / total * curve.share(child(i, -kFlipWin, kFlipWin));
    }
    return curve.points(sum);
  }
  const double alpha_share = curve.share(alpha), beta_share = curve.share(beta);
  double done = 0, rest_p = 1;
  for (int i = 0; i < o.size; ++i) {
    const double p = o.count[size_t(i)] / total;
    rest_p -= p;
    // The others at most a won end (1), at least a lost one (0).
    const double lo_share = (alpha_share - done - rest_p) / p;
    const double hi_share = (beta_share - done) / p;
    const double lo = lo_share <= 0 ? -kFlipWin : curve.points(lo_share);
    const double hi = hi_share >= 1 ? kFlipWin : curve.points(hi_share);
    const double v = child(i, lo, hi);
    if (aborted_) return 0;
    const double e = curve.share(v);
    if (lo_share > 0 && v <= lo) return curve.points(done + p * e + rest_p);
    if (hi_share < 1 && v >= hi) return curve.points(done + p * e);
    done += p * e;
  }
  return curve.points(done);
}

}  // namespace jungle::flip
