#pragma once

#include <httplib.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace jungle::web {

using Json = nlohmann::json;

// A request the API refuses. `code` is a short machine-readable word
// ("bad_json", "illegal_move"); the message says what was wrong in words a
// person can act on. Handlers throw it; the router turns it into a 4xx/5xx
// JSON body {"error": {"code": ..., "message": ...}}.
class ApiError : public std::runtime_error {
 public:
  ApiError(int status, std::string code, const std::string& message)
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  int status_;
  std::string code_;
};

void send_json(httplib::Response& res, const Json& body, int status = 200);
void send_error(httplib::Response& res, int status, std::string_view code,
                std::string_view message);

// The request body as a JSON object; an empty body is an empty object.
// Throws ApiError 400 for anything else.
Json parse_body(const httplib::Request& req);

// Typed field readers: absent (or null) gives the fallback; a value of the
// wrong type or outside [min, max] throws ApiError 400 naming the field.
std::string string_field(const Json& body, const std::string& name, const std::string& fallback);
int64_t int_field(const Json& body, const std::string& name, int64_t fallback, int64_t min,
                  int64_t max);
bool bool_field(const Json& body, const std::string& name, bool fallback);

// A query parameter as an integer in [min, max]; absent gives the fallback.
int64_t int_param(const httplib::Request& req, const std::string& name, int64_t fallback,
                  int64_t min, int64_t max);

}  // namespace jungle::web
