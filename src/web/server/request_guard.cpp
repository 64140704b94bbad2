#include "web/server/request_guard.h"

#include <arpa/inet.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "core/text_util.h"
#include "web/server/json_http.h"
#include "web/server/secrets.h"

namespace jungle::web {

namespace {

bool is_ip_literal(const std::string& name) {
  unsigned char buf[16];
  return inet_pton(AF_INET, name.c_str(), buf) == 1 || inet_pton(AF_INET6, name.c_str(), buf) == 1;
}

// "Name[:port]" or "[v6]:port" as a Host header or an origin's authority has
// it: the name in lower case without brackets or a final dot, and the port
// ("" when absent). False for anything else.
bool split_authority(const std::string& text, std::string& name, std::string& port) {
  if (text.empty()) return false;
  std::string rest;
  if (text[0] == '[') {
    const size_t close = text.find(']');
    if (close == std::string::npos) return false;
    name = text.substr(1, close - 1);
    rest = text.substr(close + 1);
    if (!is_ip_literal(name)) return false;
  } else {
    const size_t colon = text.find(':');
    name = text.substr(0, colon);
    rest = colon == std::string::npos ? "" : text.substr(colon);
    for (unsigned char c : name) {
      if (!std::isalnum(c) && c != '-' && c != '.' && c != '_') return false;
    }
  }
  if (!rest.empty()) {
    if (rest[0] != ':' || rest.size() < 2 || rest.size() > 6) return false;
    port = rest.substr(1);
    if (!std::all_of(port.begin(), port.end(), [](unsigned char c) { return std::isdigit(c); }))
      return false;
  } else {
    port.clear();
  }
  name = lower(name);
  if (!name.empty() && name.back() == '.') name.pop_back();
  return !name.empty();
}

bool is_api(const httplib::Request& req) {
  return req.path.rfind("/api/", 0) == 0;
}

// A refusal before routing. The body may be unread: the connection closes
// after the answer.
void refuse(const httplib::Request& req, httplib::Response& res, int status,
            const std::string& code, const std::string& message) {
  if (is_api(req)) {
    send_error(res, status, code, message);
  } else {
    res.status = status;
    res.set_content(message + "\n", "text/plain; charset=utf-8");
  }
  res.set_header("Connection", "close");
}

}  // namespace

std::string normalize_address(const std::string& address) {
  static const std::string kMapped = "::ffff:";
  if (address.rfind(kMapped, 0) == 0 && address.find('.') != std::string::npos) {
    return address.substr(kMapped.size());
  }
  return address;
}

bool is_loopback_address(const std::string& address) {
  const std::string a = normalize_address(address);
  return a.rfind("127.", 0) == 0 || a == "::1";
}

SessionTable::SessionTable(size_t per_address, size_t total)
    : per_address_(std::max<size_t>(1, per_address)), total_(std::max<size_t>(1, total)) {}

bool SessionTable::valid(const std::string& token) const {
  std::lock_guard lock(mutex_);
  return by_token_.count(token) > 0;
}

size_t SessionTable::size() const {
  std::lock_guard lock(mutex_);
  return by_token_.size();
}

void SessionTable::erase_locked(std::list<Entry>::iterator it) {
  if (--per_address_count_[it->address] == 0) per_address_count_.erase(it->address);
  by_token_.erase(it->token);
  order_.erase(it);
}

std::string SessionTable::issue(const std::string& address) {
  std::string token = new_secret();
  std::lock_guard lock(mutex_);
  if (per_address_count_[address] >= per_address_) {
    auto oldest = std::find_if(order_.begin(), order_.end(),
                               [&](const Entry& e) { return e.address == address; });
    if (oldest != order_.end()) erase_locked(oldest);
  }
  if (order_.size() >= total_) erase_locked(order_.begin());
  order_.push_back(Entry{token, address});
  by_token_[token] = std::prev(order_.end());
  ++per_address_count_[address];
  return token;
}

RequestGuard::RequestGuard(std::string listen_host, std::vector<std::string> extra_hosts) {
  listen_host_ = lower(std::move(listen_host));
  if (listen_host_.size() > 2 && listen_host_.front() == '[' && listen_host_.back() == ']') {
    listen_host_ = listen_host_.substr(1, listen_host_.size() - 2);
  }
  listen_any_ = listen_host_.empty() || listen_host_ == "0.0.0.0" || listen_host_ == "::";
  listen_loopback_ = is_loopback_address(listen_host_) || listen_host_ == "localhost";
  if (!is_ip_literal(listen_host_) && !listen_any_) names_.push_back(listen_host_);
  if (!listen_loopback_) {
    // Beyond loopback the machine's own name is how others reach it; a
    // rebinding page cannot make a browser send this machine's name.
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) == 0 && buf[0]) {
      const std::string name = lower(buf);
      names_.push_back(name);
      const std::string first = name.substr(0, name.find('.'));
      names_.push_back(first);
      names_.push_back(first + ".local");
    }
  }
  for (std::string& h : extra_hosts) {
    std::string name, port;
    if (split_authority(trim(h), name, port)) names_.push_back(name);
  }
}

void RequestGuard::set_port(int port) {
  cookie_name_ = "jungle_session_" + std::to_string(port);
  player_cookie_name_ = "jungle_player_" + std::to_string(port);
  account_cookie_name_ = "jungle_account_" + std::to_string(port);
}

bool RequestGuard::host_allowed(const std::string& host, const std::string& local_address) const {
  std::string name, port;
  if (!split_authority(trim(host), name, port)) return false;
  const std::string local = lower(normalize_address(local_address));
  if (is_ip_literal(name)) {
    // An address is never a rebinding page's name; it must be where this
    // connection arrived (or, bound to one address, that address).
    return name == local || (!listen_any_ && name == listen_host_);
  }
  if (name == "localhost" && (is_loopback_address(local) || listen_loopback_)) return true;
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

std::string RequestGuard::cookie(const httplib::Request& req, const std::string& name) const {
  // Cookie: a=b; c=d (a browser may send several Cookie headers).
  const size_t n = req.get_header_value_count("Cookie");
  for (size_t i = 0; i < n; ++i) {
    const std::string header = req.get_header_value("Cookie", i);
    size_t pos = 0;
    while (pos < header.size()) {
      size_t end = header.find(';', pos);
      if (end == std::string::npos) end = header.size();
      const std::string pair = trim(std::string_view(header).substr(pos, end - pos));
      const size_t eq = pair.find('=');
      if (eq != std::string::npos && pair.substr(0, eq) == name) {
        return pair.substr(eq + 1);
      }
      pos = end + 1;
    }
  }
  return "";
}

ClientIdentity RequestGuard::identify(const httplib::Request& req) const {
  ClientIdentity id;
  id.address = normalize_address(req.remote_addr);
  std::string token = cookie(req, cookie_name_);
  if (!token.empty() && sessions_.valid(token)) id.session = std::move(token);
  return id;
}

namespace {

// A Content-Length value as RFC 9110 (8.6) has it: digits only (at most 18,
// far beyond any limit, so that the number cannot overflow).
bool parse_length(std::string_view text, uint64_t& value) {
  if (text.empty() || text.size() > 18) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + uint64_t(c - '0');
  }
  return true;
}

// The methods whose body httplib reads; any other's would be read as the
// next request on the connection.
bool method_has_body(const std::string& method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

// A key the server issued: 32 hex digits.
bool issued_key(const std::string& key) {
  return key.size() == 32 && key.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A key a program chose: long enough not to be guessed.
bool program_key(const std::string& key) {
  return key.size() >= 16 && key.size() <= 128 &&
         key.find_first_not_of(
             "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
             std::string::npos;
}

}  // namespace

std::string RequestGuard::player_key(const httplib::Request& req,
                                     const httplib::Response& res) const {
  if (std::string key = cookie(req, player_cookie_name_); issued_key(key)) return key;
  if (std::string key = trim(req.get_header_value("X-Player-Key")); program_key(key)) return key;
  // The first request of a browser: the key its answer gives it.
  const std::string prefix = player_cookie_name_ + "=";
  for (auto [it, end] = res.headers.equal_range("Set-Cookie"); it != end; ++it) {
    if (it->second.rfind(prefix, 0) == 0) {
      return it->second.substr(prefix.size(), it->second.find(';') - prefix.size());
    }
  }
  return "";
}

bool RequestGuard::framing_ok(const httplib::Request& req, httplib::Response& res) const {
  const size_t encodings = req.get_header_value_count("Transfer-Encoding");
  const size_t lengths = req.get_header_value_count("Content-Length");
  if (encodings > 0 && lengths > 0) {
    // A proxy that goes by the other header would see another request end.
    refuse(req, res, 400, "bad_request",
           "the request has both Transfer-Encoding and Content-Length, so its body's length is "
           "ambiguous: send one of them");
    return false;
  }
  bool has_body = false;
  if (encodings > 0) {
    const std::string encoding = req.get_header_value("Transfer-Encoding");
    if (encodings > 1 || lower(trim(encoding)) != "chunked") {
      refuse(req, res, 400, "bad_request",
             "the Transfer-Encoding \"" + encoding +
                 "\" is not accepted: send the body with Content-Length, or with "
                 "Transfer-Encoding: chunked alone");
      return false;
    }
    has_body = true;
  }
  std::optional<uint64_t> length;
  for (size_t i = 0; i < lengths; ++i) {
    const std::string header = req.get_header_value("Content-Length", i);
    for (size_t pos = 0; pos <= header.size();) {
      const size_t comma = std::min(header.find(',', pos), header.size());
      uint64_t value = 0;
      if (!parse_length(trim(std::string_view(header).substr(pos, comma - pos)), value)) {
        refuse(req, res, 400, "bad_request",
               "the Content-Length \"" + header + "\" is not a length in bytes");
        return false;
      }
      if (length && *length != value) {
        refuse(req, res, 400, "bad_request",
               "the request has two different Content-Length values (" + std::to_string(*length) +
                   " and " + std::to_string(value) +
                   "), so its body's length is ambiguous: send one");
        return false;
      }
      length = value;
      pos = comma + 1;
    }
  }
  if (length && *length > 0) has_body = true;
  if (has_body && !method_has_body(req.method)) {
    refuse(req, res, 400, "bad_request",
           "a " + req.method + " request has no body here: send it without one");
    return false;
  }
  if (length && *length > max_body_) {
    refuse(req, res, 413, "bad_request",
           "the request body is " + std::to_string(*length) + " bytes, larger than the " +
               std::to_string(max_body_) + " bytes the server takes");
    return false;
  }
  return true;
}

bool RequestGuard::admit(const httplib::Request& req, httplib::Response& res) {
  // Before anything else: with its framing in doubt, the request may not be
  // the request the client (or a proxy in front) meant.
  if (!framing_ok(req, res)) return false;
  const std::string host = req.get_header_value("Host");
  if (!host_allowed(host, req.local_addr)) {
    refuse(req, res, 403, "forbidden_host",
           (host.empty() ? std::string("the request has no Host header")
                         : "the Host \"" + host + "\" does not name this server") +
               ": use its address, or start it with --allowed-host NAME to accept another name");
    return false;
  }
  if (is_api(req)) {
    if (req.has_header("Origin")) {
      const std::string origin = lower(trim(req.get_header_value("Origin")));
      std::string scheme, name, port, host_name, host_port;
      const size_t sep = origin.find("://");
      bool same = false;
      if (sep != std::string::npos) {
        scheme = origin.substr(0, sep);
        if ((scheme == "http" || scheme == "https") &&
            split_authority(origin.substr(sep + 3), name, port) &&
            split_authority(trim(host), host_name, host_port)) {
          const std::string fallback = scheme == "https" ? "443" : "80";
          same = name == host_name &&
                 (port.empty() ? fallback : port) == (host_port.empty() ? fallback : host_port);
        }
      }
      if (!same) {
        refuse(req, res, 403, "forbidden_origin",
               "requests from another page (Origin " + req.get_header_value("Origin") +
                   ") are refused: only this server's own page may call its API");
        return false;
      }
    }
    const bool has_body =
        req.has_header("Transfer-Encoding") ||
        (req.has_header("Content-Length") && trim(req.get_header_value("Content-Length")) != "0");
    if (req.method != "GET" && req.method != "HEAD" &&
        (has_body || req.has_header("Content-Type"))) {
      const std::string type = req.get_header_value("Content-Type");
      if (lower(trim(type.substr(0, type.find(';')))) != "application/json") {
        refuse(req, res, 415, "unsupported_media_type",
               (type.empty() ? std::string("the request body has no Content-Type")
                             : "the request body is " + type) +
                   ": send JSON with Content-Type: application/json");
        return false;
      }
    }
  }
  if (identify(req).session.empty()) {
    // The session starts with the next request: one without a cookie counts
    // with its address's other cookie-less requests, so asking again and
    // again for new sessions buys nothing at once.
    res.set_header("Set-Cookie", cookie_name_ + "=" +
                                     sessions_.issue(normalize_address(req.remote_addr)) +
                                     "; Path=/; HttpOnly; SameSite=Strict");
  }
  if (!issued_key(cookie(req, player_cookie_name_)) && !req.has_header("X-Player-Key")) {
    // The per-browser identity: whoever holds it acts for the seats it took.
    res.set_header("Set-Cookie", player_cookie_name_ + "=" + new_secret() +
                                     "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict");
  }
  return true;
}

}  // namespace jungle::web
