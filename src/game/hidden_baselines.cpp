#include "game/hidden_baselines.h"

namespace jungle::game {

const std::vector<HiddenBaseline>& hidden_baselines() {
  using hidden::HiddenLimits;
  static const std::vector<HiddenBaseline> all = {
      {"random", true, false,
       [](uint64_t seed, const HiddenLimits&) { return hidden::random_player(seed); }},
      {"greedy", true, false,
       [](uint64_t seed, const HiddenLimits&) { return hidden::greedy_player(seed); }},
      {"sampler", true, true,
       [](uint64_t seed, const HiddenLimits& l) { return hidden::sampler_player(l, seed); },
       &hidden::HiddenSearcher::search_one_world},
      {"pimc", false, true,
       [](uint64_t seed, const HiddenLimits& l) { return hidden::pimc_player(l, seed); }},
      {"ismcts", false, true,
       [](uint64_t seed, const HiddenLimits& l) { return hidden::ismcts_player(l, seed); }},
      {"cheater", false, true, nullptr},
  };
  return all;
}

const HiddenBaseline* hidden_baseline_named(std::string_view name) {
  for (const HiddenBaseline& b : hidden_baselines()) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

std::vector<std::string> hidden_modes() {
  std::vector<std::string> out = {"full"};
  for (const HiddenBaseline& b : hidden_baselines()) {
    if (b.mode) out.emplace_back(b.name);
  }
  return out;
}

}  // namespace jungle::game
