#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <pqxx/connection>
#include <pqxx/except>

// A few connections to one PostgreSQL database shared by the request
// threads: each call borrows one for the length of its transaction, so that
// several requests read and write at once (a single connection behind a
// mutex would make every request wait for every other). A connection that
// breaks is dropped and the work runs again on a new one; the loss and the
// reconnection are reported through the pool's log.

namespace jungle::web {

// The URL without its password, for messages: postgresql://user@host:5432/db.
std::string redact_database_url(const std::string& url);

class PgConnectionPool {
 public:
  using Log = std::function<void(const std::string&)>;
  // Runs on each new connection before it is lent: prepares the statements.
  using Setup = std::function<void(pqxx::connection&)>;

  // Connects once at once, so that a wrong URL or an unreachable server is
  // reported when the server starts rather than at its first request.
  // Throws StoreError. `log` gets one line per lost connection and per
  // reconnection (default: standard error).
  PgConnectionPool(std::string url, size_t max_connections, Setup setup = {}, Log log = {});
  ~PgConnectionPool();
  PgConnectionPool(const PgConnectionPool&) = delete;
  PgConnectionPool& operator=(const PgConnectionPool&) = delete;

  // Runs `work` with a connection of its own until it returns. When the
  // connection breaks before `work` committed, the connection is replaced
  // and `work` runs once more: it must begin its transaction afresh (it
  // does, when it opens the transaction itself). A break during a commit
  // leaves the outcome unknown and is reported as such, never retried.
  // Every failure is a StoreError: `work`'s own StoreErrors pass through,
  // anything else is wrapped in one.
  void run(const std::function<void(pqxx::connection&)>& work);

  // A new connection outside the pool (the notification listener's).
  // Throws StoreError.
  std::unique_ptr<pqxx::connection> connect() const;

  const std::string& location() const { return location_; }
  void log(const std::string& line) const;
  // Connections replaced after they broke, since the pool opened.
  size_t reconnections() const;

 private:
  std::unique_ptr<pqxx::connection> borrow();
  void give_back(std::unique_ptr<pqxx::connection> connection);

  const std::string url_;
  const std::string location_;
  const size_t max_connections_;
  const Setup setup_;
  const Log log_;

  mutable std::mutex mutex_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  size_t lent_ = 0;  // borrowed and not yet given back
  size_t reconnections_ = 0;
  bool reported_down_ = false;  // the last try to connect failed
};

}  // namespace jungle::web
