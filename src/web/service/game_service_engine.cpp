// The game service's engine moves: the engine plays the seat to move of a
// local game, on the engine pool whatever the family (engine_move.h), its
// clock running while it thinks.
#include "web/engines/engine_move.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

GameService::LockedGame GameService::lock_for_help(int64_t id, Help help, bool asking) {
  LockedGame g = lock(id);
  if (g.game->detached) throw no_such_game(id);
  g.game->require_help(help);
  if (asking) refuse_help_while_online(*g.game, help);
  return g;
}

void GameService::thinking(const GameSessionBase& game, int seat) {
  // Not stored: watchers see the engine's clock run from now.
  games_.events().publish(
      {game.id(), 0, 0, false, Json{{"type", "thinking"}, {"seat", seat_name(seat)}}.dump()});
}

Json GameService::engine_move(int64_t id, const Requester& who) {
  LockedGame g = lock_checked(id, [&](GameSessionBase& game) {
    if (game.detached) {
      throw no_such_game(id);
    }
    seen(game, who);
    settle_clock(game);
    if (game.over()) {
      throw game_over(game);
    }
    const int seat = game.seat_to_move();
    if (!game.player(seat).is_engine()) {
      throw GameError(ErrorKind::kConflict, "not_engine_turn",
                      "it is " + std::string(seat_name(seat)) + "'s turn, and a person plays " +
                          seat_name(seat));
    }
    require_seat(game, who, seat, "asking the engine to move");
    if (game.engine_ticket) {
      throw GameError(ErrorKind::kConflict, "engine_thinking",
                      "the engine is already choosing a move");
    }
  });
  GameSessionBase& game = *g.game;
  const int seat = game.seat_to_move();
  const PlayerConfig player = game.player(seat);
  const uint64_t changes = game.change_count();
  // On the engine pool whatever the family: served before hints and
  // analyses, counted in the client's share, cancelled by a take-back, a
  // resignation or the game's deletion. The engine is given what its seat
  // sees (a hidden game's own view, never the truth).
  auto [ticket, future] = submit_engine_move(
      pool_, game.engine_observation(), player.skill,
      engine_think_ms(game.clock, seat, player.movetime_ms, now()), who.client, who.address);
  game.engine_ticket = ticket;
  // Its clock runs while it thinks.
  if (game.clock.timed() && game.clocks_may_run()) {
    game.clock.start(seat, now());
    track_deadline(game);
  }
  thinking(game, seat);
  g.lock.unlock();
  const EngineChoice choice = future.get();
  g.lock.lock();
  if (game.engine_ticket == ticket) game.engine_ticket.reset();
  if (game.change_count() != changes || game.detached) throw game_changed();
  if (!choice.completed) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  if (choice.action.empty()) {
    throw GameError(ErrorKind::kServerFault, "no_move", "the engine found no move");
  }
  const int held = game.seats.held_by(who.proof);
  const int64_t t = now();
  if (settle_clock(game, t)) return state_of(game, held);
  game.play_text(choice.action);
  after_move(game, seat, t);
  save(game);
  Json state = state_of(game, held);
  state["engine"] = choice.engine;
  return state;
}

}  // namespace jungle::web
