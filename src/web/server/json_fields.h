#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "web/server/game_error.h"

// Reading the fields of a JSON object, as requests and stored rows carry
// them: typed, with a fallback when absent, and a GameError of kind
// kBadRequest naming the field when present but wrong.

namespace jungle::web {

using Json = nlohmann::json;

// Absent (or null) gives the fallback; a value of the wrong type or outside
// [min, max] throws GameError "bad_field".
std::string string_field(const Json& body, const std::string& name, const std::string& fallback);
int64_t int_field(const Json& body, const std::string& name, int64_t fallback, int64_t min,
                  int64_t max);
bool bool_field(const Json& body, const std::string& name, bool fallback);
// The optional "moves": ["a3a4", ...] of a body (at most 4000); [] when absent.
Json moves_field(const Json& body);

}  // namespace jungle::web
