#include "game/flip_baselines.h"

#include "flip/flip_pimc.h"

namespace jungle::game {

const std::vector<FlipBaseline>& flip_baselines() {
  static const std::vector<FlipBaseline> all = {
      {"random", true, false,
       [](uint64_t seed, const flip::FlipLimits&) { return flip::random_player(seed); }},
      {"greedy", true, false,
       [](uint64_t seed, const flip::FlipLimits&) { return flip::greedy_player(seed); }},
      {"careful", true, false,
       [](uint64_t, const flip::FlipLimits&) { return flip::careful_player(); }},
      {"pimc", true, true,
       [](uint64_t seed, const flip::FlipLimits& limits) {
         flip::FlipPimcOptions options;
         options.seed = seed;
         return flip::pimc_player(limits, options);
       }},
      {"seer", false, true, nullptr},
  };
  return all;
}

const FlipBaseline* flip_baseline_named(std::string_view name) {
  for (const FlipBaseline& b : flip_baselines()) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

std::vector<std::string> flip_modes() {
  std::vector<std::string> out = {"full"};
  for (const FlipBaseline& b : flip_baselines()) {
    if (b.mode) out.emplace_back(b.name);
  }
  return out;
}

}  // namespace jungle::game
