#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "web/api/api_routes.h"
#include "web/api/tablebase_route.h"
#include "web/engines/engine_pool.h"
#include "web/games/game_registry.h"
#include "web/games/variant_catalog.h"
#include "web/puzzles/puzzle_trainer.h"
#include "web/server/request_guard.h"
#include "web/service/game_service.h"
#include "web/store/game_events.h"
#include "web/store/open_game_store.h"

namespace jungle::web {

// httplib's server, with the listening socket reachable: httplib listens
// with a backlog of 5, which drops connections when dozens of clients
// connect at once, and offers no setting for it. It also serves each
// connection itself, to bound what one client can hold: httplib's own loop
// bounds each read but not a whole request, so a client sending a header
// line every few seconds kept a thread forever. And it frames each request's
// body where httplib does not: this httplib (0.11) checks the payload limit
// against Content-Length only, and reads a chunked body into memory whole
// however long it is, so the socket itself stops a chunked body at the
// limit; a request with neither Content-Length nor Transfer-Encoding has no
// body (RFC 9112, 6.3), where httplib would wait for the connection to close.
class HttpServer : public httplib::Server {
 public:
  void widen_backlog();
  // At most `per_address` connections from one peer address at once (more
  // are answered 503 and closed), and at most `request_timeout` from a
  // request's first byte to the end of its body.
  void set_connection_limits(int per_address, std::chrono::milliseconds request_timeout);
  // From a handler on this connection's thread: close the connection after
  // this response, as its body may not have been read.
  static void close_after_response();
  // From the error handler on this connection's thread: whether the request
  // failed because its body ran over the payload limit as it was read (a
  // chunked body, whose length no header gives beforehand).
  static bool body_over_limit();

 private:
  bool process_and_close_socket(socket_t sock) override;
  bool admit_connection(const std::string& address);
  void release_connection(const std::string& address);

  int per_address_ = 0;  // 0: no cap
  std::chrono::milliseconds request_timeout_{10000};
  std::mutex connections_mutex_;
  std::map<std::string, int> connections_;
};

struct WebServerOptions {
  std::string host = "127.0.0.1";  // loopback unless asked otherwise
  int port = 8080;                 // 0: any free port
  // The store (open_game_store): an SQLite file, by default default_database_path().
  std::string db;
  EnginePoolLimits engines;
  // Connections served at once: each holds a thread while open, a game's
  // event stream included, so there are many.
  int http_threads = 256;
  // Connections one peer address may hold at once: below http_threads, so
  // that one address cannot take every thread.
  int max_connections_per_address = 48;
  // A request's headers and body must arrive within this, counted from its
  // first byte, however steadily they trickle in.
  int request_timeout_ms = 10000;
  // Names the Host header may carry besides the server's addresses
  // (`jungle serve --allowed-host`); docs/api.md has the rule.
  std::vector<std::string> allowed_hosts;
  // Endgame tables for POST /api/tablebase (`jungle serve --tb DIR`); empty: none.
  std::filesystem::path tb_dir;
  // Makes each family's tables for POST /api/tablebase in place of the
  // family's own from tb_dir (empty: those), as the clock below is given:
  // a test gives Flip Jungle's tables with a lock it holds, to see the
  // refusal a build in progress causes without racing one.
  EndgameTablesOf endgame_tables;
  // The puzzle trainer's database (`jungle serve --puzzles FILE`); empty:
  // the shipped set, data/puzzles/, compiled in.
  std::filesystem::path puzzles_file;
  int max_streams = 16;        // analysis streams open at once
  int max_game_streams = 192;  // game and lobby streams open at once (below http_threads)
  // How long an online player may be gone before the opponent may claim the game.
  int64_t abandon_timeout_ms = 30000;
  // The clocks' time in ms (tests set their own); empty: the wall clock.
  std::function<int64_t()> clock;
  size_t max_cached_games = 512;
  size_t max_body_bytes = 1 << 20;
  // Accounts (docs/accounts.md): the login cookie always Secure (a server
  // behind an HTTPS proxy; it is also Secure for a request that says
  // X-Forwarded-Proto: https), and the passwords' Argon2id cost.
  bool secure_cookies = false;
  PasswordCost password_cost = PasswordCost::interactive();
};

// The web app: page, JSON API, engines and game database in one object, for
// `jungle serve` and for tests that run it in-process.
class WebServer {
 public:
  // Opens the database. Throws StoreError, or PuzzleSetError for a puzzle
  // database that cannot be read (naming its line and field).
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
  // Where the games are: the SQLite file, or the database server.
  std::string database_location() const { return store_->location(); }

 private:
  WebServerOptions options_;
  // First: a malformed puzzle database stops the server before anything opens.
  PuzzleTrainer puzzles_;
  std::unique_ptr<GameStore> store_;
  VariantCatalog catalog_;
  std::unique_ptr<GameEvents> events_;  // the store's bus
  GameRegistry games_;
  // Before the pool: the pool's engines call into it until they are joined.
  Reviews reviews_;
  EnginePool pool_;
  GameService service_;
  // In the games' database, opened after the games' store made its tables.
  std::unique_ptr<AccountStore> account_store_;
  AccountService accounts_;
  std::atomic<int> open_streams_{0};
  RequestGuard guard_;
  ApiContext context_;
  HttpServer http_;
  std::thread listener_;
  int port_ = 0;
  bool stopped_ = false;
};

}  // namespace jungle::web
