#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

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

// Streams an analysis of `position` as server-sent events: "start", then
// "info" as each depth completes (one per line, `multipv` 1..`lines`), then "done" with the best
// move, then the stream ends. A client that disconnects cancels the search. Counts itself in
// `open_streams` while open. Throws GameError kUnavailable when the pool refuses. Returns the
// search's ticket, to cancel it early.
std::shared_ptr<EngineTicket> stream_analysis(httplib::Response& res, EnginePool& pool,
                                              const Position& position, SearchLimits limits,
                                              const std::string& client, const std::string& address,
                                              std::atomic<int>& open_streams, Json start_event,
                                              int lines = 1);

}  // namespace jungle::web
