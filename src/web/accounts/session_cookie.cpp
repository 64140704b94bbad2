#include "web/accounts/session_cookie.h"

#include "core/secure_random.h"

namespace jungle::web {

std::string new_session_token() {
  unsigned char bytes[32];
  secure_random_bytes(bytes, sizeof bytes);
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (unsigned char b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

bool session_token_shaped(const std::string& token) {
  return token.size() == 64 && token.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string session_cookie(const std::string& name, const std::string& token, bool secure) {
  return name + "=" + token + "; Path=/; Max-Age=" + std::to_string(kSessionLifetimeMs / 1000) +
         "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
}

std::string cleared_session_cookie(const std::string& name, bool secure) {
  return name + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
}

}  // namespace jungle::web
