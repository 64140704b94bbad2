// The game service's engine moves: the engine plays the seat to move of a
// local game, on the engine pool whatever the family (the hidden-pieces
// engine's in game_service_hidden.cpp), its clock running while it thinks.
#include "flip/flip_search.h"
#include "web/engines/engine_search.h"
#include "web/engines/flip_search_job.h"
#include "web/games/flip_session.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// The flip engine's depth at a strength: full strength searches to the
// time limit, the levels below stop a few plies deep.
int flip_engine_depth(int skill) {
  return skill >= 20 ? 64 : 1 + skill / 4;
}

}  // namespace

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
    if (game.engine_ticket || game.engine_thinking) {
      throw GameError(ErrorKind::kConflict, "engine_thinking",
                      "the engine is already choosing a move");
    }
  });
  GameSessionBase& game = *g.game;
  switch (game.kind()) {
    case GameSessionBase::Kind::kJungle:
      return engine_move_jungle(g, who);
    case GameSessionBase::Kind::kFlip:
      return engine_move_flip(g, who);
    case GameSessionBase::Kind::kHidden:
      break;
  }
  return engine_move_hidden(g, who);
}

Json GameService::engine_move_jungle(LockedGame& g, const Requester& who) {
  auto& game = static_cast<GameSession&>(*g.game);
  const int seat = game.seat_to_move();
  const Side us = game.position().side_to_move();
  const PlayerConfig player = game.player(seat);
  EngineJob job;
  job.kind = EngineJob::Kind::kMove;
  job.position = game.position();
  job.limits.movetime_ms = engine_think_ms(game.clock, seat, player.movetime_ms, now());
  job.skill_level = player.skill;
  job.client = who.client;
  job.address = who.address;
  const uint64_t changes = game.change_count();
  auto [ticket, future] = submit_search(pool_, std::move(job));
  game.engine_ticket = ticket;
  // Its clock runs while it thinks.
  if (game.clock.timed()) {
    game.clock.start(seat, now());
    track_deadline(game);
  }
  thinking(game, seat);
  g.lock.unlock();
  const Searched searched = future.get();
  g.lock.lock();
  if (game.engine_ticket == ticket) game.engine_ticket.reset();
  if (game.change_count() != changes || game.detached) throw game_changed();
  if (!searched.completed) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  if (searched.result.best.is_none()) {
    throw GameError(ErrorKind::kServerFault, "no_move", "the engine found no move");
  }
  const int held = game.seats.held_by(who.proof);
  const int64_t t = now();
  if (settle_clock(game, t)) return state_of(game, held);
  game.play(searched.result.best);
  after_move(game, seat, t);
  save(game);
  Json state = state_of(game, held);
  state["engine"] =
      engine_json(searched.result, searched.last_info, us, game.position().rule_set().geometry());
  return state;
}

Json GameService::engine_move_flip(LockedGame& g, const Requester& who) {
  auto& game = static_cast<FlipGameSession&>(*g.game);
  const int seat = game.seat_to_move();
  const PlayerConfig player = game.player(seat);
  const uint64_t changes = game.change_count();
  // On the engine pool as a 7x9 engine move: served before hints and
  // analyses, counted in the client's share, cancelled by a take-back, a
  // resignation or the game's deletion as the 7x9 engine's is.
  auto task = std::make_shared<FlipSearchTask>(game.position(), 1);
  EngineJob job = FlipSearchTask::job(task, EngineJob::Kind::kMove, who.client, who.address);
  job.limits.movetime_ms = engine_think_ms(game.clock, seat, player.movetime_ms, now());
  job.limits.depth = flip_engine_depth(player.skill);
  auto [ticket, future] = submit_search(pool_, std::move(job));
  game.engine_ticket = ticket;
  if (game.clock.timed() && game.colours_known()) {
    game.clock.start(seat, now());
    track_deadline(game);
  }
  thinking(game, seat);
  g.lock.unlock();
  const Searched searched = future.get();
  g.lock.lock();
  if (game.engine_ticket == ticket) game.engine_ticket.reset();
  if (game.change_count() != changes || game.detached) throw game_changed();
  std::optional<flip::FlipSearchResult> r;
  {
    std::lock_guard lock(task->mutex);
    r = task->result;
  }
  if (!searched.completed) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  if (!r) throw GameError(ErrorKind::kServerFault, "no_move", "the engine found no move");
  const int held = game.seats.held_by(who.proof);
  const int64_t t = now();
  if (settle_clock(game, t)) return state_of(game, held);
  game.play(r->best);
  after_move(game, seat, t);
  save(game);
  Json state = state_of(game, held);
  state["engine"] = Json{{"move", flip::action_text(r->best)},
                         {"score", r->score},
                         {"depth", r->depth},
                         {"nodes", r->nodes},
                         {"time_ms", r->time_ms}};
  return state;
}

}  // namespace jungle::web
