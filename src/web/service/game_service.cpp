// The game service's frame: starting and stopping it, a game locked for one
// request and the retry of a write that lost to another writer, the seats'
// checks, a game's state as each reader sees it, deleting a game. Its other
// parts: game_service_create, _play, _online, _watching, _clocks, _engine
// and _hidden (.cpp).
#include "web/service/game_service.h"

#include <algorithm>
#include <iostream>
#include <map>

#include "web/games/rating_category.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// Writes that find the game changed by another writer are decided again on
// the stored game this many times before the conflict is reported.
constexpr int kConflictRetries = 3;

// The accounts' answer failed: the game is still sent, without its
// players' accounts and ratings, and the server's log says why (once per
// failed question, as the other failures it survives).
void log_seat_labels_failure(const std::exception& e) {
  std::cerr << "jungle: accounts: rated players' accounts and ratings not read: " << e.what()
            << std::endl;
}

}  // namespace

GameService::GameService(GameRegistry& games, const VariantCatalog& catalog, EnginePool& pool,
                         GameServiceOptions options)
    : games_(games), catalog_(catalog), pool_(pool), options_(std::move(options)) {
  if (!options_.clock) options_.clock = [] { return now_ms(); };
  resume_clocks();
  clock_thread_ = std::thread([this] { clock_loop(); });
  presence_notices_ =
      games_.events().subscribe(0, [this](const GameNotice& n) { heard_presence(n); });
}

GameService::~GameService() {
  stop();
}

void GameService::stop() {
  presence_notices_.reset();
  {
    std::lock_guard lock(clock_mutex_);
    stopping_ = true;
  }
  clock_wake_.notify_all();
  if (clock_thread_.joinable()) clock_thread_.join();
}

// ---------------------------------------------------------------------------
// Locking, saving, retrying.

GameService::LockedGame GameService::lock(int64_t id) {
  for (int attempt = 0;; ++attempt) {
    std::shared_ptr<GameSessionBase> game = games_.get(id);
    std::unique_lock lock(game->mutex());
    if (!game->detached || attempt > 0) {
      // A game read back from the store with a clock running (after a
      // restart) is watched from its first request on.
      if (!game->detached && game->clock.running() >= 0) track_deadline(*game);
      return LockedGame{std::move(game), std::move(lock)};
    }
  }
}

void GameService::refuse_help_while_online(const GameSessionBase& game, Help help) {
  if (game.seats.online && !game.over()) {
    throw GameError(ErrorKind::kRefused, "game_in_progress",
                    std::string(help_name(help)) +
                        " are not given during an online game; they come when it is over");
  }
}

void GameService::save(GameSessionBase& game, bool lobby) {
  games_.save(game, lobby);
  track_deadline(game);
  if (game.seats.rated && game.over() && rated_over_) {
    // The game is saved over whatever the ratings' store says: a failure
    // there is counted at the game's next save (the listener is idempotent).
    try {
      rated_over_(game);
    } catch (const std::exception&) {
    }
  }
}

bool GameService::rated(int64_t id) {
  LockedGame g = lock(id);
  if (g.game->detached) throw no_such_game(id);
  return g.game->seats.rated;
}

GameService::RatedTerms GameService::rated_terms(int64_t id) {
  LockedGame g = lock(id);
  if (g.game->detached) throw no_such_game(id);
  const SeatTable& seats = g.game->seats;
  RatedTerms terms{seats.rated, seats.rated ? category_of(*g.game) : "", std::nullopt};
  if (seats.has_range) terms.range = RatingRange{seats.rating_min, seats.rating_max};
  return terms;
}

std::string GameService::category_of(const GameSessionBase& game) {
  return rating_category(game.family(), game.variant(), game.clock.control());
}

bool GameService::decided_on_stale_copy(GameSessionBase& game, const GameError& error) {
  // The refusals that depend on the game's state; a malformed request is
  // malformed on any copy.
  switch (error.kind()) {
    case ErrorKind::kForbidden:
    case ErrorKind::kConflict:
    case ErrorKind::kRefused:
      return games_.drop_if_stale(game);
    default:
      return false;
  }
}

Json GameService::mutate(int64_t id, const std::function<Json(GameSessionBase&)>& change) {
  for (int attempt = 0;; ++attempt) {
    LockedGame g = lock(id);
    if (g.game->detached) {
      throw no_such_game(id);
    }
    try {
      return change(*g.game);
    } catch (const RevisionConflict&) {
      // The registry dropped this copy; the next round reads the stored game
      // and decides again, so nothing another writer did is undone.
      if (attempt + 1 >= kConflictRetries) throw;
    } catch (const GameError& e) {
      // A move refused as "waiting for the opponent" when the opponent had
      // just sat down through another server: the next round decides on the
      // stored game.
      if (attempt + 1 >= kConflictRetries || !decided_on_stale_copy(*g.game, e)) throw;
    }
  }
}

GameService::LockedGame GameService::lock_checked(
    int64_t id, const std::function<void(GameSessionBase&)>& check) {
  for (int attempt = 0;; ++attempt) {
    LockedGame g = lock(id);
    try {
      check(*g.game);
      return g;
    } catch (const GameError& e) {
      if (attempt + 1 >= kConflictRetries || !decided_on_stale_copy(*g.game, e)) throw;
    }
  }
}

// ---------------------------------------------------------------------------
// Seats.

void GameService::require_seat(GameSessionBase& game, const Requester& who, int seat,
                               const std::string& what) {
  if (game.seats.unclaimed) {
    // A game stored before seats: the first player with a key adopts it; a
    // request without one may act, as everyone could then.
    if (who.player_key.empty()) return;
    for (int s = 0; s < 2; ++s) game.seats.take(s, who.proof, who.player_key, now());
    game.seats.unclaimed = false;
    return;
  }
  if (!game.seats.holds(seat, who.proof)) throw not_your_seat(what);
}

void GameService::require_any_seat(GameSessionBase& game, const Requester& who,
                                   const std::string& what) {
  if (game.seats.unclaimed) {
    require_seat(game, who, 0, what);
    return;
  }
  if (!game.seats.holds_any(who.proof)) throw not_your_seat(what);
}

int GameService::own_seat(const GameSessionBase& game, const Requester& who, const char* what) {
  const int held = game.seats.held_by(who.proof);
  if (held == 0) throw not_your_seat(what);
  if (held == 3) {
    throw GameError(ErrorKind::kConflict, "both_seats",
                    std::string(what) +
                        ": you hold both seats of this game; this is for a "
                        "player facing someone else");
  }
  return held == 1 ? 0 : 1;
}

int GameService::seats_of(int64_t id, const Requester& who) {
  LockedGame g = lock(id);
  return g.game->seats.held_by(who.proof);
}

// ---------------------------------------------------------------------------
// The state.

Json GameService::state_of(GameSessionBase& game, int seats) {
  // A game stored before seats is anyone's until a player with a key acts.
  if (game.seats.unclaimed) seats = 3;
  // Where pieces are hidden, only what these seats may see.
  Json s = game.to_json_for(seats);
  s["mode"] = game.seats.online ? "online" : "local";
  s["listed"] = game.seats.listed;
  s["rated"] = game.seats.rated;
  if (game.seats.has_range) {
    s["rating_range"] = {{"min", game.seats.rating_min}, {"max", game.seats.rating_max}};
  }
  if (game.seats.rated) {
    s["category"] = category_of(game);
    // A rated game is between two accounts: each strip names its account
    // and its rating in the game's category, where a casual game's player
    // chose a name or stays anonymous. The accounts are public (the lobby
    // and the games list show them). One question to the account service
    // answers both.
    if (seat_labels_ && s.contains("players") && s["players"].is_object()) {
      std::map<int64_t, std::array<SeatLabel, 2>> labels;
      try {
        labels = seat_labels_({ListedGame{game.id(), category_of(game)}});
      } catch (const std::exception& e) {
        // The state without its accounts and ratings rather than none.
        log_seat_labels_failure(e);
      }
      const auto found = labels.find(game.id());
      for (int seat = 0; seat < 2; ++seat) {
        Json& p = s["players"][seat_name(seat)];
        if (!p.is_object()) continue;
        const SeatLabel none;
        const SeatLabel& l = found == labels.end() ? none : found->second[size_t(seat)];
        p["rating"] = l.rating.empty() ? Json(nullptr) : Json(l.rating);
        if (found != labels.end())
          p["account"] = l.account.empty() ? Json(nullptr) : Json(l.account);
      }
    }
  }
  s["seats"] = presence_json(game);
  Json you = Json::array();
  for (int seat = 0; seat < 2; ++seat) {
    if (seats & (1 << seat)) you.push_back(seat_name(seat));
  }
  s["you"] = you;
  // The code takes the open seat: only those seated see it.
  if (seats != 0 && !game.code.empty()) s["code"] = game.code;
  const int64_t t = now();
  s["clock"] = game.clock.timed() ? game.clock.to_json(t) : Json(nullptr);
  s["offers"] =
      Json{{"draw", game.offers.draw < 0 ? Json(nullptr) : Json(seat_name(game.offers.draw))},
           {"takeback",
            game.offers.takeback < 0 ? Json(nullptr) : Json(seat_name(game.offers.takeback))}};
  if (game.over()) s["rematch"] = rematch_json(game);
  if (game.seats.online) s["abandon_timeout_ms"] = options_.abandon_timeout_ms;
  s["last_event"] = game.last_event();
  s["now_ms"] = t;
  s["engine_thinking"] = game.engine_ticket != nullptr;
  return s;
}

Json GameService::state(int64_t id, const Requester& who) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    settle_clock(game);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

std::string GameService::category_of(const StoredGame& g) const {
  if (!SeatTable::from_stored(g.seats).rated) return "";
  const game::Family* family = catalog_.family_of(g.variant);
  if (family == nullptr) return "";
  return rating_category(*family, g.variant, GameClock::from_stored(g.clock).control());
}

int GameService::categorize_stored_games() {
  GameStore& store = games_.store();
  int categorized = 0;
  int64_t after = 0;
  for (;;) {
    const std::vector<StoredGame> page = store.uncategorized_rated(after, kCategorizePage);
    for (const StoredGame& g : page) {
      after = g.id;
      // A rated game's category is never "" (rated games are timed), but a
      // damaged row's may be: it is passed over, not looked for again.
      const std::string category = category_of(g);
      if (category.empty()) continue;
      store.set_category(g.id, category);
      ++categorized;
    }
    if (page.size() < size_t(kCategorizePage)) return categorized;
  }
}

void GameService::label_seats(const std::vector<ListedGame>& games,
                              std::vector<Json>& lines) const {
  for (size_t i = 0; i < games.size(); ++i) {
    lines[i]["rated"] = !games[i].category.empty();
    if (!games[i].category.empty()) lines[i]["category"] = games[i].category;
  }
  if (!seat_labels_ || games.empty()) return;
  std::map<int64_t, std::array<SeatLabel, 2>> labels;
  try {
    labels = seat_labels_(games);
  } catch (const std::exception& e) {
    // The list without its accounts rather than none.
    log_seat_labels_failure(e);
    return;
  }
  for (size_t i = 0; i < games.size(); ++i) {
    const auto found = labels.find(games[i].id);
    for (int seat = 0; seat < 2; ++seat) {
      Json& p = lines[i]["players"][seat_name(seat)];
      if (!p.is_object()) continue;
      const SeatLabel none;
      const SeatLabel& l = found == labels.end() ? none : found->second[size_t(seat)];
      p["account"] = l.account.empty() ? Json(nullptr) : Json(l.account);
      if (!games[i].category.empty()) {
        p["rating"] = l.rating.empty() ? Json(nullptr) : Json(l.rating);
      }
    }
  }
}

Json GameService::list(int limit, int offset) {
  const std::vector<StoredGame> stored = games_.store().list(limit, offset);
  std::vector<ListedGame> listed;
  std::vector<Json> lines;
  for (const StoredGame& g : stored) {
    listed.push_back(ListedGame{g.id, category_of(g)});
    Json line = stored_summary_json(g);
    // Time left where a clock runs (a correspondence game's days), from
    // the stored deadline.
    const GameClock clock = GameClock::from_stored(g.clock);
    if (g.result == "*" && clock.deadline()) {
      line["clock"] = Json{{"control", clock.control().to_json()},
                           {"running", seat_name(clock.running())},
                           {"deadline_ms", *clock.deadline()}};
    }
    lines.push_back(std::move(line));
  }
  label_seats(listed, lines);
  return Json{{"games", lines},
              {"total", games_.store().count()},
              {"limit", limit},
              {"offset", offset},
              {"now_ms", now()}};
}

std::pair<std::string, std::string> GameService::record(int64_t id, const Requester& who) {
  LockedGame g = lock(id);
  seen(*g.game, who);
  if (g.game->seats.rated && rating_tags_) {
    try {
      g.game->extra_tags = rating_tags_(*g.game);
    } catch (const std::exception&) {
      // The record without its ratings rather than none.
    }
  }
  return g.game->record_for(g.game->seats.held_by(who.proof));
}

// ---------------------------------------------------------------------------
// Deleting.

void GameService::remove(int64_t id, const Requester& who) {
  for (int attempt = 0;; ++attempt) {
    LockedGame g = lock_checked(id, [&](GameSessionBase& game) {
      if (game.detached) {
        throw no_such_game(id);
      }
      if (game.seats.online) {
        // An online game belongs to both players once both sit at it.
        const int held = game.seats.held_by(who.proof);
        const bool alone = game.seats.open_seat(game.human_seats()) >= 0;
        if (held == 0) throw not_your_seat("deleting this game");
        if (!alone) {
          throw GameError(ErrorKind::kForbidden, "not_your_game",
                          "an online game that two players sat at is theirs together; it cannot "
                          "be deleted");
        }
      } else {
        require_any_seat(game, who, "deleting this game");
      }
    });
    GameSessionBase& game = *g.game;
    // Allowed on this copy, which may be older than the stored game: an
    // opponent who sat down through another server a moment ago makes the
    // game theirs together. Decided again on the stored game.
    if (game.seats.online && attempt + 1 < kConflictRetries && games_.drop_if_stale(game)) {
      continue;
    }
    if (game.engine_ticket) game.engine_ticket->cancel();
    game.engine_ticket.reset();
    if (game.analysis_ticket) game.analysis_ticket->cancel();
    const bool removed = games_.remove(id);
    game.detached = true;
    {
      std::lock_guard lock(clock_mutex_);
      deadlines_.erase(id);
    }
    if (!removed) {
      throw no_such_game(id);
    }
    return;
  }
}

}  // namespace jungle::web
