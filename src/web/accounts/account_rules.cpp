#include "web/accounts/account_rules.h"

#include <cctype>

namespace jungle::web {

namespace {

bool name_char(unsigned char c) {
  return (c < 128 && std::isalnum(c)) || c == '_' || c == '-';
}

// A character as a message shows it: itself when printable ASCII, else its
// byte in hex (a name may carry anything).
std::string shown_char(unsigned char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + char(c) + "'";
  static const char* kHex = "0123456789abcdef";
  return std::string("the byte 0x") + kHex[c >> 4] + kHex[c & 15];
}

}  // namespace

std::string name_problem(const std::string& name) {
  for (unsigned char c : name) {
    if (!name_char(c)) {
      return "a user name has only letters, digits, '_' and '-', not " + shown_char(c);
    }
  }
  if (name.size() < kMinAccountNameLength || name.size() > kMaxAccountNameLength) {
    return "a user name has " + std::to_string(kMinAccountNameLength) + " to " +
           std::to_string(kMaxAccountNameLength) + " characters, not " +
           std::to_string(name.size());
  }
  return "";
}

std::string password_problem(const std::string& password) {
  if (password.size() < kMinPasswordLength) {
    return "a password has at least " + std::to_string(kMinPasswordLength) + " characters";
  }
  if (password.size() > kMaxPasswordLength) {
    return "a password has at most " + std::to_string(kMaxPasswordLength) + " bytes";
  }
  return "";
}

std::string name_key(const std::string& name) {
  std::string key = name;
  for (char& c : key) c = char(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

}  // namespace jungle::web
