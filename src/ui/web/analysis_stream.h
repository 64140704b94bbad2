#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "search/search.h"
#include "ui/web/engine_pool.h"
#include "ui/web/json_fields.h"

namespace jungle::web {

// Carries server-sent events from an engine thread to the HTTP thread that
// writes them. Bounded: when the reader falls behind, the oldest progress
// events are dropped (the next one supersedes them anyway).
class EventChannel {
 public:
  void push(std::string event);
  void close();
  enum class Pop { kEvent, kTimeout, kClosed };
  Pop pop(std::string& out, std::chrono::milliseconds timeout);

 private:
  static constexpr size_t kMaxPending = 64;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> events_;
  bool closed_ = false;
};

// "event: NAME\ndata: JSON\n\n"
std::string sse_event(const std::string& name, const Json& data);

// The engine's view of a position as JSON: depth, score from the side to
// move and from Blue's side, mate distance, principal variation.
Json search_info_json(const SearchInfo& info, Side side_to_move, const Geometry& board);

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
