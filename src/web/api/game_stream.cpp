#include "web/api/game_stream.h"

#include <chrono>

#include "web/server/event_channel.h"

namespace jungle::web {

namespace {

using Ms = std::chrono::milliseconds;

// Events sent per batch when catching up a long way.
constexpr int kCatchUpBatch = 200;
// How long a stream waits for a wake-up before looking for itself.
constexpr Ms kPoll{1000};
// A keep-alive comment at least this often: a write is how a vanished
// client is found, and a player gone must be seen as gone soon.
constexpr int64_t kKeepAliveMs = 2500;

std::string sse(int64_t id, const std::string& type, const Json& data) {
  std::string out;
  if (id > 0) out += "id: " + std::to_string(id) + "\n";
  return out + "event: " + type +
         "\ndata: " + data.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n";
}

// What one watcher of a game holds between calls of its provider.
struct Watch {
  Watch(GameService& s, int64_t g, int held, int64_t after)
      : service(s), game(g), seats(held), last(after) {}
  GameService& service;
  int64_t game = 0;
  int seats = 0;
  int64_t last = 0;  // the last event sent
  std::shared_ptr<EventChannel> channel = std::make_shared<EventChannel>();
  GameEvents::Subscription subscription;
  std::chrono::steady_clock::time_point last_write = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_beat = std::chrono::steady_clock::now();
  std::string pending;  // the first batch, computed before the stream began
  bool ended = false;
};

// The events after `w.last`, with the state on the batch's last; "" when
// nothing new.
std::string catch_up(Watch& w, bool always_state) {
  GameService::CatchUp c = w.service.catch_up(w.game, w.last, w.seats, kCatchUpBatch);
  std::string out;
  for (size_t i = 0; i < c.events.size(); ++i) {
    const StoredEvent& e = c.events[i];
    Json data = Json::parse(e.data, nullptr, false);
    if (!data.is_object()) data = Json::object();
    data["seq"] = e.seq;
    if (i + 1 == c.events.size() && e.seq >= c.last) data["state"] = c.state;
    out += sse(e.seq, e.type, data);
    w.last = e.seq;
  }
  if (out.empty() && (always_state || w.last > c.last)) {
    // Nothing missed (or a seq from another game's past): the state alone.
    w.last = c.last;
    out = sse(c.last, "state", Json{{"type", "state"}, {"seq", c.last}, {"state", c.state}});
  }
  return out;
}

}  // namespace

void stream_game(httplib::Response& res, GameService& service, int64_t id, int64_t after, int seats,
                 std::atomic<int>& open_streams) {
  auto w = std::make_shared<Watch>(service, id, seats, after);
  // Subscribed before the first read, so nothing falls between the two.
  w->subscription = service.events().subscribe(id, [channel = w->channel](const GameNotice& n) {
    channel->push(n.transient.empty() ? std::string("+") : n.transient);
  });
  // Throws GameError 404 before any stream. `retry`: a browser that lost
  // the stream comes back after a second (its default is three).
  w->pending = "retry: 1000\n\n" + catch_up(*w, true);
  ++open_streams;
  service.watching(id, seats, true);
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");
  res.set_chunked_content_provider(
      "text/event-stream",
      [w](size_t, httplib::DataSink& sink) {
        const auto write = [&](const std::string& text) {
          w->last_write = std::chrono::steady_clock::now();
          return sink.write(text.data(), text.size());
        };
        if (w->ended) {
          sink.done();
          return true;
        }
        if (!w->pending.empty()) {
          std::string first = std::move(w->pending);
          w->pending.clear();
          return write(first);
        }
        std::string note;
        const EventChannel::Pop got = w->channel->pop(note, kPoll);
        std::string out;
        try {
          if (got == EventChannel::Pop::kEvent && note != "+") {
            // Something not stored (a player came or went, the game was
            // deleted): sent as it is, with the state.
            Json data = Json::parse(note, nullptr, false);
            const std::string type = data.is_object() ? data.value("type", "notice") : "notice";
            if (type == "deleted") {
              w->ended = true;
              return write(sse(0, "deleted", Json{{"type", "deleted"}, {"game", w->game}}));
            }
            out = catch_up(*w, false);
            if (out.empty()) {
              GameService::CatchUp c = w->service.catch_up(w->game, w->last, w->seats, 0);
              data["state"] = c.state;
            }
            out += sse(0, type, data);
          } else {
            out = catch_up(*w, false);
          }
        } catch (const GameError& e) {
          // Deleted meanwhile (404): the stream ends with why.
          w->ended = true;
          return write(sse(0, "deleted",
                           Json{{"type", "deleted"}, {"game", w->game}, {"message", e.what()}}));
        } catch (const std::exception&) {
          out.clear();  // the store failed a moment: the next round tries again
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - w->last_beat >= Ms(kPresenceBeatMs)) {
          w->last_beat = now;
          w->service.still_watching(w->game, w->seats);
        }
        if (!out.empty()) return write(out);
        if (now - w->last_write >= Ms(kKeepAliveMs) || got == EventChannel::Pop::kTimeout) {
          // A comment line: keeps proxies patient and finds a vanished client.
          static const std::string kKeepAlive = ": keep-alive\n\n";
          if (now - w->last_write >= Ms(kKeepAliveMs)) return write(kKeepAlive);
        }
        return true;
      },
      [w, &open_streams](bool) {
        w->subscription.reset();
        w->service.watching(w->game, w->seats, false);
        --open_streams;
      });
}

void stream_lobby(httplib::Response& res, GameService& service, std::function<Json()> lobby,
                  std::atomic<int>& open_streams) {
  struct LobbyWatch {
    explicit LobbyWatch(std::function<Json()> l) : lobby(std::move(l)) {}
    std::function<Json()> lobby;
    std::shared_ptr<EventChannel> channel = std::make_shared<EventChannel>();
    GameEvents::Subscription subscription;
    bool first = true;
    std::chrono::steady_clock::time_point last_write = std::chrono::steady_clock::now();
  };
  auto w = std::make_shared<LobbyWatch>(std::move(lobby));
  w->subscription = service.events().subscribe(0, [channel = w->channel](const GameNotice& n) {
    if (n.lobby) channel->push("+");
  });
  ++open_streams;
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");
  res.set_chunked_content_provider(
      "text/event-stream",
      [w](size_t, httplib::DataSink& sink) {
        std::string note;
        bool send = w->first;
        w->first = false;
        if (!send) {
          send = w->channel->pop(note, kPoll) == EventChannel::Pop::kEvent;
          // A burst of changes makes one answer.
          while (send && w->channel->pop(note, Ms(0)) == EventChannel::Pop::kEvent) {
          }
        }
        const auto now = std::chrono::steady_clock::now();
        std::string out;
        if (send) {
          try {
            out = sse(0, "lobby", w->lobby());
          } catch (const std::exception&) {
            w->channel->push("+");  // try again next round
          }
        } else if (now - w->last_write >= Ms(kKeepAliveMs)) {
          out = ": keep-alive\n\n";
        }
        if (out.empty()) return true;
        w->last_write = now;
        return sink.write(out.data(), out.size());
      },
      [w, &open_streams](bool) {
        w->subscription.reset();
        --open_streams;
      });
}

}  // namespace jungle::web
