#include "core/dialect.h"

#include <array>
#include <utility>

#include "core/text_util.h"

namespace jungle::notation {

namespace {

constexpr std::array<std::pair<Dialect, std::string_view>, 5> kNames = {{
    {Dialect::kJungle, "jungle"},
    {Dialect::kMistboard, "mistboard"},
    {Dialect::kKatago, "katago"},
    {Dialect::kNetcan, "netcan"},
    {Dialect::kBush, "bush"},
}};

}  // namespace

std::string_view dialect_name(Dialect d) {
  for (const auto& [dialect, name] : kNames) {
    if (dialect == d) return name;
  }
  return "?";
}

std::optional<Dialect> parse_dialect(std::string_view name) {
  const std::string wanted = lower(std::string(name));
  for (const auto& [dialect, known] : kNames) {
    if (wanted == known) return dialect;
  }
  return std::nullopt;
}

std::string dialect_list() {
  std::string out;
  for (const auto& [dialect, name] : kNames) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace jungle::notation
