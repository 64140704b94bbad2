#pragma once

#include <nlohmann/json.hpp>

#include "game/observation.h"
#include "game/seen_ply.h"

// An observation as JSON, for the web app and the Python module: the same
// fields under their own names ("toMove": "blue" or null, "viewer": "blue",
// "red" or "spectator", "result": "1-0", "0-1", "1/2-1/2" or "*"). It is
// made from an Observation alone, so it holds nothing its viewer may not know.

namespace jungle::game {

nlohmann::json observation_json(const Observation& o);
// Reads it back; throws std::invalid_argument naming the field that is
// missing or malformed.
Observation observation_from_json(const nlohmann::json& j);

// Ply `ply` (1-based) of a move list as the web app sends it (docs/api.md,
// "Game state"): "ply", "move", "action", "side", "seat" (the seat's
// colour name: "blue" for the first player) and "fen"; a flip's "revealed",
// or a move's "piece", "captured", "lost" (letters, "?" unknown, null for
// none) and "jump"; a hidden game's "announcement", "outcome", "attacker",
// "defender" and "drowned". Made from a SeenPly alone, so it holds nothing
// its viewer may not know.
nlohmann::json seen_ply_json(const SeenPly& p, int ply);

}  // namespace jungle::game
