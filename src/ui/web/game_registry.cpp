#include "ui/web/game_registry.h"

namespace jungle::web {

GameRegistry::GameRegistry(GameStore& store, const VariantCatalog& catalog, size_t max_cached,
                           int64_t max_movetime_ms)
    : store_(store),
      catalog_(catalog),
      max_cached_(std::max<size_t>(1, max_cached)),
      max_movetime_ms_(max_movetime_ms) {}

std::shared_ptr<GameSession> GameRegistry::add(std::unique_ptr<GameSession> game) {
  StoredGame stored = game->to_stored();
  store_.insert(stored);
  game->set_id(stored.id);
  game->set_revision(stored.revision);
  std::shared_ptr<GameSession> shared(std::move(game));
  std::lock_guard lock(mutex_);
  order_.push_front(shared);
  by_id_[shared->id()] = order_.begin();
  trim_locked();
  return shared;
}

std::shared_ptr<GameSession> GameRegistry::get(int64_t id) {
  std::lock_guard lock(mutex_);
  if (auto it = by_id_.find(id); it != by_id_.end()) {
    order_.splice(order_.begin(), order_, it->second);
    return *it->second;
  }
  // Loading under the registry lock keeps two requests from building two
  // copies of one game; it is one indexed row and a replay, so it is quick.
  std::optional<StoredGame> stored = store_.load(id);
  if (!stored) throw ApiError(404, "no_such_game", "there is no game " + std::to_string(id));
  std::shared_ptr<GameSession> game = GameSession::from_stored(*stored, catalog_, max_movetime_ms_);
  order_.push_front(game);
  by_id_[id] = order_.begin();
  trim_locked();
  return game;
}

void GameRegistry::save(GameSession& game) {
  try {
    game.set_revision(store_.update(game.to_stored()));
  } catch (const MissingGameError&) {
    // Deleted while this request held it: the change has nowhere to go.
    game.detached = true;
    forget(game.id());
    throw ApiError(404, "no_such_game",
                   "game " + std::to_string(game.id()) + " was deleted; the change was not saved");
  }
}

bool GameRegistry::remove(int64_t id) {
  std::lock_guard lock(mutex_);
  forget_locked(id);
  return store_.remove(id);
}

void GameRegistry::forget(int64_t id) {
  std::lock_guard lock(mutex_);
  forget_locked(id);
}

void GameRegistry::forget_locked(int64_t id) {
  if (auto it = by_id_.find(id); it != by_id_.end()) {
    order_.erase(it->second);
    by_id_.erase(it);
  }
}

size_t GameRegistry::cached() const {
  std::lock_guard lock(mutex_);
  return by_id_.size();
}

void GameRegistry::trim_locked() {
  // A game some request still holds stays, so that no game ever has two
  // copies in memory; the cache may run over its size until they finish.
  for (auto it = order_.end(); by_id_.size() > max_cached_ && it != order_.begin();) {
    --it;
    if (it->use_count() == 1) {
      by_id_.erase((*it)->id());
      it = order_.erase(it);
    }
  }
}

}  // namespace jungle::web
