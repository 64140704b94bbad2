// The game service's clocks: a loss on time decided when a game is read
// or moved in, and the timer that decides it when nobody does.
#include <algorithm>
#include <chrono>

#include "core/aborted_game.h"
#include "web/service/game_service.h"

namespace jungle::web {

namespace {

// How often the timer looks at the clocks when none is due sooner: short,
// so that a clock a test sets forward is seen at once.
constexpr int64_t kClockTickMs = 200;

}  // namespace

bool GameService::settle_clock(GameSessionBase& game, std::optional<int64_t> at) {
  const int64_t t = at ? *at : now();
  if (game.over()) return false;
  // No first move in time: the game is aborted, never lost on time (a
  // player who never moved has played no game to lose).
  if (const std::optional<int64_t> first = first_move_deadline(game); first && *first <= t) {
    end(game, -1, std::string(kAbortedTermination), t);
    save(game, game.seats.listed);
    return true;
  }
  if (!game.clock.flagged(t)) return false;
  const int loser = game.clock.running();
  // Every piece can win by entering the den, so the side whose flag stands
  // can always still win: a flag is always a loss (docs/api.md).
  end(game, 1 - loser, "time", t);
  save(game, game.seats.listed);
  return true;
}

std::optional<int64_t> GameService::first_move_deadline(const GameSessionBase& game) {
  if (game.over() || !game.seats.online || game.ply() >= kAbortBelowPlies) return std::nullopt;
  const int seat = game.clock.running();
  if (seat < 0 || game.player(seat).is_engine()) return std::nullopt;
  const std::optional<int64_t> flag = game.clock.deadline();
  if (game.clock.control().kind == TimeControl::Kind::kCorrespondence) return flag;
  const int64_t due = game.clock.since() + kFirstMoveMs;
  return flag ? std::min(*flag, due) : due;
}

void GameService::track_deadline(const GameSessionBase& game) {
  std::optional<int64_t> due = game.over() ? std::nullopt : game.clock.deadline();
  if (const std::optional<int64_t> first = first_move_deadline(game)) {
    due = due ? std::min(*due, *first) : *first;
  }
  {
    std::lock_guard lock(clock_mutex_);
    if (due) {
      deadlines_[game.id()] = *due;
    } else {
      deadlines_.erase(game.id());
    }
  }
  if (due) clock_wake_.notify_all();
}

void GameService::resume_clocks() {
  // The deadlines are stored with the games (the clock's start and what it
  // had left): a server that starts again watches every clock that runs,
  // so that a correspondence move's days end on time with nobody reading
  // the game, and a clock that ran out while the server was down falls at
  // once, as a flag does (settle_clock).
  constexpr int kPage = 500;
  try {
    for (int offset = 0;; offset += kPage) {
      const std::vector<StoredGame> page = games_.store().list(kPage, offset);
      std::lock_guard lock(clock_mutex_);
      for (const StoredGame& g : page) {
        if (g.result != "*" || g.clock.empty()) continue;
        if (const std::optional<int64_t> due = GameClock::from_stored(g.clock).deadline()) {
          deadlines_[g.id] = *due;
        }
      }
      if (page.size() < size_t(kPage)) break;
    }
  } catch (const StoreError&) {
    // The store cannot be read now: each game's clock is watched from its
    // first request on (GameService::lock), as before.
  }
}

void GameService::check_clocks() {
  std::vector<int64_t> due;
  {
    const int64_t t = now();
    std::lock_guard lock(clock_mutex_);
    for (const auto& [id, deadline] : deadlines_) {
      if (deadline <= t) due.push_back(id);
    }
  }
  for (int64_t id : due) {
    try {
      mutate(id, [&](GameSessionBase& game) {
        if (!settle_clock(game)) track_deadline(game);
        return Json();
      });
    } catch (const std::exception&) {
      // Deleted, or the store failed: the next read decides it.
      std::lock_guard lock(clock_mutex_);
      deadlines_.erase(id);
    }
  }
}

void GameService::clock_loop() {
  std::unique_lock lock(clock_mutex_);
  while (!stopping_) {
    int64_t wait = kClockTickMs;
    const int64_t t = options_.clock();
    for (const auto& [id, deadline] : deadlines_) wait = std::min(wait, deadline - t);
    if (wait > 0) {
      clock_wake_.wait_for(lock, std::chrono::milliseconds(wait));
      continue;
    }
    lock.unlock();
    check_clocks();
    lock.lock();
  }
}

}  // namespace jungle::web
