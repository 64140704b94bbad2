#include "web/server/json_fields.h"

#include <algorithm>

namespace jungle::web {

std::string string_field(const Json& body, const std::string& name, const std::string& fallback) {
  auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_string()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field", "'" + name + "' must be a string");
  }
  return it->get<std::string>();
}

int64_t int_field(const Json& body, const std::string& name, int64_t fallback, int64_t min,
                  int64_t max) {
  auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field", "'" + name + "' must be an integer");
  }
  const auto value = it->get<int64_t>();
  if (value < min || value > max) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'" + name + "' must be between " + std::to_string(min) + " and " +
                        std::to_string(max) + ", not " + std::to_string(value));
  }
  return value;
}

bool bool_field(const Json& body, const std::string& name, bool fallback) {
  auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) {
    throw GameError(ErrorKind::kBadRequest, "bad_field", "'" + name + "' must be true or false");
  }
  return it->get<bool>();
}

Json moves_field(const Json& body) {
  const Json moves = body.value("moves", Json::array());
  if (!moves.is_array() || moves.size() > 4000 ||
      !std::all_of(moves.begin(), moves.end(), [](const Json& m) { return m.is_string(); })) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'moves' must be a list of moves like [\"a3a4\", \"a7a6\"]");
  }
  return moves;
}

}  // namespace jungle::web
