#include "web/games/rating_range.h"

#include <algorithm>
#include <cmath>

#include "web/server/game_error.h"

namespace jungle::web {

namespace {

GameError bad_range(const std::string& why) {
  return GameError(ErrorKind::kBadRequest, "bad_field", "'rating_range' " + why);
}

// A bound of the object form: an integer from 0 to kMaxRatingBound.
int bound(const Json& range, const char* name, int fallback) {
  const auto it = range.find(name);
  if (it == range.end() || it->is_null()) return fallback;
  if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > kMaxRatingBound) {
    throw bad_range(std::string("'") + name + "' must be an integer from 0 to " +
                    std::to_string(kMaxRatingBound) + ", not " + it->dump());
  }
  return it->get<int>();
}

}  // namespace

std::string RatingRange::text() const {
  return std::to_string(min) + " to " + std::to_string(max);
}

std::optional<RatingRange> read_rating_range(const Json& body, bool rated,
                                             const std::function<double()>& own_rating) {
  const auto it = body.find("rating_range");
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!rated) {
    throw bad_range("is for rated games: a casual game has no ratings to compare");
  }
  RatingRange range;
  if (it->is_number_integer()) {
    const int64_t spread = it->get<int64_t>();
    if (spread < 1 || spread > kMaxRatingSpread) {
      throw bad_range("as a spread must be from 1 to " + std::to_string(kMaxRatingSpread) +
                      ", not " + std::to_string(spread));
    }
    const int own = int(std::lround(own_rating()));
    range.min = std::max(0, own - int(spread));
    range.max = std::min(kMaxRatingBound, own + int(spread));
    return range;
  }
  if (!it->is_object() || (!it->contains("min") && !it->contains("max"))) {
    throw bad_range(
        "must be a spread around your rating (200 for ±200) or bounds like {\"min\": 1400, "
        "\"max\": 1700}, not " +
        it->dump());
  }
  range.min = bound(*it, "min", 0);
  range.max = bound(*it, "max", kMaxRatingBound);
  if (range.min > range.max) {
    throw bad_range("has its 'min' " + std::to_string(range.min) + " above its 'max' " +
                    std::to_string(range.max));
  }
  return range;
}

}  // namespace jungle::web
