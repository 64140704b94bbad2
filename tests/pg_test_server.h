#pragma once

// A PostgreSQL server for the tests that need one, started by the test
// itself (scripts/pg_temp_server.sh): a cluster of its own in a temporary
// folder, on a Unix socket there and a free loopback port, no system service.
// One server serves all the tests of a process; each test takes a fresh
// database of it. The server stops when the process exits, and a watcher
// stops it when the process dies any other way (crash, SIGKILL, a timeout).
// Under ctest every test is a process of its own, and a server apiece cost
// each test seconds: there ctest starts one server for the whole run (the
// fixture postgresql.server.start in CMakeLists.txt) and names its folder in
// JUNGLE_TEST_PG_DIR, and the tests only take databases of it.
// Without PostgreSQL installed, or in a build without libpqxx, the tests
// that need it skip and say why.

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>

#ifdef JUNGLE_HAS_POSTGRES
#include <pqxx/pqxx>
#endif

#include "run_command_util.h"

namespace jungle::web {

class PgTestServer {
 public:
  // The server of this process, started at the first call; nullptr when
  // there can be none, with `why` set.
  static PgTestServer* shared(std::string& why) {
    static std::once_flag once;
    static std::unique_ptr<PgTestServer> server;
    static std::string reason;
    std::call_once(once, [] {
#ifndef JUNGLE_HAS_POSTGRES
      reason = "this build has no PostgreSQL store (libpqxx was not found)";
#else
      std::string out;
      if (run_command(script() + " available 2>&1", out) != 0) {
        reason = out.empty() ? "PostgreSQL is not installed" : out;
        while (!reason.empty() && reason.back() == '\n') reason.pop_back();
        return;
      }
      auto s = std::unique_ptr<PgTestServer>(new PgTestServer());
      const char* shared_dir = std::getenv("JUNGLE_TEST_PG_DIR");
      if (shared_dir && *shared_dir ? s->adopt(shared_dir, reason) : s->start(reason)) {
        server = std::move(s);
      }
#endif
    });
    why = reason;
    return server.get();
  }

  ~PgTestServer() {
    // A child that forked from the test and exits must not take the server.
    if (::getpid() != owner_) return;
    std::string out;
    run_command(script() + " stop " + dir_.string() + " 2>&1", out);
  }

  // The database the script made (jungle).
  const std::string& url() const {
    return url_;
  }
  const std::filesystem::path& dir() const {
    return dir_;
  }

  // A new, empty database; its URL.
  std::string new_database(const std::string& prefix = "t") {
    // The process id keeps apart the databases of tests that share a server.
    static std::atomic<int> counter{0};
    const std::string name =
        prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
#ifdef JUNGLE_HAS_POSTGRES
    pqxx::connection c(url_);
    pqxx::nontransaction n(c);
    n.exec("DROP DATABASE IF EXISTS " + name);
    n.exec("CREATE DATABASE " + name);
#endif
    return url_.substr(0, url_.rfind('/') + 1) + name;
  }

  // Runs SQL on a database (a test's look behind the store).
  static void run_sql(const std::string& url, const std::string& sql) {
#ifdef JUNGLE_HAS_POSTGRES
    pqxx::connection c(url);
    pqxx::nontransaction n(c);
    n.exec(sql);
#else
    (void)url;
    (void)sql;
#endif
  }

  // Ends every other session on the database, as a restarted or failed
  // server would: the store and the bus must reconnect.
  static void drop_connections(const std::string& url) {
    run_sql(url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  }

  static std::string script() {
    return std::string(JUNGLE_SOURCE_DIR) + "/scripts/pg_temp_server.sh";
  }

 private:
  PgTestServer() = default;

  // The server another process started in `dir` (its URL in dir/url); this
  // process never stops it.
  bool adopt(const std::filesystem::path& dir, std::string& why) {
    std::ifstream in(dir / "url");
    if (!std::getline(in, url_) || url_.rfind("postgresql://", 0) != 0) {
      why = "JUNGLE_TEST_PG_DIR=" + dir.string() +
            " holds no running server (no url file): ctest's fixture postgresql.server.start "
            "did not start it";
      return false;
    }
    dir_ = dir;
    owner_ = 0;
    return true;
  }

  bool start(std::string& why) {
    char pattern[] = "/tmp/jungle-pg-XXXXXX";
    if (!mkdtemp(pattern)) {
      why = "cannot make a temporary folder";
      return false;
    }
    dir_ = pattern;
    std::string out;
    const int rc = run_command(
        script() + " start " + dir_.string() + " --guard " + std::to_string(::getpid()) + " 2>&1",
        out);
    const size_t at = out.rfind("postgresql://");
    if (rc != 0 || at == std::string::npos) {
      why = "the test's PostgreSQL server did not start: " + out;
      return false;
    }
    url_ = out.substr(at);
    while (!url_.empty() && (url_.back() == '\n' || url_.back() == '\r')) url_.pop_back();
    return true;
  }

  pid_t owner_ = ::getpid();
  std::filesystem::path dir_;
  std::string url_;
};

}  // namespace jungle::web

// Skips the test, saying why, when there is no PostgreSQL; else `server`
// names the process's server.
#define JUNGLE_NEED_POSTGRES(server)                                                         \
  std::string jungle_pg_why_;                                                                \
  ::jungle::web::PgTestServer* server = ::jungle::web::PgTestServer::shared(jungle_pg_why_); \
  if (!server) GTEST_SKIP() << "PostgreSQL tests skipped: " << jungle_pg_why_
