#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "web/store/game_events.h"
#include "web/store/postgres/pg_connection_pool.h"

// The game bus across servers: every `jungle serve` on one PostgreSQL
// database hears the notices of the others through LISTEN/NOTIFY, so that a
// move stored through one server wakes the watchers connected to another.
// A notice reaches this server's own listeners at once (as the in-process
// bus does) and goes to the others as a NOTIFY on channel `jungle_games`;
// a listener thread with a connection of its own hears the others' and
// hands them to the local listeners, dropping the ones this server sent.
//
// Notices are wake-ups (the store holds the truth), so a lost one costs a
// moment, never a move; still, when the listener's connection breaks it
// reconnects, and then wakes every game changed since shortly before the
// break (from the store), since notices sent meanwhile were lost.

namespace jungle::web {

class PgGameEvents : public InProcessGameEvents {
 public:
  static constexpr const char* kChannel = "jungle_games";
  // A NOTIFY payload must stay under 8000 bytes; a notice whose payload
  // would not fit leaves its transient part in table notice_overflow and
  // sends the row's id instead.
  static constexpr size_t kMaxPayloadBytes = 7900;

  // Starts the listener and waits (a few seconds at most) until it listens,
  // so that a server that has started hears the others. The pool is the
  // store's (PgGameStore::pool()); the listener opens a connection of its own.
  explicit PgGameEvents(std::shared_ptr<PgConnectionPool> pool);
  ~PgGameEvents() override;
  PgGameEvents(const PgGameEvents&) = delete;
  PgGameEvents& operator=(const PgGameEvents&) = delete;

  // To this server's listeners at once, then to the other servers. Never
  // throws: a notice that cannot be sent is reported in the log (the other
  // servers' watchers find the change by themselves a moment later).
  void publish(const GameNotice& notice) override;

  // Whether the listener's connection is up and listening now.
  bool listening() const { return listening_.load(); }
  // Notices heard from other servers, and times the listener reconnected.
  uint64_t heard() const { return heard_.load(); }
  uint64_t reconnections() const { return reconnections_.load(); }

  // The JSON a notice travels as, and back; std::nullopt for a payload that
  // is not one of ours. Public for the tests.
  static std::string encode(const GameNotice& notice, const std::string& origin,
                            int64_t overflow_id = 0);
  struct Decoded {
    std::string origin;
    GameNotice notice;
    int64_t overflow_id = 0;  // the transient waits in notice_overflow
  };
  static std::optional<Decoded> decode(const std::string& payload);

 private:
  class Receiver;

  void listen_loop();
  // Serves one connection until it breaks or the bus stops.
  void listen_on(pqxx::connection& connection);
  // Called by the receiver on the listener thread.
  void received(const std::string& payload);
  // The notices lost while not listening: every game changed since `since_ms`.
  void wake_changed_since(int64_t since_ms);
  // Waits `ms` or until the bus stops; false when it stops.
  bool pause(int64_t ms);

  std::shared_ptr<PgConnectionPool> pool_;
  const std::string origin_;  // this bus's name in the payloads it sends
  // For the tests (environment variable JUNGLE_TEST_NOTICE_DELAY_MS): each
  // notice from another server is acted on this long after it arrived, so
  // that a test can meet this server's copy of a game older than the
  // stored one, as a real notice's few milliseconds allow. 0: at once.
  int64_t notice_delay_ms_ = 0;
  int wake_[2] = {-1, -1};  // a pipe that interrupts the listener's wait

  std::atomic<bool> stopping_{false};
  std::atomic<bool> listening_{false};
  std::atomic<uint64_t> heard_{0};
  std::atomic<uint64_t> reconnections_{0};
  std::atomic<int64_t> last_publish_failure_log_ms_{0};

  std::mutex started_mutex_;
  std::condition_variable started_;
  bool first_try_done_ = false;

  std::thread listener_;
};

}  // namespace jungle::web
