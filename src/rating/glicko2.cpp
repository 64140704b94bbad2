#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace jungle::rating {

namespace {

std::string number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "infinity" : "-infinity";
  std::string s = std::to_string(x);
  // "-5.000000" reads better as "-5", "0.500000" as "0.5".
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

void require(bool ok, const std::string& what, const std::string& must, double value) {
  if (!ok)
    throw RatingError("Glicko-2: " + what + " must be " + must + ", not " + number_text(value));
}

void check_rating(const Rating& r, const std::string& who) {
  require(std::isfinite(r.rating), who + "'s rating", "finite", r.rating);
  require(std::isfinite(r.deviation) && r.deviation > 0, who + "'s deviation",
          "positive and finite", r.deviation);
  require(std::isfinite(r.volatility) && r.volatility > 0, who + "'s volatility",
          "positive and finite", r.volatility);
}

// Step 3's g: how much an opponent's uncertainty dampens what a game says.
double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on
// f(x) = 0 with x = ln(sigma'^2), exactly as the paper writes it.
double new_volatility(double phi, double v, double delta, double sigma, const Settings& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double big_a = a;
  double big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * s.tau) < 0) ++k;
    big_b = a - k * s.tau;
  }
  double fa = f(big_a), fb = f(big_b);
  while (std::abs(big_b - big_a) > s.tolerance) {
    const double c = big_a + (big_a - big_b) * fa / (fb - fa);
    const double fc = f(c);
    if (fc * fb <= 0) {
      big_a = big_b;
      fa = fb;
    } else {
      fa /= 2;
    }
    big_b = c;
    fb = fc;
  }
  return std::exp(big_a / 2);
}

}  // namespace

bool is_provisional(const Rating& r) {
  return r.deviation > kProvisionalDeviation;
}

UpdateSteps update_steps(const Rating& player, std::span<const Outcome> outcomes,
                         const Settings& settings) {
  check_rating(player, "the player");
  require(std::isfinite(settings.tau) && settings.tau > 0, "tau", "positive and finite",
          settings.tau);
  require(std::isfinite(settings.tolerance) && settings.tolerance > 0, "the tolerance",
          "positive and finite", settings.tolerance);
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const Outcome& o = outcomes[i];
    const std::string who = "game " + std::to_string(i + 1) + ": the opponent";
    require(std::isfinite(o.opponent_rating), who + "'s rating", "finite", o.opponent_rating);
    require(std::isfinite(o.opponent_deviation) && o.opponent_deviation > 0, who + "'s deviation",
            "positive and finite", o.opponent_deviation);
    require(o.score >= 0 && o.score <= 1, "game " + std::to_string(i + 1) + ": the score",
            "between 0 and 1", o.score);
  }

  UpdateSteps s;
  s.mu = (player.rating - kDefaultRating) / kScale;
  s.phi = player.deviation / kScale;
  if (outcomes.empty()) {
    // A period without games: the deviation grows, nothing else changes.
    s.sigma = player.volatility;
    s.phi_star = std::sqrt(s.phi * s.phi + s.sigma * s.sigma);
    s.phi_new = s.phi_star;
    s.mu_new = s.mu;
    s.result = {player.rating, std::min(s.phi_new * kScale, kMaxDeviation), s.sigma};
    return s;
  }
  double inverse_v = 0, improvement = 0;
  for (const Outcome& o : outcomes) {
    const double mu_j = (o.opponent_rating - kDefaultRating) / kScale;
    const double phi_j = o.opponent_deviation / kScale;
    const double e = expected(s.mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1 - e);
    improvement += g(phi_j) * (o.score - e);
  }
  s.v = 1.0 / inverse_v;
  s.delta = s.v * improvement;
  s.sigma = new_volatility(s.phi, s.v, s.delta, player.volatility, settings);
  s.phi_star = std::sqrt(s.phi * s.phi + s.sigma * s.sigma);
  s.phi_new = 1.0 / std::sqrt(1.0 / (s.phi_star * s.phi_star) + 1.0 / s.v);
  s.mu_new = s.mu + s.phi_new * s.phi_new * improvement;
  s.result = {kScale * s.mu_new + kDefaultRating, std::min(kScale * s.phi_new, kMaxDeviation),
              s.sigma};
  return s;
}

Rating update(const Rating& player, std::span<const Outcome> outcomes, const Settings& settings) {
  return update_steps(player, outcomes, settings).result;
}

Rating after_idle_periods(const Rating& player, double periods) {
  check_rating(player, "the player");
  require(std::isfinite(periods) && periods >= 0, "the idle periods", "0 or more and finite",
          periods);
  const double phi = player.deviation / kScale;
  const double grown = std::sqrt(phi * phi + periods * player.volatility * player.volatility);
  return {player.rating, std::min(grown * kScale, kMaxDeviation), player.volatility};
}

}  // namespace jungle::rating
