#pragma once

#include <httplib.h>

#include <atomic>

#include "web/accounts/account_service.h"
#include "web/engines/engine_pool.h"
#include "web/engines/reviews.h"
#include "web/games/variant_catalog.h"
#include "web/server/request_guard.h"
#include "web/service/game_service.h"
#include "web/store/game_store.h"

namespace jungle::web {

// What the API handlers share; owned by WebServer, which outlives them.
struct ApiContext {
  const VariantCatalog& catalog;
  GameService& service;
  EnginePool& pool;
  Reviews& reviews;
  std::atomic<int>& open_streams;  // analysis streams
  const RequestGuard& guard;
  int max_streams = 16;
  int64_t max_hint_ms = 5000;
  // Game and lobby streams: each holds a connection (and an HTTP thread).
  std::atomic<int> open_game_streams{0};
  int max_game_streams = 192;
  // The accounts (account_routes); null: no account routes.
  AccountService* accounts = nullptr;
  // The login cookie is Secure whatever the request (`serve --secure-cookies`).
  bool secure_cookies = false;
};

// Registers the JSON API under /api/ (docs/api.md describes every route):
// the games (game_routes), the engine's work (engine_routes) and the rest
// (meta_routes). Every handler answers JSON, errors included:
// {"error": {"code": ..., "message": ...}}.
void add_api_routes(httplib::Server& server, ApiContext& context);

void add_game_routes(httplib::Server& server, ApiContext& context);
void add_engine_routes(httplib::Server& server, ApiContext& context);
void add_meta_routes(httplib::Server& server, ApiContext& context);
// After a game: rematches, and the games where it is one's move.
void add_after_game_routes(httplib::Server& server, ApiContext& context);
void add_account_routes(httplib::Server& server, ApiContext& context);

}  // namespace jungle::web
