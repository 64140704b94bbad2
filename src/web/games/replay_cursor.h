#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "game/state.h"

// A replay of a game's actions kept between the steps of its review, so
// that reviewing N plies applies each action once: each step replayed the
// game from its start to the ply it reviewed (N^2/2 actions for the whole
// review, and again to keep each finding). It goes on from where the last
// step left it, and starts again from the game's start only when asked for
// an earlier point or when the game has changed since (a take-back, a move
// played, a new set-up: `changes`, the session's count of its changes, and
// fewer actions than the cursor holds both tell).

namespace jungle::web {

class ReplayCursor {
 public:
  // The state after the first `count` actions of `game`, chance's included.
  const game::State& after(const game::State& game, uint64_t changes, size_t count);
  // The state before ply `index` (0-based, sides' actions only) of `game`,
  // and through actions_applied() where that ply's action stands in the
  // game's actions; at the game's end where it has no such ply.
  const game::State& before_ply(const game::State& game, uint64_t changes, size_t index);
  // How many of the game's actions the state holds.
  size_t actions_applied() const { return count_; }
  // How many actions were applied since the cursor was made, starts again
  // included: what a review costs, for the tests of how often it replays.
  uint64_t replayed() const { return replayed_; }

 private:
  // Starts again from the game's start where the game has changed since.
  void follow(const game::State& game, uint64_t changes);
  void restart(const game::State& game);
  void step(const game::State& game);

  std::unique_ptr<game::State> state_;
  uint64_t changes_ = 0;
  size_t count_ = 0;
  size_t side_actions_ = 0;  // of the `count_` actions, the sides'
  uint64_t replayed_ = 0;
};

}  // namespace jungle::web
