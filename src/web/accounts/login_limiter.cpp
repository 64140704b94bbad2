#include "web/accounts/login_limiter.h"

#include <algorithm>

namespace jungle::web {

TokenBuckets::TokenBuckets(int burst, int64_t window_ms)
    : burst_(std::max(1, burst)), window_ms_(std::max<int64_t>(1, window_ms)) {}

TokenBuckets::Bucket& TokenBuckets::refill(const std::string& key, int64_t now_ms) {
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{full(), now_ms});
  Bucket& b = it->second;
  if (!fresh && now_ms > b.at_ms) {
    // Capped before multiplying: a bucket untouched for years cannot overflow.
    const int64_t elapsed = std::min(now_ms - b.at_ms, window_ms_);
    b.units = std::min(full(), b.units + elapsed * burst_);
    b.at_ms = now_ms;
  }
  return b;
}

bool TokenBuckets::allowed(const std::string& key, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  if (buckets_.find(key) == buckets_.end()) return true;
  return refill(key, now_ms).units >= window_ms_;
}

void TokenBuckets::take(const std::string& key, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() >= LoginLimits::kMaxKeys) forget_full(now_ms);
  Bucket& b = refill(key, now_ms);
  b.units = std::max<int64_t>(0, b.units - window_ms_);
}

int64_t TokenBuckets::wait_ms(const std::string& key, int64_t now_ms) {
  std::lock_guard lock(mutex_);
  if (buckets_.find(key) == buckets_.end()) return 0;
  const Bucket& b = refill(key, now_ms);
  if (b.units >= window_ms_) return 0;
  return (window_ms_ - b.units + burst_ - 1) / burst_;
}

size_t TokenBuckets::size() {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void TokenBuckets::forget_full(int64_t now_ms) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const Bucket& b = it->second;
    const int64_t elapsed = std::clamp<int64_t>(now_ms - b.at_ms, 0, window_ms_);
    const bool is_full = b.units + elapsed * burst_ >= full();
    it = is_full ? buckets_.erase(it) : std::next(it);
  }
  // Every key still short of full: drop them all rather than grow without
  // bound; the limits restart, which costs an attacker nothing it did not
  // already spend.
  if (buckets_.size() >= LoginLimits::kMaxKeys) buckets_.clear();
}

}  // namespace jungle::web
