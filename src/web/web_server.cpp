#include "web/web_server.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "web/api/puzzle_routes.h"
#include "web/api/tablebase_route.h"
#include "web/server/json_http.h"
#include "web/server/static_assets.h"
#include "web/store/open_account_store.h"

namespace jungle::web {

namespace {

using Clock = std::chrono::steady_clock;

thread_local bool t_close_after_response = false;
// The request on this thread's connection ran over the payload limit.
thread_local bool t_body_over_limit = false;

std::string numeric_address(const sockaddr_storage& addr, socklen_t len, int* port) {
  char host[NI_MAXHOST] = {};
  char serv[NI_MAXSERV] = {};
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, serv,
                  sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
    return "";
  }
  if (port) *port = std::atoi(serv);
  return normalize_address(host);
}

std::string peer_address(socket_t sock, int* port = nullptr) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getpeername(sock, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return "";
  return numeric_address(addr, len, port);
}

std::string local_address(socket_t sock, int* port = nullptr) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getsockname(sock, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return "";
  return numeric_address(addr, len, port);
}

// Waits for `events` on the socket for at most `timeout` (none: at once).
bool wait_for(socket_t sock, short events, std::chrono::milliseconds timeout) {
  pollfd p{sock, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, int(std::max<int64_t>(0, timeout.count())));
    if (n >= 0) return n > 0;
    if (errno != EINTR) return false;
  }
}

// One connection's socket as httplib reads and writes it, buffered, with a
// deadline for the request being read on top of the time allowed per read.
class ConnectionStream final : public httplib::Stream {
 public:
  ConnectionStream(socket_t sock, std::chrono::milliseconds read_timeout,
                   std::chrono::milliseconds write_timeout)
      : sock_(sock), read_timeout_(read_timeout), write_timeout_(write_timeout) {}

  void set_deadline(Clock::time_point deadline) { deadline_ = deadline; }
  // The body that follows the headers may take at most `bytes` as sent; a
  // read past them fails, and sets t_body_over_limit. Until the next
  // request's limit: none.
  void limit_body(size_t bytes) { body_left_ = bytes; }
  void unlimit_body() { body_left_.reset(); }
  bool has_buffered() const { return pos_ < end_; }
  // Whether a read ran out of time (the deadline, or the time allowed per
  // read): the request was cut short, and what follows on the connection is
  // no request.
  bool cut_short() const { return cut_short_; }

  bool is_readable() const override {
    return has_buffered() || wait_for(sock_, POLLIN, read_wait());
  }
  bool is_writable() const override { return wait_for(sock_, POLLOUT, write_timeout_); }

  ssize_t read(char* ptr, size_t size) override {
    if (body_left_) {
      if (*body_left_ == 0) {
        t_body_over_limit = true;
        return -1;
      }
      size = std::min(size, *body_left_);
    }
    if (!has_buffered()) {
      const auto wait = read_wait();
      if (wait.count() <= 0 || !wait_for(sock_, POLLIN, wait)) {
        cut_short_ = true;
        return -1;
      }
      ssize_t n;
      do {
        n = ::recv(sock_, buffer_, sizeof buffer_, 0);
      } while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      pos_ = 0;
      end_ = size_t(n);
    }
    const size_t n = std::min(size, end_ - pos_);
    std::memcpy(ptr, buffer_ + pos_, n);
    pos_ += n;
    if (body_left_) *body_left_ -= n;
    return ssize_t(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    ssize_t n;
    do {
      n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = peer_address(sock_, &port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = local_address(sock_, &port);
  }
  socket_t socket() const override { return sock_; }

 private:
  // What one read may wait: the time allowed per read, cut at the deadline.
  std::chrono::milliseconds read_wait() const {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    return std::min(read_timeout_, left);
  }

  socket_t sock_;
  std::chrono::milliseconds read_timeout_;
  std::chrono::milliseconds write_timeout_;
  Clock::time_point deadline_ = Clock::time_point::max();
  bool cut_short_ = false;
  std::optional<size_t> body_left_;  // none: no limit
  char buffer_[4096];
  size_t pos_ = 0;
  size_t end_ = 0;
};

// What close_gracefully reads and drops at most, after a body refused
// unread: a client that sends its whole body before it reads the answer
// (httplib's does) would otherwise lose the answer to a reset.
constexpr size_t kMaxDrainBytes = size_t(64) << 20;

// Closes after the answer is out: shut the sending side, then read what the
// client still sends, until it closes, pauses for half a second, `until`
// or `max_bytes`, so that unread bytes do not turn the close into a reset
// that can destroy the answer before the client reads it. What is read is
// dropped.
void close_gracefully(socket_t sock, Clock::time_point until, size_t max_bytes) {
  ::shutdown(sock, SHUT_WR);
  char sink[4096];
  size_t drained = 0;
  while (drained < max_bytes) {
    const auto left = std::min<std::chrono::milliseconds>(
        std::chrono::milliseconds(500),
        std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()));
    if (left.count() <= 0 || !wait_for(sock, POLLIN, left)) break;
    const ssize_t n = ::recv(sock, sink, sizeof sink, 0);
    if (n <= 0) break;
    drained += size_t(n);
  }
  ::close(sock);
}

}  // namespace

void HttpServer::widen_backlog() {
  // listen() again on a listening socket only changes its backlog.
  if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
}

void HttpServer::set_connection_limits(int per_address, std::chrono::milliseconds request_timeout) {
  per_address_ = per_address;
  request_timeout_ = request_timeout;
}

void HttpServer::close_after_response() {
  t_close_after_response = true;
}

bool HttpServer::body_over_limit() {
  return t_body_over_limit;
}

bool HttpServer::admit_connection(const std::string& address) {
  std::lock_guard lock(connections_mutex_);
  int& n = connections_[address];
  if (per_address_ > 0 && n >= per_address_) {
    if (n == 0) connections_.erase(address);
    return false;
  }
  ++n;
  return true;
}

void HttpServer::release_connection(const std::string& address) {
  std::lock_guard lock(connections_mutex_);
  if (--connections_[address] <= 0) connections_.erase(address);
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  const std::string address = peer_address(sock);
  if (!admit_connection(address)) {
    static const std::string kBody =
        R"({"error": {"code": "too_many_connections", "message": "this address has too many )"
        R"(connections open to the server; close some and try again"}})";
    const std::string answer =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
        std::to_string(kBody.size()) + "\r\n\r\n" + kBody;
    // Never blocks: an answer that does not fit the socket's buffer at once
    // is not worth a thread.
    (void)::send(sock, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    close_gracefully(sock, Clock::now() + std::chrono::milliseconds(500), size_t(1) << 20);
    return false;
  }
  const auto ms = [](time_t s, time_t us) {
    return std::chrono::milliseconds(int64_t(s) * 1000 + int64_t(us) / 1000);
  };
  bool ok = false;
  bool close_after = false;
  // The last request's deadline: a refused body is drained until then.
  Clock::time_point deadline = Clock::now();
  {
    ConnectionStream stream(sock, ms(read_timeout_sec_, read_timeout_usec_),
                            ms(write_timeout_sec_, write_timeout_usec_));
    const auto idle_limit = std::chrono::seconds(keep_alive_timeout_sec_);
    for (size_t left = keep_alive_max_count_; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
      // Waits for the next request in short steps, to notice stop().
      bool ready = stream.has_buffered();
      for (const auto idle_since = Clock::now();
           !ready && svr_sock_ != INVALID_SOCKET && Clock::now() - idle_since < idle_limit;) {
        ready = wait_for(sock, POLLIN, std::chrono::milliseconds(50));
      }
      if (!ready) break;
      deadline = Clock::now() + request_timeout_;
      stream.set_deadline(deadline);
      stream.unlimit_body();
      t_close_after_response = false;
      t_body_over_limit = false;
      bool connection_closed = false;
      // Called once the headers are read, before the pre-routing handler
      // (RequestGuard::admit, which refuses ambiguous framing and a
      // Content-Length over the limit) and before any body is read.
      const auto frame_body = [&](httplib::Request& req) {
        if (req.has_header("Transfer-Encoding")) {
          // Counted as sent, chunk sizes and line ends included: the
          // decoded body is smaller still.
          stream.limit_body(payload_max_length_);
        } else if (!req.has_header("Content-Length")) {
          // No body: httplib would read a POST's until the connection
          // closes (`curl -X POST` sends neither header), which is 10 s.
          req.set_header("Content-Length", "0");
        }
      };
      ok = process_request(stream, left == 1, connection_closed, frame_body);
      // The rest of a body over the limit is unread: the connection can
      // carry no further request.
      close_after = t_close_after_response || t_body_over_limit;
      if (!ok || connection_closed || close_after || stream.cut_short()) break;
    }
  }
  if (close_after) {
    close_gracefully(sock, std::max(deadline, Clock::now() + std::chrono::milliseconds(500)),
                     kMaxDrainBytes);
  } else {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
  }
  release_connection(address);
  return ok;
}

WebServer::WebServer(WebServerOptions options)
    : options_(std::move(options)),
      puzzles_(options_.puzzles_file.empty() ? PuzzleSet::shipped()
                                             : PuzzleSet::from_file(options_.puzzles_file),
               options_.clock),
      store_(open_game_store(options_.db)),
      events_(store_->event_bus()),
      games_(*store_, *events_, catalog_, options_.max_cached_games,
             options_.engines.max_movetime_ms),
      reviews_(pool_, games_),
      pool_(options_.engines),
      service_(games_, catalog_, pool_,
               GameServiceOptions{options_.engines.max_movetime_ms, options_.abandon_timeout_ms,
                                  options_.clock}),
      account_store_(open_account_store(options_.db)),
      accounts_(*account_store_, service_, AccountOptions{options_.password_cost, options_.clock}),
      guard_(options_.host, options_.allowed_hosts),
      context_{catalog_, service_, pool_, reviews_, open_streams_, guard_, options_.max_streams} {
  context_.max_game_streams = options_.max_game_streams;
  context_.accounts = &accounts_;
  // The rated games stored before the store had a category column.
  service_.categorize_stored_games();
  // The accounts' puzzle ratings and histories, and the puzzles' ratings,
  // live in the database, past a restart.
  puzzles_.keep_in(*account_store_);
  context_.secure_cookies = options_.secure_cookies;
  const int threads = std::max(4, options_.http_threads);
  http_.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  http_.set_connection_limits(
      options_.max_connections_per_address,
      std::chrono::milliseconds(std::max(100, options_.request_timeout_ms)));
  // The body's framing and length, Host, Origin and Content-Type, before any
  // route or body is read.
  guard_.set_max_body(options_.max_body_bytes);
  http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (guard_.admit(req, res)) return httplib::Server::HandlerResponse::Unhandled;
    HttpServer::close_after_response();
    return httplib::Server::HandlerResponse::Handled;
  });
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
  add_tablebase_route(
      http_, context_,
      options_.endgame_tables ? options_.endgame_tables : family_endgame_tables(options_.tb_dir));
  add_puzzle_routes(http_, context_, puzzles_);
  add_static_routes(http_);
  // Routing misses and library-level refusals (413, 400) get a JSON body on
  // the API and a line of text elsewhere.
  http_.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    const bool api = req.path.rfind("/api/", 0) == 0;
    // httplib says 400 for a chunked body it stopped reading: it was the
    // limit that stopped it.
    if (HttpServer::body_over_limit()) {
      res.status = 413;
      res.set_header("Connection", "close");
    }
    std::string message;
    if (res.status == 404) {
      message = "no such endpoint: " + req.method + " " + req.path;
    } else if (res.status == 413) {
      message = "the request body is larger than " + std::to_string(options_.max_body_bytes) +
                " bytes" +
                (req.has_header("Transfer-Encoding") ? " (as sent, chunk framing included)" : "");
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
  guard_.set_port(port_);
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
  service_.stop();
}

std::string WebServer::url() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + options_.host + "]" : options_.host) + ":" +
         std::to_string(port_) + "/";
}

}  // namespace jungle::web
