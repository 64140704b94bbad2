#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "flip/flip_match.h"
#include "flip/flip_search.h"

// Flip Jungle's in-process baselines, written once: the list that both
// `jungle match --engine builtin=NAME` (the family's baseline_names) and
// the flip engine's protocol option Mode read, and how each plays
// (docs/game-interface.md, "Baselines").

namespace jungle::game {

struct FlipBaseline {
  std::string_view name;
  // Offered as the flip engine's Mode too: it chooses from the position
  // alone. The seer knows the deal, which only a match holds.
  bool mode = false;
  // Searches: a match must give it a depth, nodes or movetime a move.
  bool searches = false;
  // The player, its generator seeded with `seed`, searching `limits` (the
  // one-ply players ignore them); null for the seer, whose engine
  // (builtin_engines.h) is also given the deal. As a Mode, a searching one
  // is made afresh for each position and cannot be stopped, so the engine
  // refuses it a `go` with no depth, nodes or movetime.
  flip::FlipPlayer (*make)(uint64_t seed, const flip::FlipLimits& limits) = nullptr;
};

// random, greedy, careful, pimc, seer.
const std::vector<FlipBaseline>& flip_baselines();
// The baseline called `name`, or nullptr.
const FlipBaseline* flip_baseline_named(std::string_view name);
// The flip engine's Modes: "full" (the search), then each baseline that is one.
std::vector<std::string> flip_modes();

}  // namespace jungle::game
