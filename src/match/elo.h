#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace jungle::match {

// Game results from the first engine's point of view.
struct WdlCounts {
  int64_t wins = 0;
  int64_t draws = 0;
  int64_t losses = 0;

  int64_t games() const { return wins + draws + losses; }
  double score() const;  // (W + D/2) / games; 0.5 when there are no games
};

// Results of game pairs (the same opening played with both colours), indexed
// by the pair's points times two: LL, LD, WL+DD, WD, WW. Pairing cancels
// most of an opening's bias, so these counts have a smaller variance than
// W/D/L and give tighter error bars and faster SPRTs.
struct PentanomialCounts {
  std::array<int64_t, 5> counts{};

  int64_t pairs() const;
  double score() const;  // per game, in 0..1
  // Adds one pair from the two games' scores (1, 0.5 or 0 each).
  void add_pair(double first_game, double second_game);
};

// Logistic Elo: a score of 0.75 is about +191 Elo.
double elo_to_score(double elo);
double score_to_elo(double score);  // +-inf at 1 and 0

// An Elo difference with a 95% confidence interval from the normal
// approximation of the mean score, as fastchess computes it.
struct EloEstimate {
  double elo = 0;
  double error = 0;  // half the width of the 95% interval, in Elo
  double lower = 0;  // the interval's ends (may be +-inf)
  double upper = 0;
  // Normalised Elo: the score's distance from 0.5 in standard deviations,
  // scaled so that it matches logistic Elo for small differences without draws.
  double nelo = 0;
  double nelo_error = 0;
  double los = 0.5;  // likelihood of superiority, 0..1
  int64_t samples = 0;

  // When every game was won (or lost) the estimate is infinite; this is then
  // the one-sided 95% bound instead: with n wins in n games the chance of not
  // winning a game is below 1 - 0.05^(1/n), so the score is at least that.
  bool one_sided() const;

  // "+40.7 +- 30.4", or "> +728 (95%)" for a clean sweep.
  std::string text() const;
};

EloEstimate estimate_elo(const WdlCounts& wdl);
EloEstimate estimate_elo(const PentanomialCounts& penta);

// The mean score's 95% interval as the in-process matches (`jungle
// flip-match`, `jungle hidden-match`) report it: half its width, from the
// games' sample variance (divided by n - 1) and the normal approximation;
// 0 with fewer than two games.
double score_error(const WdlCounts& wdl);
// "W 190 D 6 L 4, score 0.965 +- 0.023 (95%)".
std::string score_text(const WdlCounts& wdl);

// Standard normal quantile (inverse of the cumulative distribution).
double normal_quantile(double p);

}  // namespace jungle::match
