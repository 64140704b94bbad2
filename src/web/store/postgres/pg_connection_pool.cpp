#include "web/store/postgres/pg_connection_pool.h"

#include <iostream>
#include <regex>

#include "web/store/game_store.h"

namespace jungle::web {

namespace {

// Seconds a connection attempt may take before it is given up: an address
// that swallows packets must fail a request, not hang it for minutes.
constexpr const char* kConnectTimeoutSeconds = "10";

std::string trimmed(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

// The URL libpq is given: ours plus a connect timeout and the application's
// name (shown by pg_stat_activity), unless the URL sets them itself.
std::string with_defaults(const std::string& url) {
  std::string out = url;
  const auto add = [&](const std::string& key, const std::string& value) {
    if (out.find("?" + key + "=") != std::string::npos ||
        out.find("&" + key + "=") != std::string::npos)
      return;
    out += (out.find('?') == std::string::npos ? "?" : "&") + key + "=" + value;
  };
  add("connect_timeout", kConnectTimeoutSeconds);
  add("application_name", "jungle");
  return out;
}

}  // namespace

std::string redact_database_url(const std::string& url) {
  // user:password@ in the authority, and a password= parameter.
  static const std::regex kUserPassword(R"(^(postgres(?:ql)?://[^:@/?]*):[^@/?]*@)");
  static const std::regex kPasswordParameter(R"(([?&])password=[^&]*&?)");
  std::string out = std::regex_replace(url, kUserPassword, "$1@");
  out = std::regex_replace(out, kPasswordParameter, "$1");
  while (!out.empty() && (out.back() == '&' || out.back() == '?')) out.pop_back();
  return out;
}

PgConnectionPool::PgConnectionPool(std::string url, size_t max_connections, Setup setup, Log log)
    : url_(with_defaults(url)),
      location_(redact_database_url(url)),
      max_connections_(std::max<size_t>(1, max_connections)),
      setup_(std::move(setup)),
      log_(std::move(log)) {
  // One connection at once: a wrong URL or a server that is down is told now.
  give_back(connect());
}

PgConnectionPool::~PgConnectionPool() = default;

void PgConnectionPool::log(const std::string& line) const {
  if (log_) {
    log_(line);
  } else {
    std::cerr << "jungle: " << line << std::endl;
  }
}

size_t PgConnectionPool::reconnections() const {
  std::lock_guard lock(mutex_);
  return reconnections_;
}

std::unique_ptr<pqxx::connection> PgConnectionPool::connect() const {
  try {
    auto connection = std::make_unique<pqxx::connection>(url_);
    if (setup_) setup_(*connection);
    return connection;
  } catch (const pqxx::failure& e) {
    throw StoreError("cannot connect to the game database " + location_ + ": " + trimmed(e.what()));
  } catch (const std::invalid_argument& e) {
    throw StoreError("the game database URL " + location_ + " is not valid: " + e.what());
  }
}

std::unique_ptr<pqxx::connection> PgConnectionPool::borrow() {
  {
    std::unique_lock lock(mutex_);
    returned_.wait(lock, [&] { return !idle_.empty() || lent_ < max_connections_; });
    ++lent_;
    if (!idle_.empty()) {
      auto connection = std::move(idle_.back());
      idle_.pop_back();
      return connection;
    }
  }
  // A new connection, made outside the lock: the others go on meanwhile.
  try {
    auto connection = connect();
    std::lock_guard lock(mutex_);
    if (reported_down_) {
      reported_down_ = false;
      log("reconnected to the game database " + location_);
    }
    return connection;
  } catch (const StoreError& e) {
    bool first = false;
    {
      std::lock_guard lock(mutex_);
      --lent_;
      first = !reported_down_;
      reported_down_ = true;
    }
    returned_.notify_one();
    if (first) log(std::string(e.what()) + " (requests fail until it is back)");
    throw;
  }
}

void PgConnectionPool::give_back(std::unique_ptr<pqxx::connection> connection) {
  {
    std::lock_guard lock(mutex_);
    if (lent_ > 0) --lent_;
    // A broken one is dropped; its place is made anew when needed.
    if (connection && connection->is_open()) idle_.push_back(std::move(connection));
  }
  returned_.notify_one();
}

void PgConnectionPool::run(const std::function<void(pqxx::connection&)>& work) {
  // Twice at most: a connection found broken is replaced once; a second
  // break in a row means the server is gone and is reported.
  for (int attempt = 0;; ++attempt) {
    std::unique_ptr<pqxx::connection> connection = borrow();
    std::string lost;
    try {
      work(*connection);
      give_back(std::move(connection));
      if (attempt > 0) log("reconnected to the game database " + location_);
      return;
    } catch (const pqxx::in_doubt_error& e) {
      give_back(nullptr);
      log("lost the connection to the game database " + location_ + " during a commit");
      throw StoreError("the connection to the game database " + location_ +
                       " broke during a commit; whether the change was written is unknown: " +
                       trimmed(e.what()));
    } catch (const pqxx::broken_connection& e) {
      lost = trimmed(e.what());
    } catch (const pqxx::failure& e) {
      // A statement failed; when the connection went with it, that was the cause.
      if (connection->is_open()) {
        give_back(std::move(connection));
        throw StoreError("the game database " + location_ + " failed: " + trimmed(e.what()));
      }
      lost = trimmed(e.what());
    } catch (const StoreError&) {
      give_back(std::move(connection));
      throw;
    } catch (const std::exception& e) {
      // A value libpqxx could not convert, a misuse: still the store's failure.
      give_back(std::move(connection));
      throw StoreError("the game database " + location_ + " failed: " + e.what());
    }
    give_back(nullptr);
    {
      // The idle ones most likely went the same way (a restarted server
      // closes them all): the retry makes a fresh one.
      std::lock_guard lock(mutex_);
      ++reconnections_;
      idle_.clear();
    }
    log("lost a connection to the game database " + location_ + " (" + lost + "); " +
        (attempt == 0 ? "reconnecting" : "giving up this request"));
    if (attempt > 0) {
      throw StoreError("lost the connection to the game database " + location_ + ": " + lost);
    }
  }
}

}  // namespace jungle::web
