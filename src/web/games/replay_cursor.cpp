#include "web/games/replay_cursor.h"

#include "game/family.h"

namespace jungle::web {

const game::State& ReplayCursor::after(const game::State& game, uint64_t changes, size_t count) {
  follow(game, changes);
  if (count_ > count) restart(game);
  while (count_ < count && count_ < game.actions().size()) step(game);
  return *state_;
}

const game::State& ReplayCursor::before_ply(const game::State& game, uint64_t changes,
                                            size_t index) {
  follow(game, changes);
  if (side_actions_ > index) restart(game);
  // The ply's action is the first a side makes after `index` of the sides'
  // (chance's outcomes between them are applied on the way).
  while (count_ < game.actions().size() && !(state_->actor().is_side() && side_actions_ == index)) {
    step(game);
  }
  return *state_;
}

void ReplayCursor::follow(const game::State& game, uint64_t changes) {
  if (!state_ || changes != changes_ || count_ > game.actions().size()) {
    changes_ = changes;
    restart(game);
  }
}

void ReplayCursor::restart(const game::State& game) {
  state_ = game::start_of(game);
  count_ = 0;
  side_actions_ = 0;
}

void ReplayCursor::step(const game::State& game) {
  if (state_->actor().is_side()) ++side_actions_;
  state_->apply(game.actions()[count_]);
  ++count_;
  ++replayed_;
}

}  // namespace jungle::web
