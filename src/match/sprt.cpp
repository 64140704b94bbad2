#include "match/sprt.h"

#include <cmath>
#include <stdexcept>

namespace jungle::match {

namespace {

constexpr double kEmptyCount = 1e-3;

struct Distribution {
  double n = 0;
  std::vector<double> values;  // outcome scores, 0..1
  std::vector<double> probs;
};

Distribution to_distribution(const std::vector<double>& counts) {
  if (counts.size() < 2) throw std::invalid_argument("gsprt: need at least two outcomes");
  Distribution d;
  const size_t k = counts.size();
  for (size_t i = 0; i < k; ++i) {
    const double c = counts[i] > 0 ? counts[i] : kEmptyCount;
    d.n += c;
    d.values.push_back(double(i) / double(k - 1));
    d.probs.push_back(c);
  }
  for (double& p : d.probs) p /= d.n;
  return d;
}

// The distribution closest in likelihood to `d` whose mean is `s`: by
// Lagrange, p_i / (1 + x (a_i - s)) where x solves
// sum p_i (a_i - s) / (1 + x (a_i - s)) = 0. The sum falls strictly with x
// between the poles at -1/(max a - s) and -1/(min a - s), so bisection finds x.
std::vector<double> mle_with_mean(const Distribution& d, double s) {
  const double lo_pole = -1 / (d.values.back() - s);
  const double hi_pole = -1 / (d.values.front() - s);
  auto f = [&](double x) {
    double sum = 0;
    for (size_t i = 0; i < d.values.size(); ++i) {
      const double b = d.values[i] - s;
      sum += d.probs[i] * b / (1 + x * b);
    }
    return sum;
  };
  const double margin = 1e-12 * (hi_pole - lo_pole);
  double lo = lo_pole + margin, hi = hi_pole - margin;
  for (int i = 0; i < 300 && hi - lo > 1e-15 * std::max(1.0, std::abs(lo)); ++i) {
    const double mid = (lo + hi) / 2;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double x = (lo + hi) / 2;
  std::vector<double> p(d.values.size());
  for (size_t i = 0; i < p.size(); ++i) p[i] = d.probs[i] / (1 + x * (d.values[i] - s));
  return p;
}

}  // namespace

Sprt::Sprt(const SprtConfig& config)
    : config_(config),
      lower_(std::log(config.beta / (1 - config.alpha))),
      upper_(std::log((1 - config.beta) / config.alpha)) {}

SprtDecision Sprt::decide(double llr) const {
  if (llr >= upper_) return SprtDecision::kAccept;
  if (llr <= lower_) return SprtDecision::kReject;
  return SprtDecision::kContinue;
}

double Sprt::llr(const WdlCounts& wdl, const PentanomialCounts& penta) const {
  if (penta.pairs() > 0) return llr_pentanomial(penta, config_.elo0, config_.elo1);
  if (wdl.games() > 0) return llr_trinomial(wdl, config_.elo0, config_.elo1);
  return 0;
}

double gsprt_llr(const std::vector<double>& counts, double elo0, double elo1) {
  const Distribution d = to_distribution(counts);
  const std::vector<double> p0 = mle_with_mean(d, elo_to_score(elo0));
  const std::vector<double> p1 = mle_with_mean(d, elo_to_score(elo1));
  double per_sample = 0;
  for (size_t i = 0; i < p0.size(); ++i) per_sample += d.probs[i] * std::log(p1[i] / p0[i]);
  return d.n * per_sample;
}

double gsprt_llr_approx(const std::vector<double>& counts, double elo0, double elo1) {
  const Distribution d = to_distribution(counts);
  double mean = 0, var = 0;
  for (size_t i = 0; i < d.values.size(); ++i) mean += d.probs[i] * d.values[i];
  for (size_t i = 0; i < d.values.size(); ++i)
    var += d.probs[i] * (d.values[i] - mean) * (d.values[i] - mean);
  const double s0 = elo_to_score(elo0), s1 = elo_to_score(elo1);
  return d.n * (s1 - s0) * (2 * mean - s0 - s1) / var / 2;
}

double llr_trinomial(const WdlCounts& wdl, double elo0, double elo1) {
  if (wdl.games() == 0) return 0;
  return gsprt_llr({double(wdl.losses), double(wdl.draws), double(wdl.wins)}, elo0, elo1);
}

double llr_pentanomial(const PentanomialCounts& penta, double elo0, double elo1) {
  if (penta.pairs() == 0) return 0;
  std::vector<double> counts;
  for (int64_t c : penta.counts) counts.push_back(double(c));
  return gsprt_llr(counts, elo0, elo1);
}

std::string decision_name(SprtDecision d) {
  switch (d) {
    case SprtDecision::kAccept:
      return "H1 accepted";
    case SprtDecision::kReject:
      return "H0 accepted";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

}  // namespace jungle::match
