#pragma once

#include <string>
#include <vector>

#include "match/elo.h"

namespace jungle::match {

// A sequential probability ratio test of H0: Elo = elo0 against H1: Elo =
// elo1 (logistic Elo), stopping as soon as the log-likelihood ratio leaves
// [ln(beta/(1-alpha)), ln((1-beta)/alpha)].
struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;  // chance of passing a change whose true Elo is elo0
  double beta = 0.05;   // chance of failing one whose true Elo is elo1
};

enum class SprtDecision { kContinue, kAccept, kReject };  // accept H1 / accept H0

class Sprt {
 public:
  explicit Sprt(const SprtConfig& config);
  const SprtConfig& config() const { return config_; }
  double lower_bound() const { return lower_; }  // accept H0 below this
  double upper_bound() const { return upper_; }  // accept H1 above this
  SprtDecision decide(double llr) const;
  // Pentanomial when any pair is complete, else trinomial.
  double llr(const WdlCounts& wdl, const PentanomialCounts& penta) const;

 private:
  SprtConfig config_;
  double lower_;
  double upper_;
};

// The generalised SPRT log-likelihood ratio of fishtest (LLRcalc.LLR_logistic):
// the likelihood of the results under the most likely outcome distribution
// whose expected score is elo1's, over that for elo0's. `counts` are the
// frequencies of outcomes with equally spaced scores from 0 to 1, worst
// first: L, D, W or LL, LD, WL+DD, WD, WW. Empty categories get a count of
// 1e-3 so that the maximum-likelihood distributions exist.
double gsprt_llr(const std::vector<double>& counts, double elo0, double elo1);
double llr_trinomial(const WdlCounts& wdl, double elo0, double elo1);
double llr_pentanomial(const PentanomialCounts& penta, double elo0, double elo1);

// The Brownian-motion approximation of the same ratio (fishtest's LLR_alt2,
// what fastchess reports): N (s1 - s0) (2 mean - s0 - s1) / (2 variance).
double gsprt_llr_approx(const std::vector<double>& counts, double elo0, double elo1);

std::string decision_name(SprtDecision d);  // "continue", "H1 accepted", "H0 accepted"

}  // namespace jungle::match
