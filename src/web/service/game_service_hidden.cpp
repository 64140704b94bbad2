// The game service's part for hidden-piece games (docs/api.md, "Hidden
// pieces"): creating them, the chosen set-up, the engine's move and hints,
// each thought out by the hidden-pieces engine from one player's view, never
// from the truth.
#include "core/secure_random.h"
#include "hidden_search/hidden_search.h"
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

// The seed of an engine's own sampling: not a chance outcome anyone plays
// against, but drawn from the same source as everything else.
uint64_t fresh_seed() {
  return SecureRandom()();
}

// Counts the searches running outside the engine pool; refuses one more
// than `limit` (each holds its own engine and tables).
class SearchSlot {
 public:
  SearchSlot(std::atomic<int>& running, int limit) : running_(running) {
    if (running_.fetch_add(1) >= std::max(1, limit)) {
      running_.fetch_sub(1);
      throw GameError(ErrorKind::kUnavailable, "busy",
                      "the engines are busy; try again in a moment");
    }
  }
  ~SearchSlot() { running_.fetch_sub(1); }
  SearchSlot(const SearchSlot&) = delete;
  SearchSlot& operator=(const SearchSlot&) = delete;

 private:
  std::atomic<int>& running_;
};

Json search_json(const hidden::HiddenSearchResult& r, const Geometry& g) {
  Json candidates = Json::array();
  for (const hidden::MoveValue& v : r.candidates) {
    candidates.push_back({{"move", g.move_text(v.move)},
                          {"expected", std::round(v.expected * 1000.0) / 1000.0},
                          {"best_in", v.best_in}});
  }
  return Json{{"move", r.best.is_none() ? Json(nullptr) : Json(g.move_text(r.best))},
              {"expected", std::round(r.expected * 1000.0) / 1000.0},
              {"worlds", r.worlds},
              {"depth", r.depth},
              {"nodes", r.nodes},
              {"candidates", candidates}};
}

}  // namespace

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
  SearchSlot slot(hidden_searches_, options_.max_hidden_searches);
  const int seat = game.seat_to_move();
  const PlayerConfig player = game.player(seat);
  // The engine is given its own view, never the truth.
  const hidden::PlayerView view = game.game().view(Side(seat));
  const uint64_t changes = game.change_count();
  hidden::HiddenLimits limits;
  limits.movetime_ms = engine_think_ms(game.clock, seat, player.movetime_ms, now());
  if (player.skill < 20) {
    limits.movetime_ms = 0;
    limits.depth = hidden_engine_depth(player.skill);
  }
  game.engine_thinking = true;
  if (game.clock.timed()) {
    game.clock.start(seat, now());
    track_deadline(game);
  }
  thinking(game, seat);
  g.lock.unlock();
  hidden::HiddenSearchOptions options;
  options.seed = fresh_seed();
  options.hash_mb = 8;
  hidden::HiddenSearcher searcher(options);
  const hidden::HiddenSearchResult r = searcher.search(view, limits);
  g.lock.lock();
  game.engine_thinking = false;
  if (game.change_count() != changes || game.detached) throw game_changed();
  if (r.best.is_none()) {
    throw GameError(ErrorKind::kServerFault, "no_move", "the engine found no move to try");
  }
  const int held = game.seats.held_by(who.proof);
  if (settle_clock(game)) return state_of(game, held);
  const int64_t t = now();
  game.play(r.best);
  after_move(game, seat, t);
  save(game);
  Json state = state_of(game, held);
  // Only what tells nothing of its own animals: the moves it weighed and
  // their values would (a jump it considered is a Lion's or a Tiger's).
  state["engine"] = Json{{"move", game.rules()->geometry().move_text(r.best)},
                         {"worlds", r.worlds},
                         {"depth", r.depth},
                         {"nodes", r.nodes}};
  return state;
}

Json GameService::hidden_hint(int64_t id, const Requester& who, int64_t movetime_ms) {
  hidden::PlayerView view = [&] {
    LockedGame g = lock(id);
    if (g.game->detached || g.game->kind() != GameSessionBase::Kind::kHidden) {
      throw GameError(ErrorKind::kNotFound, "no_such_game",
                      "there is no hidden-pieces game " + std::to_string(id));
    }
    auto& game = static_cast<HiddenGameSession&>(*g.game);
    refuse_help_while_online(game, "hints");
    if (game.over()) {
      throw GameError(ErrorKind::kRefused, "position_over",
                      "there is nothing to suggest: the game is over");
    }
    if (!game.set_up()) throw still_setting_up();
    const hidden::Viewer viewer = game.viewer_for(game.seats.held_by(who.proof));
    if (!viewer || *viewer != game.game().side_to_move()) {
      throw GameError(ErrorKind::kRefused, "not_your_turn",
                      "a hint is for the player to move, from that player's own view");
    }
    return game.game().view(*viewer);
  }();
  SearchSlot slot(hidden_searches_, options_.max_hidden_searches);
  hidden::HiddenSearchOptions options;
  options.seed = fresh_seed();
  options.hash_mb = 8;
  hidden::HiddenSearcher searcher(options);
  hidden::HiddenLimits limits;
  limits.movetime_ms = movetime_ms;
  const hidden::HiddenSearchResult r = searcher.search(view, limits);
  if (r.best.is_none()) {
    throw GameError(ErrorKind::kRefused, "no_move", "there is no move to try");
  }
  return search_json(r, view.rule_set().geometry());
}

}  // namespace jungle::web
