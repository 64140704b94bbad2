#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

#include "flip/flip_search.h"
#include "web/engines/engine_pool.h"
#include "web/server/json_fields.h"

// Flip Jungle hints and analyses (docs/api.md, "Flip Jungle games"): the
// flip engine's search run on the engine pool, with its queue, shares and
// caps, and what it found as JSON. What they say depends on the position
// alone: a face-down tile has no animal until it is flipped (the server
// draws it then), a flip is named by its square only, and every expected
// score is over the pool, which both players know.

namespace jungle::web {

// A hint: the search of `pos` as a hint job on the pool, waited for.
// `lines` (1..kMaxAnalysisLines) actions are valued exactly. Throws
// GameError when the pool refuses or the search is cancelled.
Json flip_hint(EnginePool& pool, const flip::FlipPosition& pos, const SearchLimits& limits,
               int lines, const std::string& client, const std::string& address);

// An analysis as server-sent events, as stream_analysis sends an open game's:
// "start" (`start_event`), an "info" per completed depth
// (flip_search_json), "done" ({"best", "depth", "score", "expected",
// "nodes", "completed"}). Returns the search's ticket.
std::shared_ptr<EngineTicket> stream_flip_analysis(
    httplib::Response& res, EnginePool& pool, const flip::FlipPosition& pos,
    const SearchLimits& limits, int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event);

}  // namespace jungle::web
