#pragma once

#include <httplib.h>

#include <atomic>
#include <cstdint>
#include <functional>

#include "web/service/game_service.h"

// A game's events as server-sent events, one stream per watcher: each
// stored event with its seq as the SSE id, so that a client that lost its
// connection comes back with Last-Event-ID (or ?after=N) and gets exactly
// what it missed from the store's log; the game's state rides on the last
// event of each batch. Wake-ups come through the GameEvents bus into the
// analysis stream's EventChannel; every second the stream also looks for
// itself, so a lost wake-up costs a second, never an event.

namespace jungle::web {

// Streams game `id` to a watcher holding `seats` (a bit set; 0: a
// spectator) that saw events up to `after`. Answers 404 before any stream
// when the game does not exist. Counts itself in `open_streams`.
void stream_game(httplib::Response& res, GameService& service, int64_t id, int64_t after, int seats,
                 std::atomic<int>& open_streams);

// The lobby as server-sent events: "lobby" with the lists at once and
// after every change to them, each made by `lobby` (as the stream's viewer
// sees it).
void stream_lobby(httplib::Response& res, GameService& service, std::function<Json()> lobby,
                  std::atomic<int>& open_streams);

}  // namespace jungle::web
