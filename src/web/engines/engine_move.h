#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <utility>

#include "game/observation.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// An engine's move in a game of any family: the family's engine behind the
// game interface searches the Observation of the seat to move
// (GameSessionBase::engine_observation, never a hidden game's truth) as a
// game-move job on the engine pool, served before hints and analyses and
// counted in the client's share.

namespace jungle::web {

struct EngineChoice {
  bool completed = false;  // false: cancelled, or the pool shut down first
  std::string action;      // as play_text takes it; "" when there is none
  // The answer's "engine" field (game_engine_json): where the game hides
  // pieces, nothing of what the engine weighed (a move considered would
  // tell of its own animals).
  Json engine;
};

// Submits the search of `observation` at `skill` (0..20, the engine's Skill
// Level) for `movetime_ms`. Throws GameError when the pool refuses.
std::pair<std::shared_ptr<EngineTicket>, std::future<EngineChoice>> submit_engine_move(
    EnginePool& pool, const game::Observation& observation, int skill, int64_t movetime_ms,
    const std::string& client, const std::string& address);

}  // namespace jungle::web
