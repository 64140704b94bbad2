#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

// Passwords as the store keeps them: Argon2id hashes in libsodium's string
// form ("$argon2id$v=19$m=...,t=...,p=1$salt$hash"), which carries its own
// salt and cost, so that a hash made with one cost is verified after the
// cost changed. The password itself is never kept, logged or compared.

namespace jungle::web {

// Argon2id's cost: passes over the memory, and the memory in bytes.
struct PasswordCost {
  uint64_t ops = 0;
  size_t memory = 0;
  // libsodium's "interactive" limits (2 passes over 64 MiB; 0.24 s on the
  // loaded 2-core build machine, docs/accounts.md): what a login on a
  // shared server can pay for every attempt. "Moderate" (3 passes over 256
  // MiB; 1.39 s there) would let a handful of simultaneous logins take a
  // gigabyte and seconds of every core; the
  // login limiter, not a slower hash, is what stops guessing online, and
  // 64 MiB a guess still makes a stolen table expensive to attack.
  static PasswordCost interactive();
  // libsodium's minimum (1 pass over 8 KiB): for tests only, which hash
  // dozens of passwords and test the accounts, not Argon2.
  static PasswordCost minimum();
};

// The password's Argon2id hash with a fresh random salt. At most
// kMaxConcurrentHashes hash or verify at once (each takes `cost.memory`);
// the others wait. Throws std::runtime_error when libsodium cannot (out of
// memory).
std::string hash_password(const std::string& password, const PasswordCost& cost);
// Whether `password` is the one `hash` was made from; false for a hash that
// is not one (an erased account's "").
bool verify_password(const std::string& hash, const std::string& password);

// Hashes or verifications that run at once: bounds the memory logins take
// (kMaxConcurrentHashes x 64 MiB at the interactive cost).
inline constexpr int kMaxConcurrentHashes = 4;

}  // namespace jungle::web
