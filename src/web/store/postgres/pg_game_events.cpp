#include "web/store/postgres/pg_game_events.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "core/secure_random.h"
#include "web/store/game_store.h"

namespace jungle::web {

namespace {

using Json = nlohmann::json;

// How long the listener waits in silence before it asks its connection
// whether it is still there: a server that vanished without closing the
// connection is found within this.
constexpr int kIdlePingMs = 10000;
// Waits between attempts to reconnect the listener, growing to the last.
constexpr int64_t kFirstRetryMs = 100;
constexpr int64_t kLastRetryMs = 5000;
// How long the constructor waits for the listener to listen.
constexpr auto kStartWait = std::chrono::seconds(10);
// After a break, the games changed since this long before it are woken: the
// servers' clocks differ a little, and a write's time is taken before its
// commit.
constexpr int64_t kMissedMarginMs = 60000;
// At most this many games are woken after a break (the most recent).
constexpr int kMissedGamesLimit = 1000;
// Overflowing transients are kept this long for the listeners to read.
constexpr int64_t kOverflowKeepMs = 10 * 60 * 1000;
// A failing NOTIFY is reported once per this long, not once per move.
constexpr int64_t kPublishFailureLogMs = 10000;

int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string random_origin() {
  const uint64_t value = SecureRandom()();
  char text[17];
  snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

// libpqxx calls this for each notification on the channel, inside get_notifs().
class PgGameEvents::Receiver : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection& connection, PgGameEvents& bus)
      : pqxx::notification_receiver(connection, kChannel), bus_(bus) {}
  void operator()(const std::string& payload, int) override { bus_.received(payload); }

 private:
  PgGameEvents& bus_;
};

std::string PgGameEvents::encode(const GameNotice& notice, const std::string& origin,
                                 int64_t overflow_id) {
  Json j{{"o", origin}, {"g", notice.game_id}, {"s", notice.seq}, {"r", notice.revision}};
  if (notice.lobby) j["l"] = true;
  if (overflow_id > 0) {
    j["x"] = overflow_id;
  } else if (!notice.transient.empty()) {
    j["t"] = notice.transient;
  }
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::optional<PgGameEvents::Decoded> PgGameEvents::decode(const std::string& payload) {
  const Json j = Json::parse(payload, nullptr, false);
  if (!j.is_object() || !j.contains("o") || !j["o"].is_string() || !j.contains("g") ||
      !j["g"].is_number_integer())
    return std::nullopt;
  Decoded d;
  d.origin = j["o"].get<std::string>();
  d.notice.game_id = j["g"].get<int64_t>();
  d.notice.seq = j.value("s", int64_t(0));
  d.notice.revision = j.value("r", int64_t(0));
  d.notice.lobby = j.value("l", false);
  if (j.contains("t") && j["t"].is_string()) d.notice.transient = j["t"].get<std::string>();
  d.overflow_id = j.value("x", int64_t(0));
  return d;
}

PgGameEvents::PgGameEvents(std::shared_ptr<PgConnectionPool> pool)
    : pool_(std::move(pool)), origin_(random_origin()) {
  if (const char* delay = std::getenv("JUNGLE_TEST_NOTICE_DELAY_MS")) {
    notice_delay_ms_ = std::clamp<int64_t>(std::atoll(delay), 0, 60000);
  }
  if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) {
    throw StoreError("cannot start the game notification listener: no pipe");
  }
  listener_ = std::thread([this] { listen_loop(); });
  std::unique_lock lock(started_mutex_);
  started_.wait_for(lock, kStartWait, [&] { return first_try_done_; });
}

PgGameEvents::~PgGameEvents() {
  stopping_ = true;
  const char byte = 0;
  [[maybe_unused]] const ssize_t n = write(wake_[1], &byte, 1);
  if (listener_.joinable()) listener_.join();
  close(wake_[0]);
  close(wake_[1]);
}

void PgGameEvents::publish(const GameNotice& notice) {
  InProcessGameEvents::publish(notice);
  try {
    std::string payload = encode(notice, origin_);
    if (payload.size() > kMaxPayloadBytes) {
      // Too long for a NOTIFY: the transient waits in a table, the notice
      // carries its row.
      int64_t id = 0;
      pool_->run([&](pqxx::connection& c) {
        pqxx::nontransaction n(c);
        const int64_t now = wall_clock_ms();
        n.exec_params("DELETE FROM notice_overflow WHERE created_ms < $1", now - kOverflowKeepMs);
        id = n.exec_params1(
                  "INSERT INTO notice_overflow (created_ms, transient) VALUES ($1, $2) "
                  "RETURNING id",
                  now, notice.transient)[0]
                 .as<int64_t>();
      });
      payload = encode(notice, origin_, id);
    }
    pool_->run([&](pqxx::connection& c) {
      pqxx::nontransaction n(c);
      n.exec_params("SELECT pg_notify($1, $2)", kChannel, payload);
    });
  } catch (const std::exception& e) {
    const int64_t now = wall_clock_ms();
    int64_t last = last_publish_failure_log_ms_.load();
    if (now - last >= kPublishFailureLogMs &&
        last_publish_failure_log_ms_.compare_exchange_strong(last, now)) {
      pool_->log(std::string("could not tell the other servers about game ") +
                 std::to_string(notice.game_id) + ": " + e.what() +
                 " (their watchers find the change by themselves)");
    }
  }
}

void PgGameEvents::received(const std::string& payload) {
  const std::optional<Decoded> d = decode(payload);
  if (!d || d->origin == origin_) return;  // not ours, or this server's own
  GameNotice notice = d->notice;
  if (d->overflow_id > 0) {
    try {
      pool_->run([&](pqxx::connection& c) {
        pqxx::nontransaction n(c);
        const pqxx::result r =
            n.exec_params("SELECT transient FROM notice_overflow WHERE id = $1", d->overflow_id);
        notice.transient = r.empty() ? "" : r[0][0].as<std::string>();
      });
    } catch (const StoreError&) {
      notice.transient.clear();  // the watchers still catch up from the store
    }
  }
  if (notice_delay_ms_ > 0 && !pause(notice_delay_ms_)) return;
  ++heard_;
  InProcessGameEvents::publish(notice);
}

bool PgGameEvents::pause(int64_t ms) {
  pollfd p{wake_[0], POLLIN, 0};
  poll(&p, 1, int(ms));
  return !stopping_;
}

void PgGameEvents::listen_loop() {
  int64_t retry_ms = kFirstRetryMs;
  int64_t lost_at_ms = 0;  // 0: not lost since the last listen
  bool ever_listened = false;
  const auto first_try_done = [&] {
    std::lock_guard lock(started_mutex_);
    if (!first_try_done_) {
      first_try_done_ = true;
      started_.notify_all();
    }
  };
  while (!stopping_) {
    std::string failure;
    try {
      std::unique_ptr<pqxx::connection> connection = pool_->connect();
      {
        Receiver receiver(*connection, *this);  // LISTEN jungle_games
        // A query makes sure the LISTEN went through before we say so.
        pqxx::nontransaction(*connection).exec("SELECT 1");
        listening_ = true;
        first_try_done();
        retry_ms = kFirstRetryMs;
        if (ever_listened) {
          ++reconnections_;
          pool_->log("listening to the game database " + pool_->location() + " again");
        }
        if (lost_at_ms > 0) wake_changed_since(lost_at_ms - kMissedMarginMs);
        ever_listened = true;
        lost_at_ms = 0;
        listen_on(*connection);
      }
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (stopping_) break;
    // Lost (or never had): the notices of this time are lost too.
    const bool was_listening = listening_.exchange(false);
    if (lost_at_ms == 0) {
      lost_at_ms = wall_clock_ms();
      while (!failure.empty() && failure.back() == '\n') failure.pop_back();
      pool_->log("the game notification listener lost the game database " + pool_->location() +
                 (failure.empty() ? "" : " (" + failure + ")") + "; " +
                 (was_listening || ever_listened ? "reconnecting" : "retrying") +
                 " (other servers' moves reach this one's watchers within a second meanwhile)");
    }
    first_try_done();
    if (!pause(retry_ms)) break;
    retry_ms = std::min(retry_ms * 2, kLastRetryMs);
  }
  listening_ = false;
}

void PgGameEvents::listen_on(pqxx::connection& connection) {
  // libpqxx may quietly reopen a broken connection when it is next used;
  // the notices sent meanwhile would be lost without a word. A new backend
  // process is how that shows: it is treated as the loss it is.
  const int backend = connection.backendpid();
  const auto same_session = [&] {
    if (connection.backendpid() != backend) {
      throw pqxx::broken_connection("the connection was reopened");
    }
  };
  while (!stopping_) {
    pollfd p[2] = {{connection.sock(), POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (p[0].fd < 0) throw pqxx::broken_connection("the connection has no socket");
    const int ready = poll(p, 2, kIdlePingMs);
    if (stopping_) return;
    if (ready == 0) {
      // Silence: is the server still there?
      pqxx::nontransaction(connection).exec("SELECT 1");
      same_session();
      continue;
    }
    if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      connection.get_notifs();
      // get_notifs() says nothing of a connection that closed: look.
      if (!connection.is_open() || (p[0].revents & (POLLHUP | POLLERR))) {
        pqxx::nontransaction(connection).exec("SELECT 1");
      }
      same_session();
    }
  }
}

void PgGameEvents::wake_changed_since(int64_t since_ms) {
  try {
    std::vector<GameNotice> missed;
    pool_->run([&](pqxx::connection& c) {
      pqxx::nontransaction n(c);
      const pqxx::result r = n.exec_params(
          "SELECT id, last_event, revision, listing <> '' FROM games WHERE updated_ms >= $1 "
          "ORDER BY updated_ms DESC LIMIT $2",
          since_ms, kMissedGamesLimit);
      missed.clear();
      for (const auto& row : r) {
        missed.push_back(GameNotice{row[0].as<int64_t>(), row[1].as<int64_t>(),
                                    row[2].as<int64_t>(), row[3].as<bool>(), ""});
      }
    });
    for (const GameNotice& notice : missed) InProcessGameEvents::publish(notice);
    // The lobby may have changed through a game now deleted, too.
    InProcessGameEvents::publish(GameNotice{0, 0, 0, true, ""});
  } catch (const StoreError& e) {
    pool_->log(std::string("could not look for the changes missed while not listening: ") +
               e.what());
  }
}

}  // namespace jungle::web
