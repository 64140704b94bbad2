// The game service's part for games whose sides choose a secret set-up
// (docs/api.md, "Hidden pieces"; Capabilities::setup): arranging and
// settling it, through the session, whatever its family. Its engine's moves
// and hints take every family's one path (engine_move.h, game_engine_job.h),
// given one player's view, never the truth.
#include "core/secure_random.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

Json GameService::arrange(int64_t id, const Requester& who, int seat,
                          const std::string& arrangement, bool random, bool ready) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    // What the game allows is its family's to say.
    if (!game.family().capabilities().setup) throw GameSessionBase::no_setup();
    if (game.over()) {
      throw game_over(game);
    }
    int held = game.seats.held_by(who.proof);
    if (seat < 0 && (held == 1 || held == 2)) seat = held - 1;
    if (seat < 0) {
      const game::Viewer viewer = game.viewer_for(held);
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

}  // namespace jungle::web
