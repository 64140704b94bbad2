#pragma once

#include <functional>
#include <optional>
#include <string>

#include "web/server/json_fields.h"

// A rated challenge's rating range (docs/ratings.md, "Rating range"): the
// creator asks that only players rated within it take the open seat, as
// lichess's seeks do. Given as bounds, {"min": 1400, "max": 1700} (either
// may be left out), or as a spread around the creator's own rating in the
// game's category, 200 for ±200.

namespace jungle::web {

// The widest spread a challenge may ask, and the bounds a rating range may
// name: Glicko-2 ratings stay far inside them.
inline constexpr int kMaxRatingSpread = 1000;
inline constexpr int kMaxRatingBound = 4000;

struct RatingRange {
  int min = 0;
  int max = kMaxRatingBound;
  bool contains(int rating) const { return rating >= min && rating <= max; }
  // "1400 to 1700", as refusals and the lobby say it.
  std::string text() const;
};

// The body's "rating_range", or nullopt without one; `own_rating` gives the
// creator's rating in the game's category, for a spread. GameError
// "bad_field" (400) for a range of a casual game, of another form, or whose
// bounds are out of order or beyond kMaxRatingBound.
std::optional<RatingRange> read_rating_range(const Json& body, bool rated,
                                             const std::function<double()>& own_rating);

}  // namespace jungle::web
