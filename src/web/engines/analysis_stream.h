#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

#include "game/observation.h"
#include "search/search.h"
#include "web/engines/engine_pool.h"
#include "web/server/event_channel.h"

namespace jungle::web {

// Submits `job` and answers with the events its callbacks push on
// `channel` (which on_done closes) until it closes; a client that
// disconnects cancels the job. Counts itself in `open_streams` while open.
// Throws GameError kUnavailable or kTooManyJobs when the pool refuses.
std::shared_ptr<EngineTicket> stream_events(httplib::Response& res, EnginePool& pool, EngineJob job,
                                            std::shared_ptr<EventChannel> channel,
                                            std::atomic<int>& open_streams);

// Streams an analysis of `observation` by its family's engine behind the
// game interface as server-sent events: "start" (`start_event` with the
// observation's "position"), then "info" per report (game_report_json: one
// per line, `multipv` 1..`lines`), then "done" ({"best", "depth", "score",
// "blue_score", "nodes", "completed"}), then the stream ends. A client that
// disconnects cancels the search. Counts itself in `open_streams` while
// open. Throws GameError kUnavailable or kTooManyJobs when the pool
// refuses. Returns the search's ticket, to cancel it early.
std::shared_ptr<EngineTicket> stream_analysis(httplib::Response& res, EnginePool& pool,
                                              const game::Observation& observation,
                                              const SearchLimits& limits, int lines,
                                              const std::string& client, const std::string& address,
                                              std::atomic<int>& open_streams, Json start_event);

}  // namespace jungle::web
