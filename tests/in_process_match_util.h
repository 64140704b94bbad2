#pragma once

// Matches between engines made in this process, played by the match
// runner as `jungle flip-match` and `jungle hidden-match` play them.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "game/builtin_engines.h"
#include "game/family.h"
#include "game/fixed_limits_engine.h"
#include "match/match_config.h"
#include "match/match_runner.h"

namespace jungle::test {

struct InProcessMatch {
  match::MatchResult result;
  std::vector<match::GameOutcome> games;  // in order, each with its final state
};

// `games` games of `variant` between `a` (moving first in even games) and
// `b`, chance from `chance` (one stream seeded `seed`, with a deal or not,
// when null).
inline InProcessMatch play_in_process(const std::string& variant,
                                      std::function<game::BuiltinEngine()> a,
                                      std::function<game::BuiltinEngine()> b, int games,
                                      uint64_t seed, bool deal = false,
                                      std::shared_ptr<match::ChanceSource> chance = nullptr) {
  match::MatchConfig config = match::in_process_config(variant, games, seed);
  config.engines[0].name = "a";
  config.engines[0].make = std::move(a);
  config.engines[1].name = "b";
  config.engines[1].make = std::move(b);
  config.chance = chance ? chance : std::make_shared<match::OneStream>(seed, deal);
  InProcessMatch out;
  match::MatchRunner runner(config);
  out.result = runner.run(
      [&out](const match::GameOutcome& g, const match::MatchResult&) { out.games.push_back(g); });
  return out;
}

// The family's own engine of `variant` (the protocol's), searching every
// move at `per_move`, as the aliases play it.
inline game::BuiltinEngine family_engine_at(const std::string& variant,
                                            const game::Limits& per_move) {
  std::unique_ptr<game::Engine> engine = game::family_of_variant(variant).make_engine();
  engine->set_option("Variant", variant);
  game::BuiltinEngine out;
  out.engine = game::at_fixed_limits(std::move(engine), per_move);
  return out;
}

}  // namespace jungle::test
