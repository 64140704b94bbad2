#include "match/elo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace jungle::match {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// 800 / ln(10): turns a t-value per game into normalised Elo.
constexpr double kNeloPerT = 347.43558552260146;
constexpr double kConfidence = 0.95;

struct Moments {
  double mean = 0;
  double variance = 0;
};

template <size_t N>
Moments moments(const std::array<double, N>& values, const std::array<double, N>& probs) {
  Moments m;
  for (size_t i = 0; i < N; ++i) m.mean += values[i] * probs[i];
  for (size_t i = 0; i < N; ++i)
    m.variance += probs[i] * (values[i] - m.mean) * (values[i] - m.mean);
  return m;
}

// `samples` observations (games or pairs) with this mean score and variance;
// `games` counts the games behind them, for the one-sided bound.
EloEstimate make_estimate(const Moments& m, double per_game_sigma, int64_t samples, int64_t games) {
  EloEstimate e;
  e.samples = samples;
  if (samples == 0) return e;
  const double z = normal_quantile(0.5 + kConfidence / 2);
  const double stderr_mean = std::sqrt(m.variance / double(samples));
  e.elo = score_to_elo(m.mean);
  if (m.mean >= 1 || m.mean <= 0) {
    const double bound = score_to_elo(std::pow(1 - kConfidence, 1.0 / double(games)));
    e.lower = m.mean >= 1 ? bound : -kInf;
    e.upper = m.mean >= 1 ? kInf : -bound;
    e.error = kInf;
    e.los = m.mean >= 1 ? 1 : 0;
    return e;
  }
  const double lo = m.mean - z * stderr_mean;
  const double hi = m.mean + z * stderr_mean;
  e.lower = lo <= 0 ? -kInf : score_to_elo(lo);
  e.upper = hi >= 1 ? kInf : score_to_elo(hi);
  e.error = (e.upper - e.lower) / 2;
  if (per_game_sigma > 0) {
    e.nelo = (m.mean - 0.5) / per_game_sigma * kNeloPerT;
    e.nelo_error = z * stderr_mean / per_game_sigma * kNeloPerT;
  }
  e.los = stderr_mean > 0 ? 0.5 * (1 + std::erf((m.mean - 0.5) / (stderr_mean * std::sqrt(2.0))))
                          : (m.mean > 0.5   ? 1.0
                             : m.mean < 0.5 ? 0.0
                                            : 0.5);
  return e;
}

}  // namespace

double WdlCounts::score() const {
  const int64_t n = games();
  return n ? (double(wins) + 0.5 * double(draws)) / double(n) : 0.5;
}

int64_t PentanomialCounts::pairs() const {
  int64_t n = 0;
  for (int64_t c : counts) n += c;
  return n;
}

double PentanomialCounts::score() const {
  const int64_t n = pairs();
  if (!n) return 0.5;
  double points = 0;
  for (int i = 0; i < 5; ++i) points += 0.25 * i * double(counts[i]);
  return points / double(n);
}

void PentanomialCounts::add_pair(double first_game, double second_game) {
  const int index = int(std::lround(2 * (first_game + second_game)));
  ++counts[std::size_t(std::clamp(index, 0, 4))];
}

double elo_to_score(double elo) {
  return 1 / (1 + std::pow(10.0, -elo / 400));
}

double score_to_elo(double score) {
  if (score >= 1) return kInf;
  if (score <= 0) return -kInf;
  return -400 * std::log10(1 / score - 1);
}

double normal_quantile(double p) {
  if (p <= 0) return -kInf;
  if (p >= 1) return kInf;
  // Bisection on the cumulative distribution: slow by numeric standards but
  // exact to double precision, and called a handful of times per report.
  double lo = -40, hi = 40;
  for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

bool EloEstimate::one_sided() const {
  return samples > 0 && (std::isinf(elo));
}

std::string EloEstimate::text() const {
  char buf[96];
  if (samples == 0) return "+0.0 +/- inf";
  if (one_sided()) {
    // Rounded outwards, so the printed bound is never stronger than the real one.
    std::snprintf(buf, sizeof buf, elo > 0 ? "> %+.0f (95%%)" : "< %+.0f (95%%)",
                  elo > 0 ? std::floor(lower) : std::ceil(upper));
  } else if (std::isinf(error)) {
    std::snprintf(buf, sizeof buf, "%+.1f (95%%: %.0f .. %.0f)", elo, lower, upper);
  } else {
    std::snprintf(buf, sizeof buf, "%+.1f +/- %.1f", elo, error);
  }
  return buf;
}

double score_error(const WdlCounts& wdl) {
  const int64_t n = wdl.games();
  if (n < 2) return 0;
  const double mean = wdl.score();
  const double var =
      (double(wdl.wins) * std::pow(1 - mean, 2) + double(wdl.draws) * std::pow(0.5 - mean, 2) +
       double(wdl.losses) * std::pow(mean, 2)) /
      double(n - 1);
  return 1.959964 * std::sqrt(var / double(n));
}

std::string score_text(const WdlCounts& wdl) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "W %lld D %lld L %lld, score %.3f +- %.3f (95%%)",
                static_cast<long long>(wdl.wins), static_cast<long long>(wdl.draws),
                static_cast<long long>(wdl.losses), wdl.score(), score_error(wdl));
  return buf;
}

EloEstimate estimate_elo(const WdlCounts& wdl) {
  const int64_t n = wdl.games();
  if (!n) return {};
  const double g = double(n);
  const Moments m = moments<3>(
      {1.0, 0.5, 0.0}, {double(wdl.wins) / g, double(wdl.draws) / g, double(wdl.losses) / g});
  return make_estimate(m, std::sqrt(m.variance), n, n);
}

EloEstimate estimate_elo(const PentanomialCounts& penta) {
  const int64_t n = penta.pairs();
  if (!n) return {};
  std::array<double, 5> probs{};
  for (int i = 0; i < 5; ++i) probs[i] = double(penta.counts[i]) / double(n);
  const Moments m = moments<5>({0.0, 0.25, 0.5, 0.75, 1.0}, probs);
  // A pair's mean score varies half as much as one game's would if the two
  // games were independent, hence the sqrt(2) to get a per-game deviation.
  return make_estimate(m, std::sqrt(2 * m.variance), n, 2 * n);
}

}  // namespace jungle::match
