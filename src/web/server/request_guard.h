#pragma once

#include <httplib.h>

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace jungle::web {

// Who a request comes from, as far as the server can tell without trusting
// the client: the peer's address, and the session the server issued to it
// (a cookie), if the request carries a valid one.
struct ClientIdentity {
  std::string address;  // "127.0.0.1", "::1"; IPv4 in IPv6 written as IPv4
  std::string session;  // empty when the request has no valid session
  // The key for per-client shares: "ADDRESS|SESSION", or "ADDRESS|-".
  std::string key() const { return address + "|" + (session.empty() ? "-" : session); }
};

// Sessions the server issued: random tokens, so a client can neither guess
// another's nor make up its own. Bounded: at most `per_address` per peer
// address and `total` in all; beyond that the oldest are forgotten (their
// holders get a new one with their next answer).
class SessionTable {
 public:
  explicit SessionTable(size_t per_address = 64, size_t total = 8192);
  bool valid(const std::string& token) const;
  std::string issue(const std::string& address);
  size_t size() const;

 private:
  struct Entry {
    std::string token;
    std::string address;
  };
  void erase_locked(std::list<Entry>::iterator it);

  const size_t per_address_;
  const size_t total_;
  mutable std::mutex mutex_;
  std::list<Entry> order_;  // oldest first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_token_;
  std::unordered_map<std::string, size_t> per_address_count_;
};

// What the server accepts before any route runs. First the body's framing,
// against request smuggling behind a proxy that reads it otherwise, and
// against bodies over the limit (docs/api.md, "Conventions"):
// - Content-Length: digits only; several (headers, or a list in one) only
//   when all say the same number, which then counts once. Two different
//   lengths are refused (400), as is a length over the limit (413, before a
//   byte of the body is read).
// - Transfer-Encoding: `chunked` alone, and never with Content-Length.
// - A body only where the method has one (POST, PUT, PATCH, DELETE): the
//   server would read another's body as the next request.
// Then, against other web pages driving a server on this machine
// (docs/api.md, "Who may call"):
// - Host must name this server: an address it listens on (the one the
//   connection arrived at), `localhost` on loopback, the machine's own name
//   when it listens beyond loopback, or a name given with --allowed-host.
//   A DNS-rebinding page sends its own name and is refused.
// - On /api/, an Origin header must be this server's own origin (the one the
//   Host names): another page's request is refused, reads included.
// - On /api/, a request body must be JSON (Content-Type: application/json),
//   which a page elsewhere cannot send without asking first.
// It also issues the session cookie that identify() reads.
class RequestGuard {
 public:
  // `listen_host` is the address (or name) the server binds; `extra_hosts`
  // the --allowed-host names.
  RequestGuard(std::string listen_host, std::vector<std::string> extra_hosts);

  // Set once the port is known: names the session cookie, so that servers on
  // other ports of the same host keep their own.
  void set_port(int port);
  // The largest body accepted, in bytes (WebServerOptions::max_body_bytes).
  void set_max_body(size_t bytes) { max_body_ = bytes; }

  // The pre-routing check: true when the request may go on; otherwise the
  // response holds the refusal (JSON on /api/, text elsewhere).
  bool admit(const httplib::Request& req, httplib::Response& res);

  ClientIdentity identify(const httplib::Request& req) const;

  // The request's player key: the per-browser identity (a cookie the
  // server issues, valid a year) or, for programs, an X-Player-Key header
  // of 16 to 128 letters, digits, '-' and '_'; else the key this very
  // answer issues (`res`), else "". A key is a secret: whoever has it acts
  // for the seats it took.
  std::string player_key(const httplib::Request& req, const httplib::Response& res) const;

  // The Host check alone, for tests: `host` as the header has it,
  // `local_address` where the connection arrived.
  bool host_allowed(const std::string& host, const std::string& local_address) const;

  // The value of the cookie `name` the request carries; "" when none.
  std::string cookie(const httplib::Request& req, const std::string& name) const;
  // The login session's cookie (web/accounts), named per port like the others.
  const std::string& account_cookie_name() const { return account_cookie_name_; }

 private:
  // The framing rules above: true when the body may be read.
  bool framing_ok(const httplib::Request& req, httplib::Response& res) const;

  std::string listen_host_;  // lower case, no brackets
  bool listen_any_ = false;  // 0.0.0.0 or ::
  bool listen_loopback_ = false;
  std::vector<std::string> names_;  // every name accepted besides addresses
  std::string cookie_name_ = "jungle_session";
  std::string player_cookie_name_ = "jungle_player";
  std::string account_cookie_name_ = "jungle_account";
  SessionTable sessions_;
  size_t max_body_ = SIZE_MAX;
};

// "::ffff:1.2.3.4" -> "1.2.3.4"; other addresses as they are.
std::string normalize_address(const std::string& address);
bool is_loopback_address(const std::string& address);

}  // namespace jungle::web
