#include "web/store/game_events.h"

#include <vector>

namespace jungle::web {

GameEvents::Subscription& GameEvents::Subscription::operator=(Subscription&& o) noexcept {
  if (this != &o) {
    reset();
    bus_ = o.bus_;
    id_ = o.id_;
    o.bus_ = nullptr;
  }
  return *this;
}

void GameEvents::Subscription::reset() {
  if (bus_) bus_->unsubscribe(id_);
  bus_ = nullptr;
}

void InProcessGameEvents::publish(const GameNotice& notice) {
  // Called outside the lock: a listener may subscribe or unsubscribe.
  std::vector<std::shared_ptr<Listener>> called;
  {
    std::lock_guard lock(mutex_);
    // Every game's listeners first (see the header), then the game's.
    for (int64_t key : {int64_t(0), notice.game_id}) {
      if (auto it = by_game_.find(key); it != by_game_.end()) {
        for (const auto& [id, listener] : it->second) called.push_back(listener);
      }
      if (notice.game_id == 0) break;
    }
  }
  for (const auto& listener : called) (*listener)(notice);
}

GameEvents::Subscription InProcessGameEvents::subscribe(int64_t game_id, Listener listener) {
  std::lock_guard lock(mutex_);
  const uint64_t id = next_id_++;
  by_game_[game_id][id] = std::make_shared<Listener>(std::move(listener));
  game_of_[id] = game_id;
  return Subscription(this, id);
}

void InProcessGameEvents::unsubscribe(uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = game_of_.find(id);
  if (it == game_of_.end()) return;
  auto game = by_game_.find(it->second);
  game->second.erase(id);
  if (game->second.empty()) by_game_.erase(game);
  game_of_.erase(it);
}

size_t InProcessGameEvents::listeners() const {
  std::lock_guard lock(mutex_);
  return game_of_.size();
}

}  // namespace jungle::web
