// The game service's play: moves, take-backs, resigning, changing the
// players, and what each does to the clocks, the offers and the events.
#include <algorithm>

#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// The event of a game's end: its result, winner, how and why.
void emit_game_over(GameSessionBase& game, int64_t now) {
  game.emit(
      "game_over",
      Json{{"result", api_result(std::string(result_tag(game.result())), game.termination())},
           {"winner",
            game.result() == GameResult::kDraw
                ? Json(nullptr)
                : Json(side_json_name(game.result() == GameResult::kBlueWins ? kBlue : kRed))},
           {"termination", game.termination()},
           {"message", game.result_message()}},
      now);
}

}  // namespace

void GameService::run_clock(GameSessionBase& game, int64_t now) {
  if (!game.clock.timed() || game.over()) return;
  // A flip game's clocks start with its first flip, which gives the colours;
  // a hidden game's once both players have arranged their animals.
  if (!game.clocks_may_run()) return;
  const int seat = game.seat_to_move();
  // An engine's clock runs while it thinks, from its search's start.
  if (game.player(seat).is_engine()) {
    game.clock.stop(now);
    return;
  }
  // An online game's clocks start once both players are seated.
  if (game.seats.online && game.seats.open_seat(game.human_seats()) >= 0) return;
  if (game.clock.running() != seat) game.clock.start(seat, now);
}

void GameService::end(GameSessionBase& game, int winner, const std::string& termination,
                      int64_t now) {
  game.declare(winner, termination);
  game.clock.stop(now);
  game.offers = Offers();
  emit_game_over(game, now);
}

void GameService::after_move(GameSessionBase& game, int seat, int64_t now) {
  const int ply = game.ply();
  if (game.over()) {
    game.clock.moved(seat, now, -1);
    game.clock.stop(now);
  } else if (game.seat_to_move() == seat) {
    // A hidden game's refused try: the same player tries again, its clock
    // running on with no increment.
  } else {
    game.clock.moved(seat, now, -1);
    run_clock(game, now);
  }
  // Playing on declines what the opponent offered; a take-back offer is
  // about a position that is gone.
  if (game.offers.draw != seat) game.offers.draw = -1;
  game.offers.takeback = -1;
  Json data{{"ply", ply}, {"move", game.move_json(ply)}, {"seat", seat_name(seat)}};
  if (game.clock.timed()) data["clock"] = game.clock.to_json(now);
  game.emit("move", data, now);
  if (game.over()) {
    emit_game_over(game, now);
  }
}

void GameService::after_undo(GameSessionBase& game, int64_t now, const Json& extra) {
  game.offers = Offers();
  if (game.clock.timed()) {
    game.clock.stop(now);
    run_clock(game, now);
  }
  Json data = extra;
  data["ply"] = game.ply();
  if (game.clock.timed()) data["clock"] = game.clock.to_json(now);
  game.emit("undo", data, now);
}

Json GameService::move(int64_t id, const Requester& who, const std::string& move,
                       int64_t expected_ply) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    // The move is stamped now: if its side's time ran out first, the game
    // was lost on time before it arrived.
    const int64_t t = now();
    if (settle_clock(game, t)) {
      throw GameError(ErrorKind::kRefused, "game_over",
                      "the game is over: " + game.result_message() + " before this move arrived");
    }
    if (expected_ply >= 0 && expected_ply != game.ply()) {
      throw GameError(ErrorKind::kConflict, "stale",
                      "the game has " + std::to_string(game.ply()) + " moves, not " +
                          std::to_string(expected_ply) + "; reload it and try again");
    }
    if (game.engine_ticket) {
      throw GameError(ErrorKind::kConflict, "engine_thinking",
                      "wait: the engine is choosing its move");
    }
    const int seat = game.seat_to_move();
    if (!game.over() && game.player(seat).is_engine()) {
      throw GameError(ErrorKind::kConflict, "not_your_turn",
                      "it is " + std::string(seat_name(seat)) + "'s turn, and the engine plays " +
                          seat_name(seat));
    }
    if (!game.over()) require_seat(game, who, seat, "moving for " + std::string(seat_name(seat)));
    if (game.seats.online && game.seats.open_seat(game.human_seats()) >= 0) {
      throw GameError(ErrorKind::kConflict, "waiting_for_opponent",
                      "nobody has taken the other seat yet; share the link or the code");
    }
    game.play_text(move);
    after_move(game, seat, t);
    save(game, game.seats.listed && game.over());
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::undo(int64_t id, const Requester& who, int plies, bool until_human) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    settle_clock(game);
    // A finished game stays finished: a take-back would reopen a resigned or
    // won game behind the other player's back. Exploring its past is
    // analysis, not undo.
    if (game.over()) {
      throw GameError(
          ErrorKind::kRefused, "game_over",
          "the game is over (" + game.result_message() + "); a finished game cannot be taken back");
    }
    if (game.seats.online) {
      throw GameError(ErrorKind::kConflict, "needs_consent",
                      "in an online game a take-back needs the opponent's consent: offer one "
                      "(POST .../offers {\"kind\": \"takeback\"})");
    }
    require_any_seat(game, who, "taking back a move");
    if (!game.takes_back()) throw game.no_takeback();
    if (game.ply() == 0) {
      throw GameError(ErrorKind::kRefused, "nothing_to_undo", "no move has been played yet");
    }
    int n = plies;
    if (until_human) {
      n = game.plies_back_to_human();
      if (n == 0) {
        throw GameError(ErrorKind::kRefused, "nothing_to_undo", "no move of a person to take back");
      }
    }
    if (game.engine_ticket) game.engine_ticket->cancel();
    game.engine_ticket.reset();
    game.undo(n);
    after_undo(game, now(), Json::object());
    save(game);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::resign(int64_t id, const Requester& who, int seat) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    settle_clock(game);
    if (game.over()) {
      throw game_over(game);
    }
    int loser = seat;
    if (loser < 0) {
      const int held = game.seats.held_by(who.proof);
      loser = held == 1 ? 0 : held == 2 ? 1 : game.seat_to_move();
    }
    require_seat(game, who, loser, "resigning");
    if (!game.colours_known()) {
      throw GameError(ErrorKind::kRefused, "no_colours",
                      "nobody has a colour yet: the first flip decides them");
    }
    if (game.engine_ticket) game.engine_ticket->cancel();
    game.engine_ticket.reset();
    end(game, 1 - loser, "resignation", now());
    save(game, game.seats.listed);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::set_players(int64_t id, const Requester& who, const Json& body) {
  auto players = read_players(body, options_.max_movetime_ms);
  return mutate(id, [&](GameSessionBase& game) {
    if (game.seats.online) {
      throw GameError(ErrorKind::kConflict, "online_game",
                      "the players of an online game are the people seated at it");
    }
    require_any_seat(game, who, "changing the players");
    // Where the players see different things, a person taking the engine's
    // seat would be shown what the engine alone was to know.
    if (game.family().capabilities().hidden_information && !game.over()) {
      for (int s = 0; s < 2; ++s) {
        if (game.player(s).is_engine() && !players[size_t(s)].is_engine()) {
          throw GameError(ErrorKind::kRefused, "hidden_pieces",
                          std::string("a person cannot take over ") + seat_name(s) +
                              " from the engine in a hidden-pieces game: that would show the "
                              "engine's animals");
        }
      }
    }
    // A name not given is kept: changing who plays is not renaming.
    auto next = players;
    for (int s = 0; s < 2; ++s) {
      const Json& given = body.value(seat_name(s), Json());
      if (!given.is_object() || !given.contains("name")) next[size_t(s)].name = game.player(s).name;
    }
    if (game.engine_ticket) game.engine_ticket->cancel();
    game.engine_ticket.reset();
    game.set_players(next);
    const int64_t t = now();
    game.clock.stop(t);
    run_clock(game, t);
    game.emit("players",
              Json{{"players", {{"blue", next[0].to_json()}, {"red", next[1].to_json()}}}}, t);
    save(game);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

}  // namespace jungle::web
