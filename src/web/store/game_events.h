#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

// Telling whoever watches a game that it changed. The bus carries wake-ups,
// the store carries the truth: a notice says "game 7 has events up to 12",
// and a listener reads what it has not seen from the store's event log
// (GameStore::events_after), so a notice lost or late costs a moment, never
// a move. In one process the bus calls its listeners at once; a store shared
// by several servers needs a bus that crosses processes (a database's
// notifications), behind the same interface.

namespace jungle::web {

struct GameNotice {
  int64_t game_id = 0;
  // The game's latest stored event; 0 when the notice is about something not
  // kept (a player connecting or leaving), which `transient` describes.
  int64_t seq = 0;
  // The game's revision after the change (0 when unchanged): a server that
  // holds an older copy in memory drops it.
  int64_t revision = 0;
  // The lobby may have changed: a challenge opened, accepted or withdrawn,
  // a listed game ended.
  bool lobby = false;
  // An event that is sent to watchers connected now but not stored, as
  // {"type": ..., ...} JSON; "" when none.
  std::string transient;
};

class GameEvents {
 public:
  using Listener = std::function<void(const GameNotice&)>;

  // Unsubscribes when destroyed. A listener may still be running (on the
  // publisher's thread) while its subscription is destroyed, so what it
  // captures must be shared, not borrowed.
  class Subscription {
   public:
    Subscription() = default;
    Subscription(GameEvents* bus, uint64_t id) : bus_(bus), id_(id) {}
    Subscription(Subscription&& o) noexcept : bus_(o.bus_), id_(o.id_) { o.bus_ = nullptr; }
    Subscription& operator=(Subscription&& o) noexcept;
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    ~Subscription() { reset(); }
    void reset();

   private:
    GameEvents* bus_ = nullptr;
    uint64_t id_ = 0;
  };

  virtual ~GameEvents() = default;

  // Called after the change is committed to the store. Listeners run on the
  // caller's thread or the bus's own; they must be quick and must not wait
  // for a game's lock (the publisher may hold it).
  virtual void publish(const GameNotice& notice) = 0;
  // Hears the notices of one game, or of every game with game_id 0.
  virtual Subscription subscribe(int64_t game_id, Listener listener) = 0;

 protected:
  virtual void unsubscribe(uint64_t id) = 0;
};

// The bus within one process: publish() calls the listeners of every game,
// then the game's own, on the publisher's thread. Every game's first: the
// registry (one of them) drops a copy that a notice from another server made
// stale before the game's watchers are woken to read it.
class InProcessGameEvents : public GameEvents {
 public:
  void publish(const GameNotice& notice) override;
  Subscription subscribe(int64_t game_id, Listener listener) override;
  size_t listeners() const;

 protected:
  void unsubscribe(uint64_t id) override;

 private:
  mutable std::mutex mutex_;
  uint64_t next_id_ = 1;
  // By game (0: every game), then by subscription.
  std::unordered_map<int64_t, std::unordered_map<uint64_t, std::shared_ptr<Listener>>> by_game_;
  std::unordered_map<uint64_t, int64_t> game_of_;
};

}  // namespace jungle::web
