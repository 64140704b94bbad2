#include "web/server/event_channel.h"

namespace jungle::web {

void EventChannel::push(std::string event) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    if (events_.size() >= kMaxPending) events_.pop_front();
    events_.push_back(std::move(event));
  }
  ready_.notify_one();
}

void EventChannel::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  ready_.notify_all();
}

EventChannel::Pop EventChannel::pop(std::string& out, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  ready_.wait_for(lock, timeout, [&] { return closed_ || !events_.empty(); });
  if (!events_.empty()) {
    out = std::move(events_.front());
    events_.pop_front();
    return Pop::kEvent;
  }
  return closed_ ? Pop::kClosed : Pop::kTimeout;
}

std::string sse_event(const std::string& name, const Json& data) {
  return "event: " + name + "\ndata: " + data.dump() + "\n\n";
}

}  // namespace jungle::web
