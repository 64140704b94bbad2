#pragma once

#include <span>
#include <stdexcept>

namespace jungle::rating {

// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
// rating, how uncertain it is (the deviation) and how erratic the player's
// results are (the volatility). docs/ratings.md gives the constants and the
// rating period the site uses.

// The constants, named once. A new player starts at kDefault*.
inline constexpr double kDefaultRating = 1500.0;
inline constexpr double kDefaultDeviation = 350.0;
inline constexpr double kDefaultVolatility = 0.06;
// How much the volatility may change per period (the paper's tau; it
// suggests 0.3 to 1.2). lichess plays with 0.75; so do we.
inline constexpr double kDefaultTau = 0.75;
// When the volatility iteration (the paper's step 5) stops.
inline constexpr double kConvergenceTolerance = 0.000001;
// The paper's scale between the Glicko and Glicko-2 units (400 / ln 10).
inline constexpr double kScale = 173.7178;
// A deviation never grows beyond a new player's: idle time cannot make a
// rating less known than no rating at all.
inline constexpr double kMaxDeviation = kDefaultDeviation;
// A rating whose deviation is above this is shown with a "?" (lichess's
// figure): too few recent games to trust it.
inline constexpr double kProvisionalDeviation = 110.0;

// Raised for input the formulas cannot take; the message names the value
// and what it must be ("Glicko-2: the player's deviation must be positive
// and finite, not -5").
class RatingError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct Rating {
  double rating = kDefaultRating;
  double deviation = kDefaultDeviation;
  double volatility = kDefaultVolatility;
};

// One game of a rating period: the opponent's rating and deviation before
// the period, and the player's score (1 a win, 0.5 a draw, 0 a loss).
struct Outcome {
  double opponent_rating = kDefaultRating;
  double opponent_deviation = kDefaultDeviation;
  double score = 0;
};

struct Settings {
  double tau = kDefaultTau;
  double tolerance = kConvergenceTolerance;
};

bool is_provisional(const Rating& r);

// The paper's intermediate quantities of one update, in its own symbols,
// for the tests that follow its worked example step by step.
struct UpdateSteps {
  double mu = 0, phi = 0;          // step 2: the player on the Glicko-2 scale
  double v = 0;                    // step 3: the estimated variance from the results
  double delta = 0;                // step 4: the estimated improvement
  double sigma = 0;                // step 5: the new volatility
  double phi_star = 0;             // step 6: the deviation grown by one period
  double phi_new = 0, mu_new = 0;  // step 7
  Rating result;                   // step 8: back on the Glicko scale
};

// One rating period: the player's rating after the period's games. With no
// games only the deviation grows (step 6 alone). Throws RatingError.
UpdateSteps update_steps(const Rating& player, std::span<const Outcome> outcomes,
                         const Settings& settings = {});
Rating update(const Rating& player, std::span<const Outcome> outcomes,
              const Settings& settings = {});

// The rating after `periods` rating periods without games (a fraction of a
// period counts as that fraction): the deviation grows as
// sqrt(phi^2 + periods * sigma^2), up to kMaxDeviation. Throws RatingError.
Rating after_idle_periods(const Rating& player, double periods);

}  // namespace jungle::rating
