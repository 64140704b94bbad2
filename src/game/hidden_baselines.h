#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hidden_search/hidden_match.h"

// The in-process baselines of hidden games, written once: the list that
// both `jungle match --engine builtin=NAME` (the family's baseline_names)
// and the hidden engine's protocol option Mode read, and how each plays
// (docs/game-interface.md, "Baselines").

namespace jungle::game {

struct HiddenBaseline {
  std::string_view name;
  // Offered as the hidden engine's Mode too; not the cheater, which sees
  // the truth that only a match holds.
  bool mode = false;
  // Searches: a match must give it a depth, nodes or movetime a move.
  bool searches = false;
  // The player, its generator seeded with `seed`, searching `limits`;
  // null for the cheater, whose engine (builtin_engines.h) is given the
  // arbiter's game.
  hidden::HiddenPlayer (*make)(uint64_t seed, const hidden::HiddenLimits& limits) = nullptr;
  // As a Mode, the search of the engine's own searcher that plays it (the
  // sampler's one world, as sampler_player searches it); null where the
  // Mode plays make's player, made afresh for each position.
  hidden::HiddenSearchResult (hidden::HiddenSearcher::*search)(
      const hidden::PlayerView& view, const hidden::HiddenLimits& limits) = nullptr;
  // As a Mode, a search with a searcher of its own (PIMC, ISMCTS), made
  // afresh for each position with `seed`, whose result the engine reports
  // as it reports its own search's; null where `search` or make's player
  // plays the Mode. Such a searcher cannot be stopped, so the engine
  // refuses `go infinite` in these Modes; the engine's Hash does not size
  // its tables.
  hidden::HiddenSearchResult (*own_search)(uint64_t seed, const hidden::PlayerView& view,
                                           const hidden::HiddenLimits& limits) = nullptr;
};

// random, greedy, sampler, pimc, ismcts, cheater.
const std::vector<HiddenBaseline>& hidden_baselines();
// The baseline called `name`, or nullptr.
const HiddenBaseline* hidden_baseline_named(std::string_view name);
// The hidden engine's Modes: "full" (the search), then each baseline that is one.
std::vector<std::string> hidden_modes();

}  // namespace jungle::game
