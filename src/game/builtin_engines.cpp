// The engines `jungle match --engine builtin=NAME` makes, by name
// (builtin_engines.h).

#include "game/builtin_engines.h"

#include <algorithm>
#include <stdexcept>

#include "game/family.h"

namespace jungle::game {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::vector<std::string> builtin_names(std::string_view variant) {
  std::vector<std::string> names = {"engine"};
  for (std::string& n : family_of_variant(variant).baseline_names()) names.push_back(std::move(n));
  return names;
}

BuiltinEngine make_builtin_engine(std::string_view variant, std::string_view name, uint64_t seed,
                                  const Limits& per_move) {
  const Family& family = family_of_variant(variant);
  const std::vector<std::string> names = builtin_names(variant);
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    throw std::invalid_argument("builtin=" + std::string(name) + ": " +
                                std::string(family.title()) + " has the builtin engines " +
                                joined(names));
  }
  if (name == "engine") return {family.make_engine(), nullptr};
  return family.make_baseline(variant, name, seed, per_move);
}

BuiltinEngine Family::make_baseline(std::string_view variant, std::string_view name, uint64_t seed,
                                    const Limits& per_move) const {
  const std::vector<std::string> names = baseline_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    throw std::invalid_argument(
        "builtin=" + std::string(name) + ": " + std::string(title()) +
        (names.empty() ? " has no in-process baselines" : " has the baselines " + joined(names)));
  }
  return new_baseline(variant, name, seed, per_move);
}

BuiltinEngine Family::new_baseline(std::string_view, std::string_view name, uint64_t,
                                   const Limits&) const {
  throw std::logic_error("builtin=" + std::string(name) + ": " + std::string(title()) +
                         " names a baseline it does not make");
}

void require_per_move_limits(std::string_view name, const Limits& per_move) {
  if (per_move.depth <= 0 && per_move.nodes == 0 && per_move.movetime_ms <= 0) {
    throw std::invalid_argument("builtin=" + std::string(name) +
                                " searches a depth, nodes or movetime a move, not a clock");
  }
}

}  // namespace jungle::game
