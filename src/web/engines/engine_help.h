#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

#include "web/engines/engine_pool.h"
#include "web/games/help_position.h"
#include "web/server/json_fields.h"

// The engine's help for a reader of any game (docs/api.md): a hint waited
// for, or an analysis streamed, by the family's engine on the engine pool,
// with its queue and per-client and per-address caps, given only what the
// reader may see (HelpPosition): its game::Observation, searched by the
// family's engine behind the game interface (game_engine_job.h), the one
// path every family is going; a Flip Jungle position still by the flip
// searcher (flip_help.h), whose reports the page reads as they are. The
// routes ask here, with no thought of the family.

namespace jungle::web {

// A hint for `pos` (a position still going on: help_position checks):
// its family's engine searches it within `limits` (a depth where one is
// asked for), valuing `lines` actions, waited for. Throws GameError when
// the pool refuses or the search is cancelled.
Json help_hint(EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits, int lines,
               const std::string& client, const std::string& address);

// An analysis of `pos` as server-sent events ("start": `start_event` with
// the observation's "position", a Flip Jungle position's "fen"; an "info"
// per report; "done"). Returns its ticket. Throws GameError as help_hint.
std::shared_ptr<EngineTicket> stream_help_analysis(
    httplib::Response& res, EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits,
    int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event);

}  // namespace jungle::web
