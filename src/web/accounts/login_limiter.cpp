#include "web/accounts/login_limiter.h"

#include <algorithm>
#include <utility>

namespace jungle::web {

BucketRule::BucketRule(int burst, int64_t window_ms)
    : burst_(std::max(1, burst)), window_ms_(std::max<int64_t>(1, window_ms)) {}

LoginBucket BucketRule::refilled(const std::optional<LoginBucket>& stored, int64_t now_ms) const {
  if (!stored) return LoginBucket{full(), now_ms};
  LoginBucket b = *stored;
  if (now_ms > b.at_ms) {
    // Capped before multiplying: a bucket untouched for years cannot overflow.
    const int64_t elapsed = std::min(now_ms - b.at_ms, window_ms_);
    b.units = std::min(full(), b.units + elapsed * burst_);
    b.at_ms = now_ms;
  }
  return b;
}

LoginBucket BucketRule::taken(LoginBucket refilled) const {
  refilled.units = std::max<int64_t>(0, refilled.units - window_ms_);
  return refilled;
}

int64_t BucketRule::wait_ms(const LoginBucket& refilled) const {
  if (has_token(refilled)) return 0;
  return (window_ms_ - refilled.units + burst_ - 1) / burst_;
}

TokenBuckets::TokenBuckets(AccountStore& store, std::string kind, int burst, int64_t window_ms)
    : store_(store), kind_(std::move(kind)), rule_(burst, window_ms) {}

bool TokenBuckets::allowed(const std::string& key, int64_t now_ms) {
  return rule_.has_token(rule_.refilled(store_.login_bucket(kind_, key), now_ms));
}

void TokenBuckets::take(const std::string& key, int64_t now_ms) {
  store_.change_login_bucket(
      kind_, key,
      [&](const std::optional<LoginBucket>& stored) {
        return rule_.taken(rule_.refilled(stored, now_ms));
      },
      now_ms - rule_.window_ms());
}

int64_t TokenBuckets::wait_ms(const std::string& key, int64_t now_ms) {
  return rule_.wait_ms(rule_.refilled(store_.login_bucket(kind_, key), now_ms));
}

}  // namespace jungle::web
