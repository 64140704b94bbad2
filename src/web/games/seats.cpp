#include "web/games/seats.h"

#include <algorithm>
#include <stdexcept>

#include "web/server/secrets.h"

namespace jungle::web {

namespace {

Json seat_json(const Seat& s) {
  return Json{{"token", s.token_digest}, {"holder", s.holder_digest}, {"taken_ms", s.taken_ms}};
}

}  // namespace

Credentials Credentials::of(const std::string& player_key, const std::vector<std::string>& tokens) {
  Credentials c;
  if (!player_key.empty()) c.key_digest = secret_digest(player_key);
  for (const std::string& t : tokens) {
    if (!t.empty()) c.token_digests.push_back(secret_digest(t));
  }
  return c;
}

const char* seat_name(int seat) {
  return seat == 0 ? "blue" : "red";
}

int seat_from_name(const std::string& name) {
  return name == "blue" ? 0 : name == "red" ? 1 : -1;
}

bool SeatTable::holds(int seat, const Credentials& who) const {
  const Seat& s = seats[size_t(seat)];
  if (!s.taken() || !(who.seat_mask & (1 << seat))) return false;
  if (!s.holder_digest.empty() && s.holder_digest == who.key_digest) return true;
  return std::find(who.token_digests.begin(), who.token_digests.end(), s.token_digest) !=
         who.token_digests.end();
}

int SeatTable::held_by(const Credentials& who) const {
  return (holds(0, who) ? 1 : 0) | (holds(1, who) ? 2 : 0);
}

int SeatTable::open_seat(const std::array<bool, 2>& human) const {
  for (int s = 0; s < 2; ++s) {
    if (human[size_t(s)] && !seats[size_t(s)].taken()) return s;
  }
  return -1;
}

std::string SeatTable::take(int seat, const Credentials& who, const std::string& player_key,
                            int64_t now) {
  const std::string token = new_secret();
  Seat& s = seats[size_t(seat)];
  s.token_digest = secret_digest(token);
  s.holder_digest = player_key.empty() ? who.key_digest : secret_digest(player_key);
  s.taken_ms = now;
  return token;
}

std::string SeatTable::to_stored() const {
  Json j{{"online", online},
         {"listed", listed},
         {"rated", rated},
         {"seats", {seat_json(seats[0]), seat_json(seats[1])}}};
  if (has_range) j["rating_range"] = {rating_min, rating_max};
  return j.dump();
}

SeatTable SeatTable::from_stored(const std::string& text) {
  SeatTable t;
  const Json j = Json::parse(text, nullptr, false);
  if (text.empty() || !j.is_object()) {
    t.unclaimed = true;
    return t;
  }
  t.online = j.value("online", false);
  t.listed = j.value("listed", false);
  t.rated = j.value("rated", false);
  const Json range = j.value("rating_range", Json());
  if (range.is_array() && range.size() == 2 && range[0].is_number_integer() &&
      range[1].is_number_integer()) {
    t.has_range = true;
    t.rating_min = range[0].get<int>();
    t.rating_max = range[1].get<int>();
  }
  const Json seats = j.value("seats", Json::array());
  for (size_t i = 0; i < 2 && i < seats.size(); ++i) {
    const Json& s = seats[i];
    if (!s.is_object()) continue;
    t.seats[i].token_digest = s.value("token", "");
    t.seats[i].holder_digest = s.value("holder", "");
    t.seats[i].taken_ms = s.value("taken_ms", int64_t(0));
  }
  return t;
}

std::string Offers::to_stored() const {
  if (!any()) return "";
  Json j{{"draw", draw}, {"takeback", takeback}};
  if (rematch.by >= 0 || rematch.game > 0) {
    j["rematch"] = {{"by", rematch.by}, {"at", rematch.offered_ms}, {"game", rematch.game}};
  }
  return j.dump();
}

Offers Offers::from_stored(const std::string& text) {
  Offers o;
  const Json j = Json::parse(text, nullptr, false);
  if (!j.is_object()) return o;
  o.draw = std::clamp(j.value("draw", -1), -1, 1);
  o.takeback = std::clamp(j.value("takeback", -1), -1, 1);
  const Json rematch = j.value("rematch", Json());
  if (rematch.is_object()) {
    o.rematch.by = std::clamp(rematch.value("by", -1), -1, 1);
    o.rematch.offered_ms = rematch.value("at", int64_t(0));
    o.rematch.game = std::max<int64_t>(0, rematch.value("game", int64_t(0)));
  }
  return o;
}

}  // namespace jungle::web
