#include "ui/web/web_server.h"

#include <sys/socket.h>

#include <stdexcept>

#include "ui/web/static_assets.h"

namespace jungle::web {

namespace {

std::filesystem::path resolve_db(const std::filesystem::path& p) {
  return p.empty() ? default_database_path() : p;
}

}  // namespace

void HttpServer::widen_backlog() {
  // listen() again on a listening socket only changes its backlog.
  if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
}

WebServer::WebServer(WebServerOptions options)
    : options_(std::move(options)),
      store_(resolve_db(options_.db_path)),
      games_(store_, catalog_, options_.max_cached_games, options_.engines.max_movetime_ms),
      pool_(options_.engines),
      context_{store_, catalog_, games_, pool_, open_streams_, options_.max_streams} {
  const int threads = std::max(4, options_.http_threads);
  http_.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  http_.set_payload_max_length(options_.max_body_bytes);
  // Headers and body go out in separate writes; without this, Nagle and
  // delayed ACKs add 40 ms to every small response.
  http_.set_tcp_nodelay(true);
  // httplib's default adds SO_REUSEPORT, which lets a second server bind the
  // same port and silently take half of the connections; reuse the address
  // (a quick restart) but never share the port.
  http_.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http_.set_keep_alive_max_count(1000);
  // Short, so that stop() does not wait long on idle browser connections.
  http_.set_keep_alive_timeout(3);
  // A stalled client must not hold a thread for long.
  http_.set_read_timeout(10);
  http_.set_write_timeout(10);
  add_api_routes(http_, context_);
  add_static_routes(http_);
  // Routing misses and library-level refusals (413, 400) get a JSON body on
  // the API and a line of text elsewhere.
  http_.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const bool api = req.path.rfind("/api/", 0) == 0;
    std::string message;
    if (res.status == 404) {
      message = "no such endpoint: " + req.method + " " + req.path;
    } else if (res.status == 413 &&
               req.get_header_value("Content-Type").rfind("application/x-www-form-urlencoded", 0) ==
                   0) {
      // The HTTP library caps form bodies far below the JSON limit.
      message =
          "a form-encoded body is limited to 8 KiB: send JSON with Content-Type: application/json";
    } else if (res.status == 413) {
      message = "the request body is too large";
    } else if (req.method != "GET" && req.method != "HEAD" && req.method != "POST" &&
               req.method != "PUT" && req.method != "DELETE" && req.method != "OPTIONS") {
      message = "the method " + req.method + " is not used here: use GET, POST, PUT or DELETE";
    } else {
      message = "the request was refused (HTTP " + std::to_string(res.status) + ")";
    }
    if (api) {
      send_error(res, res.status, res.status == 404 ? "not_found" : "bad_request", message);
    } else {
      res.set_content(message + "\n", "text/plain; charset=utf-8");
    }
  });
  http_.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string what = "unknown error";
        try {
          if (ep) std::rethrow_exception(ep);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        send_error(res, 500, "internal", "internal error: " + what);
      });
}

WebServer::~WebServer() {
  stop();
}

int WebServer::start() {
  if (options_.port == 0) {
    port_ = http_.bind_to_any_port(options_.host);
  } else if (http_.bind_to_port(options_.host, options_.port)) {
    port_ = options_.port;
  } else {
    port_ = -1;
  }
  if (port_ <= 0) {
    throw std::runtime_error("cannot listen on " + options_.host + ":" +
                             std::to_string(options_.port) +
                             " (in use, or not an address of this machine)");
  }
  http_.widen_backlog();
  listener_ = std::thread([this] { http_.listen_after_bind(); });
  return port_;
}

void WebServer::stop() {
  if (stopped_) return;
  stopped_ = true;
  // Engines first: every request waiting on a search gets its answer, and
  // every analysis stream sees its end, so the connections can finish.
  pool_.shutdown();
  http_.stop();
  if (listener_.joinable()) listener_.join();
}

std::string WebServer::url() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + options_.host + "]" : options_.host) + ":" +
         std::to_string(port_) + "/";
}

}  // namespace jungle::web
