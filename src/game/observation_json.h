#pragma once

#include <nlohmann/json.hpp>

#include "game/observation.h"

// An observation as JSON, for the web app and the Python module: the same
// fields under their own names ("toMove": "blue" or null, "viewer": "blue",
// "red" or "spectator", "result": "1-0", "0-1", "1/2-1/2" or "*"). It is
// made from an Observation alone, so it holds nothing its viewer may not know.

namespace jungle::game {

nlohmann::json observation_json(const Observation& o);
// Reads it back; throws std::invalid_argument naming the field that is
// missing or malformed.
Observation observation_from_json(const nlohmann::json& j);

}  // namespace jungle::game
