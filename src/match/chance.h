#pragma once

// The match's one chance sampler (as OpenSpiel's evaluate_bots has one):
// whenever chance acts in a game of any family, the runner draws its
// outcome here, with a generator seeded by the match, so that a match
// replays exactly for a seed and both games of a pair share their deal.

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/random_bits.h"
#include "game/chance_draw.h"
#include "game/family.h"
#include "game/state.h"

namespace jungle::match {

// Chance's one draw (game/chance_draw.h), which the match shares with
// every front end.
using game::sample_chance;

// The seed of the generator of pair `pair` (games 2 pair and 2 pair + 1)
// in a match seeded `seed`: the two mixed by SplitMix64, so that the pairs'
// streams are unrelated however alike their numbers.
uint64_t pair_seed(uint64_t seed, int pair);

// Chance in one game of a match: its start (a hidden game's set-up, Flip
// Jungle's deal) and each outcome chance draws while it is played.
class GameChance {
 public:
  virtual ~GameChance() = default;
  // The game's state from `start` ("": the rule set's) under `variant`.
  // Throws std::invalid_argument as Family::new_state does.
  virtual std::unique_ptr<game::State> start(const game::Family& family, const std::string& variant,
                                             const std::string& start) = 0;
  // Chance's action in `state`, where chance is to act.
  virtual std::string draw(const game::State& state) = 0;
};

// Where a match's chance comes from, game by game.
class ChanceSource {
 public:
  virtual ~ChanceSource() = default;
  // Chance of game `index` (0-based; games 2k and 2k+1 form a pair).
  virtual std::unique_ptr<GameChance> game(int index) = 0;
  // Whether games may be started in any order, several at once: false for
  // a source whose games draw from one stream, one game after another.
  virtual bool any_order() const { return true; }
};

// One generator for the whole match, seeded `seed`, its games played one
// after another: each game's start drawn from it (and, with `deal`, its
// deal: State::deal), then each outcome the deal left open by
// sample_chance, the draw every front end makes (a dealt outcome is no new
// draw). `jungle flip-match` and `jungle hidden-match` play their games so.
class OneStream final : public ChanceSource {
 public:
  OneStream(uint64_t seed, bool deal) : bits_(seed), deal_(deal) {}
  std::unique_ptr<GameChance> game(int index) override;
  bool any_order() const override { return false; }

 private:
  class Game;
  std::mt19937_64 bits_;
  bool deal_;
};

// The match's sampler: both games of a pair from one generator seeded
// pair_seed(seed, pair), which makes the set-up, deals what chance will
// reveal (State::deal) and then draws whatever chance is left
// (sample_chance): the same deal twice, the colours swapped.
class PairedDeals final : public ChanceSource {
 public:
  explicit PairedDeals(uint64_t seed) : seed_(seed) {}
  std::unique_ptr<GameChance> game(int index) override;

 private:
  uint64_t seed_;
};

}  // namespace jungle::match
