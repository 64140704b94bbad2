#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>

#include "flip/flip_position.h"
#include "flip/flip_search.h"

// Flip Jungle games played in-process between the engine and a baseline
// (the match runner of src/match speaks to engine processes about 7x9
// positions; this game needs neither). Chance outcomes are drawn from the
// pool with a seeded generator, so a match replays exactly.

namespace jungle::flip {

// Chooses an action in a position that has not ended.
using FlipPlayer = std::function<Action(FlipPosition&)>;

// Uniformly among the legal actions.
FlipPlayer random_player(uint64_t seed);
// The action with the best expected evaluation one ply ahead (a flip's
// value is the pool-weighted mean over what it may reveal).
FlipPlayer greedy_player();
// The engine with these limits.
FlipPlayer engine_player(const FlipLimits& limits, FlipSearchOptions options = {});

struct FlipMatchResult {
  int wins = 0, draws = 0, losses = 0;  // the first player's (the engine's)
  int games() const { return wins + draws + losses; }
  double score() const;      // (W + D/2) / games
  double error() const;      // half the width of the 95% interval of the score
  std::string text() const;  // "W 190 D 6 L 4, score 0.965 +- 0.022 (95%)"
};

// `games` games, `a` moving first in the even ones; what each flip reveals
// is drawn with `seed`. `on_game` sees each finished game and `a`'s points
// in it (1, 0.5 or 0).
FlipMatchResult play_flip_match(
    const FlipRulesPtr& rules, const FlipPlayer& a, const FlipPlayer& b, int games, uint64_t seed,
    const std::function<void(int, const FlipPosition&, double)>& on_game = {});

}  // namespace jungle::flip
