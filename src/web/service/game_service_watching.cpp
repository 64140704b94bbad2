// The game service's watchers: what a stream that reconnects has missed,
// and the presence of each seat's player, counted here and heard from the
// other servers.
#include <algorithm>

#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// Seats whose departure this server remembers.
constexpr size_t kMaxLeftSeats = 100000;
// How often one server writes a seat's last-seen time for its requests.
constexpr int64_t kSeenWriteIntervalMs = 1000;

}  // namespace

GameService::CatchUp GameService::catch_up(int64_t id, int64_t after, int seats, int limit) {
  CatchUp out;
  LockedGame g = lock(id);
  GameSessionBase& game = *g.game;
  if (game.detached) {
    throw no_such_game(id);
  }
  // A flag that fell while nobody moved is decided on this read too.
  try {
    settle_clock(game);
  } catch (const RevisionConflict&) {
    g.lock.unlock();
    return catch_up(id, after, seats, limit);
  }
  out.last = game.last_event();
  bool complete = false;
  out.events = game.recent_events_after(after, &complete);
  if (!complete) out.events = games_.store().events_after(id, after, limit);
  if (int(out.events.size()) > limit) out.events.resize(size_t(limit));
  out.state = state_of(game, seats);
  return out;
}

std::pair<bool, int64_t> GameService::presence_of(const GameSessionBase& game, int seat,
                                                  const std::array<int64_t, 2>& seen) {
  int here = 0;
  int64_t left_here = -1;
  {
    std::lock_guard lock(presence_mutex_);
    if (auto it = watchers_.find({game.id(), seat}); it != watchers_.end()) here = it->second;
    if (auto it = left_.find({game.id(), seat}); it != left_.end()) left_here = it->second;
  }
  const int64_t last = std::max(seen[size_t(seat)], game.seats.seats[size_t(seat)].taken_ms);
  if (here > 0) return {true, last};
  // Its last stream here closed, and no server has heard of it since.
  if (left_here >= last) return {false, left_here};
  // A watcher's stream beats every few seconds (still_watching), and every
  // request of the seat, on any server, counts as one (seen).
  return {now() - last < 3 * kPresenceBeatMs, last};
}

Json GameService::presence_json(GameSessionBase& game) {
  Json seats = Json::object();
  const bool online = game.seats.online;
  std::array<int64_t, 2> seen{0, 0};
  if (online) seen = games_.store().presence(game.id());
  for (int s = 0; s < 2; ++s) {
    const Seat& seat = game.seats.seats[size_t(s)];
    Json j{{"player", game.player(s).is_engine() ? "engine" : "human"},
           {"taken", seat.taken() || !online}};
    if (online && seat.taken()) {
      const auto [connected, last] = presence_of(game, s, seen);
      j["connected"] = connected;
      j["left_ms"] = connected ? Json(nullptr) : Json(last);
    }
    seats[seat_name(s)] = j;
  }
  return seats;
}

void GameService::watching(int64_t id, int seats, bool connected) {
  if (seats == 0) return;
  const int64_t t = now();
  for (int s = 0; s < 2; ++s) {
    if (!(seats & (1 << s))) continue;
    bool changed = false;
    {
      std::lock_guard lock(presence_mutex_);
      int& n = watchers_[{id, s}];
      n += connected ? 1 : -1;
      changed = connected ? n == 1 : n == 0;
      if (n <= 0) watchers_.erase({id, s});
      if (connected) {
        left_.erase({id, s});
      } else if (changed) {
        // Bounded: forgetting only means waiting for the beat to go stale.
        if (left_.size() >= kMaxLeftSeats) left_.clear();
        left_[{id, s}] = t;
      }
    }
    try {
      games_.store().touch_presence(id, s, t);
    } catch (const StoreError&) {
      // Presence is a courtesy; the game does not depend on it.
    }
    if (changed) {
      games_.events().publish(
          {id, 0, 0, false,
           Json{{"type", "presence"}, {"seat", seat_name(s)}, {"connected", connected}}.dump()});
      // A rematch offered by a player who has gone stands no more.
      if (!connected) withdraw_rematch_of(id, s);
    }
  }
}

void GameService::heard_presence(const GameNotice& notice) {
  if (notice.transient.empty()) return;
  const Json note = Json::parse(notice.transient, nullptr, false);
  if (!note.is_object() || note.value("type", "") != "presence") return;
  const int seat = seat_from_name(note.value("seat", ""));
  const auto connected = note.find("connected");
  if (seat < 0 || connected == note.end() || !connected->is_boolean()) return;
  const std::pair<int64_t, int> key{notice.game_id, seat};
  std::lock_guard lock(presence_mutex_);
  if (connected->get<bool>()) {
    left_.erase(key);
  } else if (!watchers_.contains(key)) {
    // Without this, the seat's last beat in the store would count it
    // present here for a few seconds more (presence_of).
    if (left_.size() >= kMaxLeftSeats) left_.clear();
    left_[key] = std::max(left_[key], now());
  }
}

void GameService::seen(const GameSessionBase& game, const Requester& who) {
  if (!game.seats.online) return;
  const int held = game.seats.held_by(who.proof);
  if (held == 0) return;
  const int64_t t = now();
  for (int s = 0; s < 2; ++s) {
    if (!(held & (1 << s))) continue;
    {
      // Here after its last stream here closed: it is back.
      std::lock_guard lock(presence_mutex_);
      if (auto it = left_.find({game.id(), s}); it != left_.end() && it->second <= t) {
        left_.erase(it);
      }
      // Presence is judged in seconds (beats of 5 s, a timeout of 30): a
      // write less than a second after this server's last one for the seat
      // tells the store nothing it needs.
      auto [written, fresh] = seen_written_.try_emplace({game.id(), s}, t);
      if (!fresh) {
        if (t >= written->second && t - written->second < kSeenWriteIntervalMs) continue;
        written->second = t;
      }
      if (seen_written_.size() >= kMaxLeftSeats) seen_written_.clear();
    }
    try {
      games_.store().touch_presence(game.id(), s, t);
    } catch (const StoreError&) {
      // Presence is a courtesy; the request does not depend on it.
    }
  }
}

void GameService::still_watching(int64_t id, int seats) {
  const int64_t t = now();
  for (int s = 0; s < 2; ++s) {
    if (!(seats & (1 << s))) continue;
    try {
      games_.store().touch_presence(id, s, t);
    } catch (const StoreError&) {
    }
  }
}

}  // namespace jungle::web
