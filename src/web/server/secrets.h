#pragma once

#include <string>

// The server's secrets (seat tokens, player keys, session cookies) and
// the digests the store keeps of them in their place.

namespace jungle::web {

// 32 hex digits (128 bits) from the system's cryptographic generator
// (core/secure_random.h).
std::string new_secret();
// SHA-256, as 64 hex digits.
std::string secret_digest(const std::string& secret);

}  // namespace jungle::web
