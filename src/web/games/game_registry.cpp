#include "web/games/game_registry.h"

#include "web/games/family_sessions.h"
#include "web/games/rating_category.h"

namespace jungle::web {

namespace {

// Tries for a join code nobody has before giving up.
constexpr int kCodeAttempts = 8;

// The game's row, with the rating category of a rated game and the colour
// the first seat played, which the store keeps so that a profile's list
// filters by the one and counts each account by the other in the query.
StoredGame row_of(const GameSessionBase& game) {
  StoredGame row = game.stored_row();
  row.first_seat_colour = side_json_name(game.side_of_seat(0));
  if (game.seats.rated) {
    row.category = rating_category(game.family(), game.variant(), game.clock.control());
  }
  return row;
}

}  // namespace

GameRegistry::GameRegistry(GameStore& store, GameEvents& events, const VariantCatalog& catalog,
                           size_t max_cached, int64_t max_movetime_ms)
    : store_(store),
      events_(events),
      catalog_(catalog),
      max_cached_(std::max<size_t>(1, max_cached)),
      max_movetime_ms_(max_movetime_ms) {
  subscription_ = events_.subscribe(0, [this](const GameNotice& n) { heard(n); });
}

GameRegistry::~GameRegistry() {
  subscription_.reset();
}

std::shared_ptr<GameSessionBase> GameRegistry::load(const StoredGame& row) {
  return session_from_stored(row, catalog_, max_movetime_ms_);
}

std::shared_ptr<GameSessionBase> GameRegistry::add(std::unique_ptr<GameSessionBase> game,
                                                   const std::function<std::string()>& new_code) {
  StoredGame row = row_of(*game);
  for (int attempt = 0;; ++attempt) {
    try {
      store_.insert(row, game->pending_events());
      break;
    } catch (const DuplicateCodeError&) {
      if (!new_code || attempt + 1 >= kCodeAttempts) throw;
      row.code = game->code = new_code();
    }
  }
  game->set_id(row.id);
  game->saved(row.revision);
  std::shared_ptr<GameSessionBase> shared(std::move(game));
  {
    std::lock_guard lock(mutex_);
    order_.push_front(shared);
    by_id_[shared->id()] = order_.begin();
    trim_locked();
  }
  events_.publish({row.id, row.last_event, row.revision, !row.listing.empty(), ""});
  return shared;
}

std::shared_ptr<GameSessionBase> GameRegistry::get(int64_t id) {
  std::lock_guard lock(mutex_);
  if (auto it = by_id_.find(id); it != by_id_.end()) {
    order_.splice(order_.begin(), order_, it->second);
    return *it->second;
  }
  // Loading under the registry lock keeps two requests from building two
  // copies of one game; it is one indexed row and a replay, so it is quick.
  std::optional<StoredGame> stored = store_.load(id);
  if (!stored) {
    throw GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
  }
  std::shared_ptr<GameSessionBase> game = load(*stored);
  order_.push_front(game);
  by_id_[id] = order_.begin();
  trim_locked();
  return game;
}

void GameRegistry::save(GameSessionBase& game, bool lobby) {
  const StoredGame row = row_of(game);
  int64_t revision = 0;
  try {
    revision = store_.update(row, game.pending_events());
  } catch (const MissingGameError&) {
    // Deleted while this request held it: the change has nowhere to go.
    game.detached = true;
    forget(game.id());
    throw GameError(ErrorKind::kNotFound, "no_such_game",
                    "game " + std::to_string(game.id()) + " was deleted; the change was not saved");
  } catch (const StoreError&) {
    // Another writer got there first, or the write failed: this copy is no
    // longer the game; the next request reads the stored one.
    game.detached = true;
    forget(game.id());
    throw;
  }
  const bool had_events = !game.pending_events().empty();
  game.saved(revision);
  if (had_events || lobby) {
    events_.publish({game.id(), game.last_event(), revision, lobby || !row.listing.empty(), ""});
  }
}

bool GameRegistry::remove(int64_t id) {
  bool removed = false;
  {
    std::lock_guard lock(mutex_);
    forget_locked(id);
    removed = store_.remove(id);
  }
  if (removed) events_.publish({id, 0, 0, true, R"({"type":"deleted"})"});
  return removed;
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

bool GameRegistry::drop_if_stale(GameSessionBase& game) {
  std::optional<StoredGame> stored;
  try {
    stored = store_.load(game.id());
  } catch (const StoreError&) {
    return false;
  }
  if (stored && stored->revision == game.revision()) return false;
  game.detached = true;
  forget(game.id());
  return true;
}

size_t GameRegistry::cached() const {
  std::lock_guard lock(mutex_);
  return by_id_.size();
}

std::vector<std::shared_ptr<GameSessionBase>> GameRegistry::snapshot() const {
  std::lock_guard lock(mutex_);
  return {order_.begin(), order_.end()};
}

void GameRegistry::heard(const GameNotice& notice) {
  if (notice.revision == 0) return;
  std::lock_guard lock(mutex_);
  auto it = by_id_.find(notice.game_id);
  if (it == by_id_.end()) return;
  // Our own saves announce the revision this copy already has. Reading the
  // copy's revision without its lock is a hint only: a copy that is being
  // saved right now ends with at least the announced revision.
  const std::shared_ptr<GameSessionBase>& game = *it->second;
  if (game->revision_hint() < notice.revision) forget_locked(notice.game_id);
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
