// The engines `jungle match --engine builtin=NAME` makes, by name
// (builtin_engines.h).

#include "game/builtin_engines.h"

#include <algorithm>
#include <stdexcept>

#include "core/variants.h"
#include "flip/flip_rules.h"
#include "game/families.h"
#include "game/family.h"

namespace jungle::game {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The searching baselines search a fixed budget a move: a clock is the
// family's engine's to plan.
void check_per_move(std::string_view name, const Limits& per_move) {
  if (per_move.depth <= 0 && per_move.nodes == 0 && per_move.movetime_ms <= 0) {
    throw std::invalid_argument("builtin=" + std::string(name) +
                                " searches a depth, nodes or movetime a move, not a clock");
  }
}

BuiltinEngine flip_builtin(std::string_view variant, std::string_view name, uint64_t seed,
                           const Limits& per_move) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules(variant);
  if (name == "random") return flip_player_engine(rules, flip::random_player(seed));
  if (name == "greedy") return flip_player_engine(rules, flip::greedy_player(seed));
  if (name == "careful") return flip_player_engine(rules, flip::careful_player());
  check_per_move(name, per_move);
  flip::FlipLimits limits;
  limits.depth = per_move.depth > 0 ? per_move.depth : 64;
  limits.nodes = per_move.nodes;
  limits.movetime_ms = int(std::min<int64_t>(per_move.movetime_ms, int64_t(1) << 30));
  return flip_seer_engine(rules, limits);
}

BuiltinEngine hidden_builtin(std::string_view variant, std::string_view name, uint64_t seed,
                             const Limits& per_move) {
  const RuleSetPtr rules = load_variant(variant);
  if (name == "random") return hidden_player_engine(rules, hidden::random_player(seed));
  if (name == "greedy") return hidden_player_engine(rules, hidden::greedy_player(seed));
  check_per_move(name, per_move);
  hidden::HiddenLimits limits;
  limits.depth = per_move.depth;
  limits.nodes = per_move.depth > 0 ? 0 : per_move.nodes;
  limits.movetime_ms = per_move.depth > 0 || per_move.nodes > 0 ? 0 : per_move.movetime_ms;
  if (name == "sampler") return hidden_player_engine(rules, hidden::sampler_player(limits, seed));
  return hidden_cheater_engine(rules, limits);
}

}  // namespace

std::vector<std::string> builtin_names(std::string_view variant) {
  const Family& family = family_of_variant(variant);
  if (&family == &flip_family()) return {"engine", "random", "greedy", "careful", "seer"};
  if (&family == &hidden_family()) return {"engine", "random", "greedy", "sampler", "cheater"};
  return {"engine"};
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
  if (&family == &flip_family()) return flip_builtin(variant, name, seed, per_move);
  return hidden_builtin(variant, name, seed, per_move);
}

}  // namespace jungle::game
