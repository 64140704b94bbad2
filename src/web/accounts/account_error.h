#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

// A refusal of the account routes, with its HTTP status: the game errors'
// kinds (server/game_error.h) have no "log in first" (401) and no "wait"
// with a time (429 and Retry-After), which only accounts need.

namespace jungle::web {

class AccountError : public std::runtime_error {
 public:
  AccountError(int status, std::string code, const std::string& message, int64_t retry_after_s = 0)
      : std::runtime_error(message),
        status_(status),
        code_(std::move(code)),
        retry_after_s_(retry_after_s) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }
  // Seconds to wait before trying again (429); 0: not given.
  int64_t retry_after_s() const { return retry_after_s_; }

 private:
  int status_;
  std::string code_;
  int64_t retry_after_s_;
};

}  // namespace jungle::web
