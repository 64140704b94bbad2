// The game service's rematches: after a game, a new one between the same
// people with colours swapped, the same rule set, clock and family options,
// offered by one player and accepted by the other (or made at once where one
// player holds both seats). The new game's seats go to the players who held
// the old ones (their player keys), and each player's token is handed to
// that player only: in the answer to its own request, never in an event,
// which spectators read too.
#include "web/games/family_sessions.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

GameError not_over_yet() {
  return GameError(ErrorKind::kRefused, "game_not_over",
                   "a rematch is offered once the game is over");
}

GameError rematch_made(int64_t game) {
  return GameError(ErrorKind::kConflict, "rematch_made",
                   "the rematch of this game was already made: game " + std::to_string(game));
}

GameError no_rematch() {
  return GameError(ErrorKind::kConflict, "no_rematch", "there is no rematch offer to answer");
}

// What `proof` proves with the tokens of `seats` given with it.
Credentials proof_with_tokens(Credentials proof, const std::array<std::string, 2>& tokens,
                              int seats) {
  for (int s = 0; s < 2; ++s) {
    if ((seats & (1 << s)) && !tokens[size_t(s)].empty()) {
      proof.token_digests.push_back(secret_digest(tokens[size_t(s)]));
    }
  }
  return proof;
}

// The state (as `seats` sees it) and tokens of a seated answer.
Seated seated_answer(Json state, const std::array<std::string, 2>& tokens, int seats) {
  Seated out;
  out.state = std::move(state);
  for (int s = 0; s < 2; ++s) {
    if ((seats & (1 << s)) && !tokens[size_t(s)].empty()) {
      out.seat_tokens[seat_name(s)] = tokens[size_t(s)];
    }
  }
  return out;
}

}  // namespace

Json GameService::rematch_json(const GameSessionBase& game) {
  const RematchOffer& r = game.offers.rematch;
  const bool pending = r.by >= 0 && r.game == 0;
  return Json{{"offered_by", pending ? Json(seat_name(r.by)) : Json(nullptr)},
              {"expires_ms", pending ? Json(r.offered_ms + kRematchLapseMs) : Json(nullptr)},
              {"game", r.game > 0 ? Json(r.game) : Json(nullptr)}};
}

bool GameService::rematch_gone(GameSessionBase& game, int64_t t) {
  RematchOffer& r = game.offers.rematch;
  if (r.by < 0 || r.game > 0) return false;
  std::string reason;
  if (t - r.offered_ms >= kRematchLapseMs) {
    reason = "lapsed";
  } else {
    std::lock_guard lock(presence_mutex_);
    const auto left = left_.find({game.id(), r.by});
    if (!watchers_.contains({game.id(), r.by}) && left != left_.end() &&
        left->second >= r.offered_ms) {
      reason = "left";
    }
  }
  if (reason.empty()) return false;
  game.emit("rematch_withdrawn", Json{{"by", seat_name(r.by)}, {"reason", reason}}, t);
  r = RematchOffer();
  return true;
}

std::pair<std::shared_ptr<GameSessionBase>, std::array<std::string, 2>> GameService::make_rematch(
    const GameSessionBase& old, int64_t t) {
  NewGame start;
  start.variant = old.variant();
  start.online = old.seats.online;
  // Colours swapped: each person (and an engine, at its strength) plays
  // the other seat.
  start.players = {old.player(1), old.player(0)};
  const game::Capabilities can = old.family().capabilities();
  // The same start position where the family has no deal or secret set-up
  // (a game from a position is replayed from it); else a fresh one.
  if (!can.chance && !can.hidden_information) start.fen = old.to_stored().start_fen;
  std::unique_ptr<GameSessionBase> game = new_session(old.family(), start, catalog_).game;
  game->clock = GameClock(old.clock.control());
  game->seats.online = old.seats.online;
  // A rated game's rematch is rated too: the same two accounts (the
  // listener gives them the new seats), the same category.
  game->seats.rated = old.seats.rated;
  std::array<std::string, 2> tokens;
  for (int seat = 0; seat < 2; ++seat) {
    const Seat& from = old.seats.seats[size_t(1 - seat)];
    if (!from.taken()) continue;
    Credentials holder;
    holder.key_digest = from.holder_digest;
    tokens[size_t(seat)] = game->seats.take(seat, holder, "", t);
  }
  run_clock(*game, t);
  std::shared_ptr<GameSessionBase> added =
      games_.add(std::move(game), [this] { return new_code(); });
  std::lock_guard lock(added->mutex());
  track_deadline(*added);
  if (rematch_made_) rematch_made_(old, *added);
  return {added, tokens};
}

Seated GameService::rematch(int64_t id, const Requester& who) {
  Seated out;
  mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    settle_clock(game);
    const int64_t t = now();
    if (!game.seats.online) {
      require_any_seat(game, who, "asking for a rematch");
    }
    const int seat = game.seats.online ? own_seat(game, who, "offering a rematch") : -1;
    if (!game.over()) throw not_over_yet();
    RematchOffer& r = game.offers.rematch;
    if (r.game > 0) throw rematch_made(r.game);
    if (!game.seats.online) {
      // One player holds both seats: nobody to ask.
      auto [made, tokens] = make_rematch(game, t);
      r.game = made->id();
      game.emit("rematch", Json{{"game", r.game}, {"by", nullptr}}, t);
      try {
        save(game);
      } catch (const RevisionConflict&) {
        games_.remove(made->id());
        throw;
      }
      std::lock_guard lock(made->mutex());
      out = seated_answer(
          state_of(*made, made->seats.held_by(proof_with_tokens(who.proof, tokens, 3))), tokens, 3);
      return Json();
    }
    if (rematch_gone(game, t)) save(game);
    if (r.by >= 0) {
      throw GameError(ErrorKind::kConflict, "rematch_pending",
                      r.by == seat ? "you have already offered a rematch; it stands until your "
                                     "opponent answers it, you withdraw it or it lapses"
                                   : "your opponent has already offered a rematch: accept or "
                                     "decline it");
    }
    if (!game.seats.seats[size_t(1 - seat)].taken()) {
      throw GameError(ErrorKind::kConflict, "no_opponent", "nobody has taken the other seat");
    }
    r.by = seat;
    r.offered_ms = t;
    game.emit("rematch_offer", Json{{"by", seat_name(seat)}, {"expires_ms", t + kRematchLapseMs}},
              t);
    save(game);
    out.state = state_of(game, game.seats.held_by(who.proof));
    return Json();
  });
  return out;
}

Seated GameService::answer_rematch(int64_t id, const Requester& who, bool accept) {
  Seated out;
  mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    const int seat = own_seat(game, who, "answering a rematch offer");
    const int64_t t = now();
    RematchOffer& r = game.offers.rematch;
    if (r.game > 0) throw rematch_made(r.game);
    if (rematch_gone(game, t)) save(game);
    if (r.by < 0) throw no_rematch();
    const int by = r.by;
    if (!accept) {
      // The opponent declines; the offerer withdraws.
      r = RematchOffer();
      game.emit("rematch_declined", Json{{"by", seat_name(by)}, {"answered_by", seat_name(seat)}},
                t);
      save(game);
      out.state = state_of(game, game.seats.held_by(who.proof));
      return Json();
    }
    if (by == seat) {
      throw GameError(ErrorKind::kConflict, "own_offer",
                      "this is your own rematch offer; your opponent answers it");
    }
    auto [made, tokens] = make_rematch(game, t);
    r.by = -1;
    r.game = made->id();
    game.emit("rematch", Json{{"game", r.game}, {"by", seat_name(by)}}, t);
    try {
      save(game);
    } catch (const RevisionConflict&) {
      // Decided again on the stored game: this game is not to be.
      games_.remove(made->id());
      throw;
    }
    // The accepter sits where its opponent sat.
    std::lock_guard lock(made->mutex());
    const int mine = 1 << (1 - seat);
    out = seated_answer(
        state_of(*made, made->seats.held_by(proof_with_tokens(who.proof, tokens, mine))), tokens,
        mine);
    return Json();
  });
  return out;
}

Seated GameService::rematch_seat(int64_t id, const Requester& who) {
  int64_t made = 0;
  int held = 0;
  {
    LockedGame g = lock(id);
    if (g.game->detached) throw no_such_game(id);
    held = g.game->seats.held_by(who.proof);
    if (held == 0) throw not_your_seat("taking your seat in the rematch");
    made = g.game->offers.rematch.game;
    if (made == 0) {
      throw GameError(ErrorKind::kConflict, "no_rematch", "no rematch of this game has been made");
    }
  }
  // Seat s of the old game is seat 1 - s of the rematch.
  const int seats = ((held & 1) ? 2 : 0) | ((held & 2) ? 1 : 0);
  Seated out;
  mutate(made, [&](GameSessionBase& game) {
    std::array<std::string, 2> tokens;
    for (int s = 0; s < 2; ++s) {
      if (!(seats & (1 << s)) || !game.seats.seats[size_t(s)].taken()) continue;
      Credentials holder;
      holder.key_digest = game.seats.seats[size_t(s)].holder_digest;
      tokens[size_t(s)] = game.seats.take(s, holder, "", game.seats.seats[size_t(s)].taken_ms);
    }
    save(game);
    out = seated_answer(
        state_of(game, game.seats.held_by(proof_with_tokens(who.proof, tokens, seats))), tokens,
        seats);
    return Json();
  });
  return out;
}

void GameService::withdraw_rematch_of(int64_t id, int seat) {
  try {
    mutate(id, [&](GameSessionBase& game) {
      const RematchOffer& r = game.offers.rematch;
      if (r.by == seat && r.game == 0 && rematch_gone(game, now())) save(game);
      return Json();
    });
  } catch (const std::exception&) {
    // Deleted, or the store failed: the next answer to the offer decides.
  }
}

}  // namespace jungle::web
