#pragma once

#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "web/games/game_session_base.h"
#include "web/games/variant_catalog.h"
#include "web/store/game_events.h"
#include "web/store/game_store.h"

namespace jungle::web {

// The games in memory, of both kinds, loaded from the store on first use
// and written back after every change with the events the change recorded,
// which the bus then announces. At most `max_cached` games stay in memory;
// the least recently used ones that no request holds are dropped (the store
// has them). A notice that another writer (another server) changed a game
// drops the copy held here, so the next request reads the new one.
class GameRegistry {
 public:
  GameRegistry(GameStore& store, GameEvents& events, const VariantCatalog& catalog,
               size_t max_cached, int64_t max_movetime_ms);
  ~GameRegistry();

  // Stores a new game with the events it recorded and assigns its id. When
  // the game has a join code that another game has, `new_code` gives
  // another, a few times over.
  std::shared_ptr<GameSessionBase> add(std::unique_ptr<GameSessionBase> game,
                                       const std::function<std::string()>& new_code = {});
  // Throws GameError kNotFound when there is no such game.
  std::shared_ptr<GameSessionBase> get(int64_t id);
  // Writes the game's current state, and its pending events, over the
  // revision it was read at, then announces them; call with the game's mutex
  // held. `lobby`: the change may concern the lobby. Throws GameError
  // kNotFound when the game was deleted meanwhile, RevisionConflict when
  // another writer changed it first (the copy is then detached and dropped
  // either way), StoreError when the write fails.
  void save(GameSessionBase& game, bool lobby = false);
  // Drops the game from memory and from the store under one lock, so that
  // no concurrent get() can load it back between the two. False when there
  // was no such game.
  bool remove(int64_t id);
  // Drops the in-memory copy only; the next get() reloads the stored game.
  void forget(int64_t id);
  // Whether the store holds another state of the game than this copy (a
  // change through another server whose notice has not arrived yet, or the
  // game deleted): then the copy is detached and dropped, as save() does on
  // a conflict, and the next get() reads the stored game. Call with the
  // game's mutex held. False when the copy is the stored state, and when
  // the store cannot be read (the copy stands as the best known).
  bool drop_if_stale(GameSessionBase& game);
  size_t cached() const;
  // Every game in memory, for the clock's rounds.
  std::vector<std::shared_ptr<GameSessionBase>> snapshot() const;

  GameStore& store() { return store_; }
  GameEvents& events() { return events_; }

 private:
  std::shared_ptr<GameSessionBase> load(const StoredGame& row);
  void trim_locked();
  void forget_locked(int64_t id);
  // Another writer's change: drop an older copy.
  void heard(const GameNotice& notice);

  GameStore& store_;
  GameEvents& events_;
  const VariantCatalog& catalog_;
  const size_t max_cached_;
  const int64_t max_movetime_ms_;
  mutable std::mutex mutex_;
  // Most recently used first.
  std::list<std::shared_ptr<GameSessionBase>> order_;
  std::unordered_map<int64_t, std::list<std::shared_ptr<GameSessionBase>>::iterator> by_id_;
  GameEvents::Subscription subscription_;
};

}  // namespace jungle::web
