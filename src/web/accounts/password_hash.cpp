#include "web/accounts/password_hash.h"

#include <sodium.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>

namespace jungle::web {

namespace {

void init_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialised");
}

// Counts the hashes running, so that a burst of logins waits rather than
// taking kMaxConcurrentHashes times the memory of one.
class HashSlots {
 public:
  void acquire() {
    std::unique_lock lock(mutex_);
    freed_.wait(lock, [&] { return running_ < kMaxConcurrentHashes; });
    ++running_;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    freed_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  int running_ = 0;
};

HashSlots& slots() {
  static HashSlots s;
  return s;
}

struct Slot {
  Slot() { slots().acquire(); }
  ~Slot() { slots().release(); }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
};

}  // namespace

PasswordCost PasswordCost::interactive() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::minimum() {
  return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

std::string hash_password(const std::string& password, const PasswordCost& cost) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  Slot slot;
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.ops, cost.memory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("hashing a password failed (out of memory)");
  }
  return out;
}

bool verify_password(const std::string& hash, const std::string& password) {
  init_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  Slot slot;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace jungle::web
