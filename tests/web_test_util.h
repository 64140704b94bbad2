#pragma once

// What the web-server tests share: a small server on a free loopback port.

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "test_database.h"
#include "web/web_server.h"

namespace jungle::web {

// A human player, as a game's "blue" or "red" in a request.
inline const nlohmann::json kHuman = {{"type", "human"}};

// Two small engines, short limits, the database in `dir` (or on PostgreSQL:
// test_database.h); port 0 picks a free port.
inline WebServerOptions small_test_server(const std::filesystem::path& dir, int queue_capacity) {
  WebServerOptions options;
  options.port = 0;
  options.db = test_database(dir);
  options.engines.workers = 2;
  options.engines.hash_mb = 4;
  options.engines.max_movetime_ms = 2000;
  options.engines.max_analysis_ms = 3000;
  options.engines.queue_capacity = queue_capacity;
  // 32 connection threads, not a real server's 256 (each caps below them):
  // the pool makes every thread when the server starts, and a test starts
  // a server or more. Under ThreadSanitizer 256 threads cost seconds.
  options.http_threads = 32;
  options.max_connections_per_address = 24;
  options.max_game_streams = 24;
  return options;
}

// Makes `client` act as one player: its requests carry a player key (what a
// browser's cookie carries), so that the games it creates are its own and
// it may play them (docs/api.md, "Seats").
inline void as_test_player(httplib::Client& client,
                           const std::string& key = "test-player-key-00001") {
  client.set_default_headers({{"X-Player-Key", key}});
}

// One HTTP answer as the tests read it; `body` is the parsed JSON when the
// answer says it is JSON (a JSON answer that does not parse fails the test).
struct Reply {
  int status = 0;
  nlohmann::json body;
  std::string text;
  std::string content_type;
  httplib::Headers headers;
};

inline Reply reply(const httplib::Result& r) {
  Reply out;
  if (!r) {
    ADD_FAILURE() << "request failed: " << httplib::to_string(r.error());
    return out;
  }
  out.status = r->status;
  out.text = r->body;
  out.headers = r->headers;
  out.content_type = r->get_header_value("Content-Type");
  if (out.content_type.rfind("application/json", 0) == 0) {
    out.body = nlohmann::json::parse(r->body, nullptr, false);
    EXPECT_FALSE(out.body.is_discarded()) << r->body;
  }
  return out;
}

// A refusal's error code and message ("" for an answer that has none).
inline std::string code_of(const Reply& r) {
  return r.body.contains("error") ? r.body["error"]["code"].get<std::string>() : "";
}
inline std::string message_of(const Reply& r) {
  return r.body.contains("error") ? r.body["error"]["message"].get<std::string>() : "";
}
// A game's route: /api/games/ID, then `rest`.
inline std::string path(int64_t id, const std::string& rest = "") {
  return "/api/games/" + std::to_string(id) + rest;
}

// One browser as the account tests need it: its player key (none for "")
// sent as X-Player-Key, and the cookies its answers gave it (the login
// cookie above all) sent back as a browser would. Two Browsers logged into
// one account are two devices of one player.
class Browser {
 public:
  Browser(int port, std::string key)
      : port_(port), key_(std::move(key)), client_("127.0.0.1", port) {
    client_.set_read_timeout(30);
  }
  Reply post(const std::string& path, const Json& body, httplib::Headers extra = {}) {
    return keep(
        client_.Post(path, with_headers(std::move(extra)), body.dump(), "application/json"));
  }
  Reply get(const std::string& path) { return keep(client_.Get(path, with_headers({}))); }
  Reply del(const std::string& path, const Json& body) {
    return keep(client_.Delete(path, with_headers({}), body.dump(), "application/json"));
  }
  // The login cookie's value; "" when none.
  std::string token() const {
    auto it = cookies_.find(cookie_name());
    return it == cookies_.end() ? "" : it->second;
  }
  void set_token(const std::string& token) { cookies_[cookie_name()] = token; }
  std::string cookie_name() const { return "jungle_account_" + std::to_string(port_); }
  // The Set-Cookie of the login cookie in the last answer.
  std::string last_set_cookie;

 private:
  httplib::Headers with_headers(httplib::Headers h) {
    if (!key_.empty()) h.emplace("X-Player-Key", key_);
    std::string cookie;
    for (const auto& [name, value] : cookies_) {
      if (value.empty()) continue;
      cookie += (cookie.empty() ? "" : "; ") + name + "=" + value;
    }
    if (!cookie.empty()) h.emplace("Cookie", cookie);
    return h;
  }
  Reply keep(const httplib::Result& r) {
    Reply out = reply(r);
    last_set_cookie.clear();
    for (auto [it, end] = out.headers.equal_range("Set-Cookie"); it != end; ++it) {
      const std::string& line = it->second;
      const size_t eq = line.find('=');
      const std::string name = line.substr(0, eq);
      const std::string value = line.substr(eq + 1, line.find(';') - eq - 1);
      cookies_[name] = value;
      if (name == cookie_name()) last_set_cookie = line;
    }
    return out;
  }
  int port_;
  std::string key_;
  httplib::Client client_;
  std::map<std::string, std::string> cookies_;
};

}  // namespace jungle::web
