#include "game/hidden_baselines.h"

#include "hidden_search/ismcts.h"
#include "hidden_search/pimc.h"

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
      {"pimc", true, true,
       [](uint64_t seed, const HiddenLimits& l) { return hidden::pimc_player(l, seed); }, nullptr,
       [](uint64_t seed, const hidden::PlayerView& view, const HiddenLimits& l) {
         hidden::PimcOptions options;
         options.seed = seed;
         return hidden::PimcSearcher(options).search(view, l);
       }},
      {"ismcts", true, true,
       [](uint64_t seed, const HiddenLimits& l) { return hidden::ismcts_player(l, seed); }, nullptr,
       [](uint64_t seed, const hidden::PlayerView& view, const HiddenLimits& l) {
         hidden::IsmctsOptions options;
         options.seed = seed;
         return hidden::IsmctsSearcher(options).search(view, l);
       }},
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
