// The game service's "your turn": of the games a player names (those whose
// seat tokens its browser keeps, and a logged-in account's own seats),
// the ones where it is that player's move, with the time left where a
// clock runs. Only games the request holds a seat of are answered.
#include <algorithm>

#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

Json GameService::your_turn(const std::vector<SeatClaim>& games, const Requester& who) {
  const int64_t t = now();
  // One claim a game: a game named by its tokens and owned by the account
  // is listed once, with whatever seats either proves.
  std::vector<SeatClaim> merged;
  for (const SeatClaim& claim : games) {
    auto same = std::find_if(merged.begin(), merged.end(),
                             [&](const SeatClaim& c) { return c.game == claim.game; });
    if (same == merged.end()) {
      merged.push_back(claim);
      continue;
    }
    same->tokens.insert(same->tokens.end(), claim.tokens.begin(), claim.tokens.end());
    same->seats |= claim.seats;
  }
  std::vector<Json> lines;
  for (const SeatClaim& claim : merged) {
    try {
      LockedGame g = lock(claim.game);
      GameSessionBase& game = *g.game;
      if (game.detached || !game.seats.online || game.over() || game.clock.flagged(t)) continue;
      Credentials proof = who.proof;
      for (const std::string& token : claim.tokens) {
        if (!token.empty()) proof.token_digests.push_back(secret_digest(token));
      }
      const int held = game.seats.held_by(proof) | claim.seats;
      if (held == 0 || held == 3) continue;
      const int seat = held == 1 ? 0 : 1;
      // Not before the opponent sits down.
      if (!game.seats.seats[size_t(1 - seat)].taken()) continue;
      // A set-up chosen in secret comes first: one's own, while unsettled.
      bool mine = false;
      if (!game.set_up()) {
        mine = game.colours_known() && !game.ready(game.side_of_seat(seat));
      } else {
        mine = game.seat_to_move() == seat;
      }
      if (!mine) continue;
      Json line{
          {"id", game.id()},
          {"variant", game.variant()},
          {"family", std::string(game.family().name())},
          {"seat", seat_name(seat)},
          {"ply", game.ply()},
          {"players", Json{{"blue", game.player(0).to_json()}, {"red", game.player(1).to_json()}}},
          {"deadline_ms", nullptr}};
      if (game.clock.timed()) {
        line["time_control"] = game.clock.control().to_json();
        if (const std::optional<int64_t> due = game.clock.deadline()) line["deadline_ms"] = *due;
      }
      lines.push_back(std::move(line));
    } catch (const GameError&) {
      // Deleted, or never there: not the requester's to hear of.
    }
  }
  // The soonest deadline first, then the games without one, oldest first.
  std::stable_sort(lines.begin(), lines.end(), [](const Json& a, const Json& b) {
    const bool da = !a["deadline_ms"].is_null();
    const bool db = !b["deadline_ms"].is_null();
    if (da != db) return da;
    if (da && a["deadline_ms"] != b["deadline_ms"]) {
      return a["deadline_ms"].get<int64_t>() < b["deadline_ms"].get<int64_t>();
    }
    return a["id"].get<int64_t>() < b["id"].get<int64_t>();
  });
  Json list = Json::array();
  for (Json& line : lines) list.push_back(std::move(line));
  return Json{{"games", list}, {"count", list.size()}, {"now_ms", t}};
}

}  // namespace jungle::web
