#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>

#include "web/server/json_fields.h"

// Server-sent events carried from the thread that makes them (an engine's,
// a game's watcher) to the HTTP thread that writes them.

namespace jungle::web {

// Bounded: when the reader falls behind, the oldest progress events are
// dropped (the next one supersedes them anyway).
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

}  // namespace jungle::web
