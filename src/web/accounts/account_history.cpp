// The account service's rating history (docs/ratings.md, "History"): each
// counted game's rating after it, for the profile's graph. Public, like the
// profile: only what the game list and the profile already say of a game.

#include <cmath>

#include "web/accounts/account_service.h"

namespace jungle::web {

namespace {

// The game's outcome for the player of `seat`, from its result.
const char* history_outcome(int seat, const std::string& result) {
  if (result == "1/2-1/2") return "draw";
  if (result != "1-0" && result != "0-1") return "";
  return (seat == 0) == (result == "1-0") ? "win" : "loss";
}

}  // namespace

Json AccountService::rating_history(const std::string& name, int limit, int offset) {
  const StoredAccount account = named(name);
  // One more than asked, to say whether older points remain.
  std::vector<RatingPoint> points = store_.rating_history(account.id, limit + 1, offset);
  const bool more = points.size() > size_t(limit);
  if (more) points.pop_back();
  Json history = Json::array();
  for (const RatingPoint& p : points) {
    history.push_back(
        Json{{"game", p.game_id},
             {"category", p.category},
             {"at_ms", p.at_ms},
             {"rating", std::lround(p.rating)},
             {"deviation", p.deviation < 0 ? Json(nullptr) : Json(std::lround(p.deviation))},
             {"side", seat_name(p.seat)},
             {"outcome", history_outcome(p.seat, p.result)},
             {"opponent", p.opponent.empty() ? Json(nullptr) : Json(p.opponent)}});
  }
  return Json{{"name", account.name},
              {"history", history},
              {"limit", limit},
              {"offset", offset},
              {"more", more}};
}

}  // namespace jungle::web
