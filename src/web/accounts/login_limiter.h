#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

// Failed logins, counted per client address and per account name, so that
// guessing a password online is slow whoever guesses from wherever: a
// token bucket per key that holds `burst` failures and earns them back one
// at a time over `window_ms` (burst failures per window, sustained). A key
// whose bucket is empty is refused before its password is even hashed.
// Kept in memory by each server: several servers on one database each
// count their own (docs/accounts.md).

namespace jungle::web {

// The limits, in one place (docs/accounts.md quotes them).
struct LoginLimits {
  // Failures one account name may take per window, from anywhere.
  static constexpr int kPerName = 5;
  // Failures one address may make per window, over every name (a house or
  // an office shares one).
  static constexpr int kPerAddress = 20;
  // Sign-ups one address may make per window (each costs a hash).
  static constexpr int kSignupsPerAddress = 10;
  static constexpr int64_t kWindowMs = 15 * 60 * 1000;
  // Keys remembered at most per bucket table; beyond, the fullest are
  // forgotten first (a forgotten key starts full, which is what it had).
  static constexpr size_t kMaxKeys = 100000;
};

class TokenBuckets {
 public:
  TokenBuckets(int burst, int64_t window_ms);
  // Whether `key` may try now (has a token); takes nothing.
  bool allowed(const std::string& key, int64_t now_ms);
  // Takes a token from `key` (a failure, or a sign-up).
  void take(const std::string& key, int64_t now_ms);
  // Ms until `key` has a token again; 0 when it has one now.
  int64_t wait_ms(const std::string& key, int64_t now_ms);
  size_t size();

 private:
  // Whole numbers, so that the counts are exact: a token is `window_ms_`
  // units, and a bucket earns `burst_` units a millisecond.
  struct Bucket {
    int64_t units = 0;
    int64_t at_ms = 0;
  };
  // The bucket refilled to `now_ms`.
  Bucket& refill(const std::string& key, int64_t now_ms);
  int64_t full() const { return int64_t(burst_) * window_ms_; }
  void forget_full(int64_t now_ms);

  const int burst_;
  const int64_t window_ms_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace jungle::web
