#pragma once

// The random play that the game interface's tests walk games with, for
// every family alike: each viewer, every viewer's observation, and one of
// the actor's actions (game_interface_test.cpp,
// game_family_capabilities_test.cpp). Inline, not in an anonymous
// namespace: a unity build compiles both files as one.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "game/family.h"
#include "game/state.h"

namespace jungle::game::playout {

inline const std::vector<Viewer> kViewers = {Viewer(kBlue), Viewer(kRed), std::nullopt};

inline std::vector<Observation> observe_all(const State& s) {
  std::vector<Observation> out;
  for (Viewer v : kViewers) out.push_back(s.observe(v));
  return out;
}

// One of the actor's actions: uniform for a side, by probability for chance.
inline std::string pick(const State& s, std::mt19937_64& rng) {
  if (s.actor().is_chance()) {
    const std::vector<ChanceOutcome> outcomes = s.chance_outcomes();
    double total = 0;
    for (const ChanceOutcome& o : outcomes) total += o.probability;
    EXPECT_NEAR(total, 1.0, 1e-12);
    double x = std::uniform_real_distribution<double>(0, total)(rng);
    for (const ChanceOutcome& o : outcomes) {
      if ((x -= o.probability) <= 0) return o.action;
    }
    return outcomes.back().action;
  }
  const std::vector<std::string> actions = s.legal_actions();
  return actions[std::uniform_int_distribution<size_t>(0, actions.size() - 1)(rng)];
}

}  // namespace jungle::game::playout
