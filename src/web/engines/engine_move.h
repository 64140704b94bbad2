#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <utility>

#include "web/engines/engine_pool.h"
#include "web/games/help_position.h"
#include "web/server/json_fields.h"

// An engine's move in a game of any family: the family's engine searches
// the position its seat may see (GameSessionBase::engine_position, never a
// hidden game's truth) as a game-move job on the engine pool, served before
// hints and analyses and counted in the client's share.

namespace jungle::web {

struct EngineChoice {
  bool completed = false;  // false: cancelled, or the pool shut down first
  std::string action;      // as play_text takes it; "" when there is none
  // The answer's "engine" field, as each family's engine reports it: a
  // hidden game's tells nothing of what it weighed (a move considered
  // would tell of its own animals).
  Json engine;
};

// Submits the search of `pos` at `skill` (0..20) for `movetime_ms`. Throws
// GameError when the pool refuses.
std::pair<std::shared_ptr<EngineTicket>, std::future<EngineChoice>> submit_engine_move(
    EnginePool& pool, const HelpPosition& pos, int skill, int64_t movetime_ms,
    const std::string& client, const std::string& address);

}  // namespace jungle::web
