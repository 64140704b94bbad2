#pragma once

// What the web-server tests share: a small server on a free loopback port.

#include <filesystem>

#include "ui/web/web_server.h"

namespace jungle::web {

// Two small engines, short limits, the database in `dir`; port 0 picks a free port.
inline WebServerOptions small_test_server(const std::filesystem::path& dir, int queue_capacity) {
  WebServerOptions options;
  options.port = 0;
  options.db_path = dir / "games.db";
  options.engines.workers = 2;
  options.engines.hash_mb = 4;
  options.engines.max_movetime_ms = 2000;
  options.engines.max_analysis_ms = 3000;
  options.engines.queue_capacity = queue_capacity;
  return options;
}

}  // namespace jungle::web
