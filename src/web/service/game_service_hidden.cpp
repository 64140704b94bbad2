// The game service's part for hidden-piece games (docs/api.md, "Hidden
// pieces"): creating them, the chosen set-up, the engine's move, thought
// out by the hidden-pieces engine from its own player's view, never from
// the truth (its hints take the engine routes' one path: engine_help.h).
#include "core/secure_random.h"
#include "web/engines/engine_search.h"
#include "web/engines/hidden_search_job.h"
#include "web/games/hidden_session.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// The hidden engine's depth per world at a strength below the full one
// (which searches to its time), as the flip engine's levels.
int hidden_engine_depth(int skill) {
  return 1 + skill / 4;
}

}  // namespace

std::unique_ptr<GameSessionBase> GameService::create_hidden(
    const Json& body, const std::string& variant, const std::string* record, bool online,
    const std::array<PlayerConfig, kSides>& players) {
  // An online game's set-up is the server's secret draw, or each player's
  // own arrangement: one given with the game (a FEN, or an arbiter's record,
  // which holds both sides' animals and settles a chosen set's arrangements)
  // is known to whoever wrote it, who would then play against animals it
  // placed itself.
  if (online && (record || body.contains("fen"))) {
    throw GameError(
        ErrorKind::kBadRequest, "secret_setup",
        std::string("an online hidden-pieces game starts from a secret set-up: ") +
            (record ? "a 'record' (an arbiter's record holds both sides' animals)" : "a 'fen'") +
            " would show whoever wrote it the opponent's animals");
  }
  if (record) return HiddenGameSession::from_record_text(*record, catalog_, players);
  if (body.contains("moves")) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "a hidden-pieces game takes no 'moves': the arbiter announces each move "
                    "as it is tried");
  }
  std::optional<std::string> fen;
  if (body.contains("fen")) fen = string_field(body, "fen", "");
  // The secret set-up: what nobody may know before the animals meet.
  SecureRandom chance;
  return HiddenGameSession::create(variant, catalog_.get(variant), fen, players, chance);
}

Json GameService::arrange(int64_t id, const Requester& who, int seat,
                          const std::string& arrangement, bool random, bool ready) {
  return mutate(id, [&](GameSessionBase& base) {
    seen(base, who);
    if (base.kind() != GameSessionBase::Kind::kHidden) {
      throw GameError(ErrorKind::kRefused, "no_setup",
                      "only a hidden-pieces game has a set-up to arrange");
    }
    auto& game = static_cast<HiddenGameSession&>(base);
    if (game.over()) {
      throw game_over(game);
    }
    int held = game.seats.held_by(who.proof);
    if (seat < 0 && (held == 1 || held == 2)) seat = held - 1;
    if (seat < 0) {
      const hidden::Viewer viewer = game.viewer_for(held);
      if (!viewer) {
        throw GameError(ErrorKind::kBadRequest, "which_side",
                        held == 3 ? "you hold both seats: say whose animals these are "
                                    "(?as=blue or ?as=red)"
                                  : "you hold no seat of this game whose animals you may arrange");
      }
      seat = int(*viewer);
    }
    require_seat(game, who, seat, std::string("arranging ") + seat_name(seat) + "'s animals");
    held = game.seats.held_by(who.proof);
    if (game.player(seat).is_engine()) {
      throw GameError(ErrorKind::kRefused, "engine_seat",
                      std::string("the engine arranges ") + seat_name(seat) + "'s animals itself");
    }
    const Side side = Side(seat);
    if (random || !arrangement.empty()) {
      SecureRandom chance;
      game.arrange(side, random ? "" : arrangement, chance);
    }
    const int64_t t = now();
    if (ready && !game.ready(side)) {
      game.settle(side);
      // Which seats are ready, never what they arranged.
      game.emit("setup", Json{{"seat", seat_name(seat)}, {"ready", true}, {"done", game.set_up()}},
                t);
      if (game.set_up()) run_clock(game, t);
    } else if (!random && arrangement.empty() && !ready) {
      throw GameError(ErrorKind::kBadRequest, "bad_field",
                      "say what to do: {\"arrangement\": \"a1=L g1=T ...\"}, {\"random\": true} "
                      "or {\"ready\": true}");
    }
    save(game);
    return state_of(game, held);
  });
}

Json GameService::engine_move_hidden(LockedGame& g, const Requester& who) {
  auto& game = static_cast<HiddenGameSession&>(*g.game);
  if (!game.set_up()) throw still_setting_up();
  const int seat = game.seat_to_move();
  const PlayerConfig player = game.player(seat);
  const uint64_t changes = game.change_count();
  // On the engine pool as the other families' engine moves: served before
  // hints and analyses, counted in the client's share, cancelled by a
  // resignation or the game's deletion. The engine is given its own view,
  // never the truth.
  auto task = std::make_shared<HiddenSearchTask>(game.game().view(Side(seat)));
  if (player.skill < 20) task->depth = hidden_engine_depth(player.skill);
  EngineJob job = HiddenSearchTask::job(task, EngineJob::Kind::kMove, who.client, who.address);
  job.limits.movetime_ms = engine_think_ms(game.clock, seat, player.movetime_ms, now());
  auto [ticket, future] = submit_search(pool_, std::move(job));
  game.engine_ticket = ticket;
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
  std::optional<hidden::HiddenSearchResult> r;
  {
    std::lock_guard lock(task->mutex);
    r = task->result;
  }
  if (!searched.completed) {
    throw GameError(ErrorKind::kUnavailable, "cancelled", "the engine's search was cancelled");
  }
  if (!r || r->best.is_none()) {
    throw GameError(ErrorKind::kServerFault, "no_move", "the engine found no move to try");
  }
  const int held = game.seats.held_by(who.proof);
  if (settle_clock(game)) return state_of(game, held);
  const int64_t t = now();
  game.play(r->best);
  after_move(game, seat, t);
  save(game);
  Json state = state_of(game, held);
  // Only what tells nothing of its own animals: the moves it weighed and
  // their values would (a jump it considered is a Lion's or a Tiger's).
  state["engine"] = Json{{"move", game.rules()->geometry().move_text(r->best)},
                         {"worlds", r->worlds},
                         {"depth", r->depth},
                         {"nodes", r->nodes}};
  return state;
}

}  // namespace jungle::web
