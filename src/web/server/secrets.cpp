#include "web/server/secrets.h"

#include <openssl/evp.h>

#include <stdexcept>

#include "core/secure_random.h"

namespace jungle::web {

namespace {

std::string hex(const unsigned char* bytes, size_t n) {
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(n * 2);
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

}  // namespace

std::string new_secret() {
  unsigned char bytes[16];
  secure_random_bytes(bytes, sizeof bytes);
  return hex(bytes, sizeof bytes);
}

std::string secret_digest(const std::string& secret) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(secret.data(), secret.size(), digest, &length, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  return hex(digest, length);
}

}  // namespace jungle::web
