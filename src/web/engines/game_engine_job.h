#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "game/engine.h"
#include "game/observation.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// A search by the family's engine behind the game interface (game/engine.h)
// as a job on the engine pool, with its queue, shares and caps, for every
// family alike: the engine is given one reader's Observation (what that
// reader may see, never a hidden game's truth), and what it found is kept
// here for the thread that waits, and written as JSON by the game's
// capabilities, never by its family.

namespace jungle::web {

struct GameSearch {
  std::mutex mutex;
  // The last report of each line, by its number (1: the best).
  std::map<int, game::SearchInfo> lines;
  // The engine's answer, once it has given one.
  std::optional<game::Answer> answer;
};

// The job searching `observation` for `search`; the caller sets its limits
// (game_limits), skill and lines, and on_done.
EngineJob game_engine_job(const std::shared_ptr<GameSearch>& search,
                          const game::Observation& observation, EngineJob::Kind kind,
                          const std::string& client, const std::string& address);

// What an engine move's answer says of the engine's search (its "engine"
// field): "move", "depth", "nodes", and, where the game hides nothing from
// its players (Capabilities::hidden_information: the lines weighed and
// their values would tell of the engine's own hidden animals), "score" (the
// mover's centipawns, an expected result written by the one curve),
// "expected" (the mover's, 0..1), "blue_score" (the score from Blue's
// side), "mate" (moves to a won end for the mover, negative to a lost one,
// else null), "pv" and "time_ms".
Json game_engine_json(const game::Answer& answer, const std::map<int, game::SearchInfo>& lines,
                      const game::Observation& observation);

// One report of a search of `observation` (a line of it): "depth",
// "seldepth", "multipv", "score", "expected", "blue_score", "mate" (as
// game_engine_json), "bound" ("exact", "lower", "upper"), "nodes",
// "time_ms", "nps", "pv", and "text", the family's words ("" for none).
Json game_report_json(const game::SearchInfo& info, const game::Observation& observation);

// A hint for the reader whose Observation `observation` is (the side to
// move): its family's engine searches it within `limits` (a depth where one
// is asked for) valuing `lines` actions, waited for. The best line's report
// (game_report_json) with "move" and "lines" (each "move", "score",
// "expected", "pv"). Throws GameError when the pool refuses, the search is
// cancelled, or there is nothing to try (kRefused "no_move").
Json game_hint(EnginePool& pool, const game::Observation& observation, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address);

}  // namespace jungle::web
