#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "web/store/account_store.h"

// Failed logins, counted per client address and per account name, so that
// guessing a password online is slow whoever guesses from wherever: a
// token bucket per key that holds `burst` failures and earns them back one
// at a time over `window_ms` (burst failures per window, sustained). A key
// whose bucket is empty is refused before its password is even hashed.
// The buckets are kept in the database (AccountStore::change_login_bucket),
// so that several servers on one database count the same failures
// (docs/accounts.md, "Login limits").

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
};

// A bucket's arithmetic, in whole numbers so that the counts are exact: a
// token is `window_ms` units, and a bucket earns `burst` units a
// millisecond, so that a whole window refills it.
class BucketRule {
 public:
  BucketRule(int burst, int64_t window_ms);
  // `stored` refilled to `now_ms`; a bucket never stored is full.
  LoginBucket refilled(const std::optional<LoginBucket>& stored, int64_t now_ms) const;
  bool has_token(const LoginBucket& refilled) const { return refilled.units >= window_ms_; }
  // One token fewer (a failure, or a sign-up); never below empty.
  LoginBucket taken(LoginBucket refilled) const;
  // Ms until a token; 0 when there is one.
  int64_t wait_ms(const LoginBucket& refilled) const;
  int64_t window_ms() const { return window_ms_; }

 private:
  int64_t full() const { return int64_t(burst_) * window_ms_; }
  int burst_;
  int64_t window_ms_;
};

// The buckets of one kind ("name", "address", "signup"), in the store.
class TokenBuckets {
 public:
  TokenBuckets(AccountStore& store, std::string kind, int burst, int64_t window_ms);
  // Whether `key` may try now (has a token); takes nothing.
  bool allowed(const std::string& key, int64_t now_ms);
  // Takes a token from `key` (a failure, or a sign-up), in one transaction
  // with the bucket's row locked: two servers counting at once lose none.
  // Buckets untouched for a whole window (full again) are forgotten.
  void take(const std::string& key, int64_t now_ms);
  // Ms until `key` has a token again; 0 when it has one now.
  int64_t wait_ms(const std::string& key, int64_t now_ms);

 private:
  AccountStore& store_;
  const std::string kind_;
  const BucketRule rule_;
};

}  // namespace jungle::web
