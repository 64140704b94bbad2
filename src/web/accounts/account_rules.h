#pragma once

#include <cstddef>
#include <string>

// What a user name and a password must be. One place, so that the routes,
// the page's hints and docs/accounts.md say the same.

namespace jungle::web {

inline constexpr size_t kMinAccountNameLength = 2;
inline constexpr size_t kMaxAccountNameLength = 20;
inline constexpr size_t kMinPasswordLength = 8;
// In bytes: the hash reads every byte, and no one types more.
inline constexpr size_t kMaxPasswordLength = 128;

// Why `name` cannot be a user name ("" when it can): 2 to 20 of the ASCII
// letters, digits, '_' and '-'.
std::string name_problem(const std::string& name);
// Why `password` cannot be a password ("" when it can).
std::string password_problem(const std::string& password);
// The name as uniqueness sees it: in lower case, so that "Ann" and "ann"
// are one name (and one cannot pass for the other).
std::string name_key(const std::string& name);

}  // namespace jungle::web
