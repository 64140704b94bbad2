#pragma once

#include <cstdint>
#include <string>

// The login session's cookie: a random 256-bit token, of which the store
// keeps only the SHA-256 digest, so that a copy of the database gives no
// one a live session.

namespace jungle::web {

// How long a login lasts: 30 days from the login (no sliding renewal, so
// that a request writes nothing).
inline constexpr int64_t kSessionLifetimeMs = int64_t(30) * 24 * 3600 * 1000;

// 64 hex digits (256 bits) from the system's cryptographic generator.
std::string new_session_token();
// Whether `token` could be one new_session_token made (anything else is
// not looked up).
bool session_token_shaped(const std::string& token);

// The Set-Cookie value that gives `token` to the browser: HttpOnly (the
// page's scripts never see it), SameSite=Strict (another site's page never
// sends it: the page's own requests are all this site's), Path=/, Max-Age
// the session's lifetime, and Secure when the server is reached by HTTPS.
std::string session_cookie(const std::string& name, const std::string& token, bool secure);
// The Set-Cookie value that makes the browser forget the cookie.
std::string cleared_session_cookie(const std::string& name, bool secure);

}  // namespace jungle::web
