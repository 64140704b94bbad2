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
// with its queue and per-client and per-address caps, given only the
// position the reader may see (HelpPosition). The routes ask here, with no
// thought of the family; what each family's engine says is its own JSON
// (engine_search.h, flip_search_job.h, hidden_search_job.h).

namespace jungle::web {

// A hint for `pos` (a position still going on: help_position checks):
// its family's engine searches it within `limits` (the open and flip
// engines take a depth; the flip engine values `lines` actions exactly),
// waited for. Throws GameError when the pool refuses or the search is
// cancelled.
Json help_hint(EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits, int lines,
               const std::string& client, const std::string& address);

// An analysis of `pos` as server-sent events ("start": `start_event` with
// the position's "fen", an "info" per completed depth, "done"). Returns
// its ticket. Throws GameError as help_hint, and kRefused "no_analysis"
// for a family whose engine has no analysis to stream (a game refuses it
// first: GameSessionBase::require_help).
std::shared_ptr<EngineTicket> stream_help_analysis(
    httplib::Response& res, EnginePool& pool, const HelpPosition& pos, const SearchLimits& limits,
    int lines, const std::string& client, const std::string& address,
    std::atomic<int>& open_streams, Json start_event);

}  // namespace jungle::web
