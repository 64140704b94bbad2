#pragma once

// What the web-server tests share: a small server on a free loopback port.

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
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

}  // namespace jungle::web
