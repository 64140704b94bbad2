#pragma once

#include <httplib.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "ui/web/api_routes.h"
#include "ui/web/engine_pool.h"
#include "ui/web/game_registry.h"
#include "ui/web/game_store.h"
#include "ui/web/variant_catalog.h"

namespace jungle::web {

// httplib's server, with the listening socket reachable: httplib listens
// with a backlog of 5, which drops connections when dozens of clients
// connect at once, and offers no setting for it.
class HttpServer : public httplib::Server {
 public:
  void widen_backlog();
};

struct WebServerOptions {
  std::string host = "127.0.0.1";  // loopback unless asked otherwise
  int port = 8080;                 // 0: any free port
  std::filesystem::path db_path;   // empty: default_database_path()
  EnginePoolLimits engines;
  int http_threads = 64;  // connections served at once (keep-alive ones hold a thread)
  int max_streams = 16;   // analysis streams open at once
  size_t max_cached_games = 512;
  size_t max_body_bytes = 1 << 20;
};

// The web app: page, JSON API, engines and game database in one object, for
// `jungle serve` and for tests that run it in-process.
class WebServer {
 public:
  // Opens the database. Throws StoreError.
  explicit WebServer(WebServerOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds and serves from a background thread; returns the port. Throws
  // std::runtime_error when the address cannot be bound.
  int start();
  // Finishes: engines cancelled, connections closed, database closed clean.
  // Safe to call twice.
  void stop();

  int port() const { return port_; }
  std::string url() const;
  const std::filesystem::path& database_path() const { return store_.path(); }

 private:
  WebServerOptions options_;
  GameStore store_;
  VariantCatalog catalog_;
  GameRegistry games_;
  EnginePool pool_;
  std::atomic<int> open_streams_{0};
  ApiContext context_;
  HttpServer http_;
  std::thread listener_;
  int port_ = 0;
  bool stopped_ = false;
};

}  // namespace jungle::web
