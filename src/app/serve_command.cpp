#include <pthread.h>

#include <csignal>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/commands.h"
#include "web/web_server.h"

namespace jungle::app {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db;
  int engines = 0;
  std::string tb;
  std::string puzzles;
  std::vector<std::string> allowed_hosts;
  int abandon_timeout_s = 30;
  bool secure_cookies = false;
};

int run_serve(const ServeOptions& opt) {
  // Every thread the server starts inherits this mask, so SIGINT and SIGTERM
  // reach only the sigwait below and shutdown runs on this thread, in order.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  web::WebServerOptions options;
  options.host = opt.host;
  options.port = opt.port;
  options.db = opt.db;
  options.allowed_hosts = opt.allowed_hosts;
  options.tb_dir = opt.tb;
  options.secure_cookies = opt.secure_cookies;
  options.puzzles_file = opt.puzzles;
  options.abandon_timeout_ms = int64_t(opt.abandon_timeout_s) * 1000;
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  options.engines.workers = opt.engines > 0 ? opt.engines : std::max(2, cores);

  std::unique_ptr<web::WebServer> server;
  try {
    server = std::make_unique<web::WebServer>(options);
    server->start();
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  std::cout << "jungle: serving " << server->url() << " (games in " << server->database_location()
            << "); Ctrl-C stops" << std::endl;

  int received = 0;
  sigwait(&signals, &received);
  // A second Ctrl-C during shutdown ends the process at once.
  pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
  std::cout << "jungle: " << (received == SIGINT ? "interrupted" : "terminated")
            << ", shutting down" << std::endl;
  server->stop();
  server.reset();
  std::cout << "jungle: stopped" << std::endl;
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto opt = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "Play and analyse in the browser: the web app");
  cmd->add_option("--host", opt->host, "Address to listen on (loopback unless you choose)")
      ->capture_default_str();
  cmd->add_option("--port", opt->port, "Port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--db", opt->db,
                  "Game database: an SQLite file (default: $XDG_DATA_HOME/jungle/games.db or "
                  "~/.local/share/jungle/games.db), or a PostgreSQL URL "
                  "(postgresql://user@host:port/dbname) that several servers share "
                  "(docs/deploy.md)");
  cmd->add_option("--tb", opt->tb, "Folder of endgame tables for the analysis panel");
  cmd->add_option("--puzzles", opt->puzzles,
                  "Puzzle database for the trainer (docs/puzzles.md; default: the shipped "
                  "data/puzzles/ set, compiled in)");
  cmd->add_option("--engines", opt->engines, "Engines searching at once (default: the cores)")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--abandon-timeout", opt->abandon_timeout_s,
                  "Seconds an online player may be gone before the opponent may claim the game")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  cmd->add_option("--allowed-host", opt->allowed_hosts,
                  "Another name the page may be opened under (repeatable); the server's "
                  "addresses, and localhost on loopback, are always accepted");
  cmd->add_flag("--secure-cookies", opt->secure_cookies,
                "Mark the login cookie Secure (the page is reached by HTTPS, through a proxy)");
  cmd->callback([opt] {
    const int rc = run_serve(*opt);
    if (rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace jungle::app
