#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "ui/web/game_session.h"
#include "ui/web/game_store.h"
#include "ui/web/variant_catalog.h"

namespace jungle::web {

// The games in memory, loaded from the store on first use and written back
// after every change. At most `max_cached` games stay in memory; the least
// recently used ones that no request holds are dropped (the store has them).
class GameRegistry {
 public:
  GameRegistry(GameStore& store, const VariantCatalog& catalog, size_t max_cached,
               int64_t max_movetime_ms);

  // Stores a new game and assigns its id.
  std::shared_ptr<GameSession> add(std::unique_ptr<GameSession> game);
  // Throws ApiError 404 when there is no such game.
  std::shared_ptr<GameSession> get(int64_t id);
  // Writes the game's current state over the revision it was read at; call
  // with the game's mutex held. Throws ApiError 404 when the game was deleted
  // meanwhile (the copy is then detached and dropped), RevisionConflict when
  // another writer changed it first, StoreError when the write fails.
  void save(GameSession& game);
  // Drops the game from memory and from the store under one lock, so that
  // no concurrent get() can load it back between the two. False when there
  // was no such game.
  bool remove(int64_t id);
  // Drops the in-memory copy only; the next get() reloads the stored game.
  void forget(int64_t id);
  size_t cached() const;

 private:
  void trim_locked();
  void forget_locked(int64_t id);

  GameStore& store_;
  const VariantCatalog& catalog_;
  const size_t max_cached_;
  const int64_t max_movetime_ms_;
  mutable std::mutex mutex_;
  // Most recently used first.
  std::list<std::shared_ptr<GameSession>> order_;
  std::unordered_map<int64_t, std::list<std::shared_ptr<GameSession>>::iterator> by_id_;
};

}  // namespace jungle::web
