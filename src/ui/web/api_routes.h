#pragma once

#include <httplib.h>

#include <atomic>

#include "ui/web/engine_pool.h"
#include "ui/web/game_registry.h"
#include "ui/web/game_review.h"
#include "ui/web/game_store.h"
#include "ui/web/request_guard.h"
#include "ui/web/variant_catalog.h"

namespace jungle::web {

class FlipGames;

// What the API handlers share; owned by WebServer, which outlives them.
struct ApiContext {
  GameStore& store;
  const VariantCatalog& catalog;
  GameRegistry& games;
  EnginePool& pool;
  GameReviews& reviews;
  std::atomic<int>& open_streams;
  const RequestGuard& guard;
  int max_streams = 16;
  int64_t max_hint_ms = 5000;
  FlipGames* flip_games = nullptr;  // Flip Jungle games (flip_routes); none: 7x9 only
};

// Registers the JSON API under /api/ (docs/api.md describes every route).
// Every handler answers JSON, errors included: {"error": {"code", "message"}}.
void add_api_routes(httplib::Server& server, ApiContext& context);

}  // namespace jungle::web
