#include "ui/web/game_service.h"

#include <algorithm>
#include <random>

#include "flip/flip_rules.h"
#include "ui/web/flip_session.h"
#include "ui/web/hidden_session.h"

namespace jungle::web {

namespace {

// Writes that find the game changed by another writer are decided again on
// the stored game this many times before the conflict is reported.
constexpr int kConflictRetries = 3;
// Join codes: letters and digits that cannot be read as one another.
constexpr std::string_view kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr size_t kCodeLength = 6;
// Games the lobby shows, of each kind.
constexpr int kLobbySize = 50;
// How often the timer looks at the clocks when none is due sooner: short,
// so that a clock a test sets forward is seen at once.
constexpr int64_t kClockTickMs = 200;
// Seats whose departure this server remembers.
constexpr size_t kMaxLeftSeats = 100000;

GameError not_your_seat(const std::string& what) {
  return GameError(ErrorKind::kForbidden, "not_your_seat",
                   what +
                       ": this request does not hold that seat (send the seat's token, or "
                       "play from the browser that took it)");
}

std::array<PlayerConfig, kSides> read_players(const Json& body, int64_t max_movetime_ms) {
  return {PlayerConfig::from_json(body.value("blue", Json()), "blue", max_movetime_ms),
          PlayerConfig::from_json(body.value("red", Json()), "red", max_movetime_ms)};
}

// The optional "moves": ["a3a4", ...] of a body.
Json moves_field(const Json& body) {
  const Json moves = body.value("moves", Json::array());
  if (!moves.is_array() || moves.size() > 4000 ||
      !std::all_of(moves.begin(), moves.end(), [](const Json& m) { return m.is_string(); })) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'moves' must be a list of moves like [\"a3a4\", \"a7a6\"]");
  }
  return moves;
}

std::string record_variant(const std::string& text) {
  const std::string open = "[Variant \"";
  const size_t at = text.find(open);
  if (at == std::string::npos) return "";
  const size_t end = text.find('"', at + open.size());
  return end == std::string::npos ? "" : text.substr(at + open.size(), end - at - open.size());
}

bool is_flip_set(const std::string& name) {
  const std::vector<std::string> names = flip::builtin_flip_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string checked_name(const std::string& name) {
  if (name.size() > kMaxNameLength) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "'name' may have at most " + std::to_string(kMaxNameLength) + " characters");
  }
  return name;
}

// The seat that made the move leading to `ply`.
int mover_seat(const GameSessionBase& game, int ply) {
  const Json m = game.move_json(ply);
  return seat_from_name(m.value(game.kind() == GameSessionBase::Kind::kFlip ? "seat" : "side", ""));
}

const char* offer_name(OfferKind k) {
  return k == OfferKind::kDraw ? "draw" : "takeback";
}

int& offer_slot(Offers& o, OfferKind k) {
  return k == OfferKind::kDraw ? o.draw : o.takeback;
}

}  // namespace

OfferKind offer_kind(const std::string& text) {
  if (text == "draw") return OfferKind::kDraw;
  if (text == "takeback") return OfferKind::kTakeback;
  throw GameError(ErrorKind::kBadRequest, "bad_field",
                  "'kind' must be \"draw\" or \"takeback\", not \"" + text + "\"");
}

GameService::GameService(GameRegistry& games, const VariantCatalog& catalog, EnginePool& pool,
                         GameServiceOptions options)
    : games_(games), catalog_(catalog), pool_(pool), options_(std::move(options)) {
  if (!options_.clock) options_.clock = [] { return now_ms(); };
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

GameService::LockedJungle GameService::lock_jungle(int64_t id, const char* what) {
  LockedGame g = lock(id);
  if (g.game->kind() == GameSessionBase::Kind::kHidden) {
    // The open engine would see every hidden animal.
    throw GameError(ErrorKind::kRefused, "hidden_pieces",
                    std::string(what) +
                        " would see the hidden animals; a hidden-pieces game has hints thought "
                        "out from your own view, and its truth once it is over");
  }
  if (g.game->kind() != GameSessionBase::Kind::kJungle) {
    throw GameError(ErrorKind::kRefused, "not_for_flip",
                    std::string(what) +
                        " here are the 7x9 engine's; a Flip Jungle game's are the flip engine's");
  }
  if (g.game->detached) {
    throw GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
  }
  return LockedJungle{std::static_pointer_cast<GameSession>(g.game), std::move(g.lock)};
}

void GameService::refuse_help_while_online(const GameSessionBase& game, const char* what) {
  if (game.seats.online && !game.over()) {
    throw GameError(
        ErrorKind::kRefused, "game_in_progress",
        std::string(what) + " are not given during an online game; they come when it is over");
  }
}

void GameService::save(GameSessionBase& game, bool lobby) {
  games_.save(game, lobby);
  track_deadline(game);
}

Json GameService::mutate(int64_t id, const std::function<Json(GameSessionBase&)>& change) {
  for (int attempt = 0;; ++attempt) {
    LockedGame g = lock(id);
    if (g.game->detached) {
      throw GameError(ErrorKind::kNotFound, "no_such_game",
                      "there is no game " + std::to_string(id));
    }
    try {
      return change(*g.game);
    } catch (const RevisionConflict&) {
      // The registry dropped this copy; the next round reads the stored game
      // and decides again, so nothing another writer did is undone.
      if (attempt + 1 >= kConflictRetries) throw;
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

std::pair<bool, int64_t> GameService::presence_of(const GameSessionBase& game, int seat,
                                                  const std::array<int64_t, 2>& seen) {
  int here = 0;
  int64_t left_here = -1;
  {
    std::lock_guard lock(presence_mutex_);
    if (auto it = watchers_.find({game.id(), seat}); it != watchers_.end()) here = it->second;
    if (auto it = left_.find({game.id(), seat}); it != left_.end()) left_here = it->second;
  }
  const int64_t last = std::max(seen[size_t(seat)], game.seats.seats[size_t(seat)].taken_ms);
  if (here > 0) return {true, last};
  // Its last stream here closed, and no server has heard of it since.
  if (left_here >= last) return {false, left_here};
  // Another server's watcher beats every few seconds (still_watching).
  return {now() - last < 3 * kPresenceBeatMs, last};
}

Json GameService::presence_json(GameSessionBase& game) {
  Json seats = Json::object();
  const bool online = game.seats.online;
  std::array<int64_t, 2> seen{0, 0};
  if (online) seen = games_.store().presence(game.id());
  for (int s = 0; s < 2; ++s) {
    const Seat& seat = game.seats.seats[size_t(s)];
    Json j{{"player", game.player(s).is_engine() ? "engine" : "human"},
           {"taken", seat.taken() || !online}};
    if (online && seat.taken()) {
      const auto [connected, last] = presence_of(game, s, seen);
      j["connected"] = connected;
      j["left_ms"] = connected ? Json(nullptr) : Json(last);
    }
    seats[seat_name(s)] = j;
  }
  return seats;
}

Json GameService::state_of(GameSessionBase& game, int seats) {
  // A game stored before seats is anyone's until a player with a key acts.
  if (game.seats.unclaimed) seats = 3;
  // Where pieces are hidden, only what these seats may see.
  Json s = game.to_json_for(seats);
  s["mode"] = game.seats.online ? "online" : "local";
  s["listed"] = game.seats.listed;
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
  if (game.seats.online) s["abandon_timeout_ms"] = options_.abandon_timeout_ms;
  s["last_event"] = game.last_event();
  s["now_ms"] = t;
  s["engine_thinking"] = game.engine_ticket != nullptr || game.engine_thinking;
  return s;
}

Json GameService::state(int64_t id, const Requester& who) {
  return mutate(id, [&](GameSessionBase& game) {
    settle_clock(game);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::list(int limit, int offset) {
  Json list = Json::array();
  for (const StoredGame& g : games_.store().list(limit, offset)) {
    list.push_back(stored_summary_json(g));
  }
  return Json{
      {"games", list}, {"total", games_.store().count()}, {"limit", limit}, {"offset", offset}};
}

std::pair<std::string, std::string> GameService::record(int64_t id, const Requester& who) {
  LockedGame g = lock(id);
  return g.game->record_for(g.game->seats.held_by(who.proof));
}

// ---------------------------------------------------------------------------
// Creating and deleting.

Seated GameService::create(const Json& body, const Requester& who) {
  const int64_t max_movetime = options_.max_movetime_ms;
  const bool online = bool_field(body, "online", false);
  const TimeControl control = TimeControl::from_json(body.value("time_control", Json()));
  std::array<PlayerConfig, kSides> players = read_players(body, max_movetime);
  if (online && (players[0].is_engine() || players[1].is_engine())) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "an online game is between two people: 'blue' and 'red' must be human");
  }
  std::unique_ptr<GameSessionBase> game;
  Json from_record;
  const bool has_record = body.contains("record");
  const std::string record_text = has_record ? string_field(body, "record", "") : "";
  const std::string variant = string_field(body, "variant", "standard");
  const bool hidden_set =
      has_record ? HiddenGameSession::is_hidden_record_text(record_text, catalog_)
                 : catalog_.contains(variant) && catalog_.get(variant)->rules().hidden_pieces;
  if (hidden_set) {
    game = create_hidden(body, variant, has_record ? &record_text : nullptr, online, players);
  } else if (has_record ? is_flip_set(record_variant(record_text)) : is_flip_set(variant)) {
    if (has_record) {
      game = FlipGameSession::from_record_text(record_text, players);
    } else {
      const flip::FlipRulesPtr rules = flip::load_flip_rules(variant);
      const std::string fen = string_field(body, "fen", flip::FlipPosition::start_fen(*rules));
      game = std::make_unique<FlipGameSession>(0, variant, rules, fen, players);
    }
  } else if (has_record) {
    // Which game of a record text, and how many it holds: a file of several
    // games is never cut to its first without a word.
    const int index = int(int_field(body, "game", 1, 1, 1'000'000));
    int count = 0;
    game = GameSession::from_record_text(record_text, catalog_, players, index, &count);
    from_record = Json{{"game", index}, {"games", count}};
  } else {
    RuleSetPtr rules = catalog_.get(variant);
    const std::string fen = string_field(body, "fen", rules->rules().start_fen);
    auto jungle = std::make_unique<GameSession>(0, variant, rules, fen, players);
    // Moves after the start: a game continued from an earlier one keeps the
    // history that repetitions count.
    for (const Json& move : moves_field(body)) jungle->play_text(move.get<std::string>());
    game = std::move(jungle);
  }
  if (game->over() && !has_record) {
    throw GameError(ErrorKind::kRefused, "position_over",
                    "this position is already decided: " + game->result_message());
  }
  if (online && game->over()) {
    throw GameError(ErrorKind::kRefused, "position_over",
                    "an online game needs a game still to play: " + game->result_message());
  }
  // The seats: a local game's creator holds both; an online game's creator
  // takes one ("side": "blue", "red" or "random") and the other stays open.
  const int64_t t = now();
  Seated out;
  game->clock = GameClock(control);
  game->seats.online = online;
  game->seats.listed = online && bool_field(body, "lobby", false);
  if (online) {
    const std::string side = string_field(body, "side", "blue");
    int seat = seat_from_name(side);
    if (side == "random") seat = int(std::random_device{}() & 1);
    if (seat < 0) {
      throw GameError(ErrorKind::kBadRequest, "bad_field",
                      "'side' must be \"blue\", \"red\" or \"random\", not \"" + side + "\"");
    }
    const std::string name = checked_name(string_field(body, "name", ""));
    if (!name.empty()) {
      players[size_t(seat)].name = name;
      game->set_players(players);
    }
    out.seat_tokens[seat_name(seat)] = game->seats.take(seat, who.proof, who.player_key, t);
    game->code = new_code();
  } else {
    for (int seat = 0; seat < 2; ++seat) {
      out.seat_tokens[seat_name(seat)] = game->seats.take(seat, who.proof, who.player_key, t);
    }
    run_clock(*game, t);
  }
  std::shared_ptr<GameSessionBase> added =
      games_.add(std::move(game), [this] { return new_code(); });
  std::lock_guard lock(added->mutex());
  track_deadline(*added);
  Credentials proof = who.proof;
  for (const auto& [seat, token] : out.seat_tokens.items()) {
    proof.token_digests.push_back(secret_digest(token.get<std::string>()));
  }
  out.state = state_of(*added, added->seats.held_by(proof));
  if (!from_record.is_null()) out.state["record"] = from_record;
  return out;
}

void GameService::remove(int64_t id, const Requester& who) {
  LockedGame g = lock(id);
  GameSessionBase& game = *g.game;
  if (game.detached) {
    throw GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
  }
  if (game.seats.online) {
    // An online game belongs to both players once both sit at it.
    const int held = game.seats.held_by(who.proof);
    const bool alone = game.seats.open_seat(game.human_seats()) >= 0;
    if (held == 0) throw not_your_seat("deleting this game");
    if (!alone) {
      throw GameError(ErrorKind::kForbidden, "not_your_game",
                      "an online game that two players sat at is theirs together; it cannot be "
                      "deleted");
    }
  } else {
    require_any_seat(game, who, "deleting this game");
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
    throw GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
  }
}

std::string GameService::new_code() {
  std::random_device rd;
  std::string code;
  for (size_t i = 0; i < kCodeLength; ++i) code += kCodeAlphabet[rd() % kCodeAlphabet.size()];
  return code;
}

// ---------------------------------------------------------------------------
// Playing.

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
  game.emit(
      "game_over",
      Json{{"result", std::string(result_tag(game.result()))},
           {"winner",
            game.result() == GameResult::kDraw
                ? Json(nullptr)
                : Json(side_json_name(game.result() == GameResult::kBlueWins ? kBlue : kRed))},
           {"termination", game.termination()},
           {"message", game.result_message()}},
      now);
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
    game.emit(
        "game_over",
        Json{{"result", std::string(result_tag(game.result()))},
             {"winner",
              game.result() == GameResult::kDraw
                  ? Json(nullptr)
                  : Json(side_json_name(game.result() == GameResult::kBlueWins ? kBlue : kRed))},
             {"termination", game.termination()},
             {"message", game.result_message()}},
        now);
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

bool GameService::settle_clock(GameSessionBase& game, std::optional<int64_t> at) {
  const int64_t t = at ? *at : now();
  if (game.over() || !game.clock.flagged(t)) return false;
  const int loser = game.clock.running();
  // Every piece can win by entering the den, so the side whose flag stands
  // can always still win: a flag is always a loss (docs/api.md).
  end(game, 1 - loser, "time", t);
  save(game, game.seats.listed);
  return true;
}

Json GameService::move(int64_t id, const Requester& who, const std::string& move,
                       int64_t expected_ply) {
  return mutate(id, [&](GameSessionBase& game) {
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
    if (game.engine_ticket || game.engine_thinking) {
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
    settle_clock(game);
    if (game.over()) {
      throw GameError(ErrorKind::kRefused, "game_over",
                      "the game is over: " + game.result_message());
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
    if (game.kind() == GameSessionBase::Kind::kHidden && !game.over()) {
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

// ---------------------------------------------------------------------------
// Online: joining, offers, abandonment, the lobby.

int64_t GameService::game_of_code(const std::string& code) {
  std::string upper;
  for (char c : code) upper += char(std::toupper(static_cast<unsigned char>(c)));
  if (upper.size() != kCodeLength || upper.find_first_not_of(kCodeAlphabet) != std::string::npos) {
    throw GameError(ErrorKind::kNotFound, "no_such_code",
                    "\"" + code + "\" is not a game's code (six letters and digits)");
  }
  const std::optional<int64_t> id = games_.store().find_code(upper);
  if (!id) {
    throw GameError(ErrorKind::kNotFound, "no_such_code", "no game has the code " + upper);
  }
  return *id;
}

Seated GameService::join(int64_t id, const std::string& code, const Requester& who,
                         const std::string& name) {
  checked_name(name);
  Seated out;
  out.state = mutate(id, [&](GameSessionBase& game) {
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online",
                      "this is not an online game: it has no seat to take");
    }
    if (game.over()) {
      throw GameError(ErrorKind::kRefused, "game_over",
                      "the game is over: " + game.result_message());
    }
    const int seat = game.seats.open_seat(game.human_seats());
    if (seat < 0) {
      throw GameError(ErrorKind::kConflict, "seat_taken",
                      "both seats of this game are taken; you can watch it");
    }
    std::string given;
    for (char c : code) given += char(std::toupper(static_cast<unsigned char>(c)));
    if (!game.seats.listed && given != game.code) {
      throw GameError(ErrorKind::kForbidden, "bad_code",
                      "joining this game needs its code, which its creator shares");
    }
    if (game.seats.holds_any(who.proof)) {
      throw GameError(ErrorKind::kConflict, "already_seated",
                      "you already sit at this game; the other seat is for your opponent");
    }
    const int64_t t = now();
    out.seat_tokens = Json::object();
    out.seat_tokens[seat_name(seat)] = game.seats.take(seat, who.proof, who.player_key, t);
    if (!name.empty()) {
      std::array<PlayerConfig, kSides> players = {game.player(0), game.player(1)};
      players[size_t(seat)].name = name;
      game.set_players(players);
    }
    run_clock(game, t);
    game.emit("seat", Json{{"seat", seat_name(seat)}, {"name", name}}, t);
    save(game, true);
    Credentials proof = who.proof;
    proof.token_digests.push_back(
        secret_digest(out.seat_tokens[seat_name(seat)].get<std::string>()));
    return state_of(game, game.seats.held_by(proof));
  });
  return out;
}

Json GameService::offer(int64_t id, const Requester& who, OfferKind kind) {
  return mutate(id, [&](GameSessionBase& game) {
    settle_clock(game);
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online",
                      "offers are made to an opponent online; here, take back or resign");
    }
    const int seat = own_seat(game, who, "making an offer");
    if (game.over()) {
      throw GameError(ErrorKind::kRefused, "game_over",
                      "the game is over: " + game.result_message());
    }
    if (kind == OfferKind::kTakeback && !game.takes_back()) {
      throw GameError(ErrorKind::kRefused, "no_takeback",
                      "moves of this game cannot be taken back: a take-back would show a player "
                      "what it was not to see");
    }
    if (kind == OfferKind::kTakeback) {
      // Something of the offerer's to take back: moves alternate, so after
      // two plies each seat has moved.
      const bool moved = game.ply() >= 2 || (game.ply() == 1 && mover_seat(game, 1) == seat);
      if (!moved) {
        throw GameError(ErrorKind::kRefused, "nothing_to_undo",
                        "you have no move to take back yet");
      }
    }
    int& slot = offer_slot(game.offers, kind);
    const int64_t t = now();
    if (slot == 1 - seat) {
      // Both offered the same: agreed.
      return answer_offer_locked(game, who, kind, true, seat, t);
    }
    if (slot == seat) return state_of(game, game.seats.held_by(who.proof));
    slot = seat;
    game.emit("offer", Json{{"kind", offer_name(kind)}, {"by", seat_name(seat)}}, t);
    save(game);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::answer_offer(int64_t id, const Requester& who, OfferKind kind, bool accept) {
  return mutate(id, [&](GameSessionBase& game) {
    settle_clock(game);
    const int seat = own_seat(game, who, "answering an offer");
    return answer_offer_locked(game, who, kind, accept, seat, now());
  });
}

Json GameService::answer_offer_locked(GameSessionBase& game, const Requester& who, OfferKind kind,
                                      bool accept, int seat, int64_t t) {
  int& slot = offer_slot(game.offers, kind);
  if (game.over() || slot < 0) {
    throw GameError(ErrorKind::kConflict, "no_offer",
                    std::string("there is no ") +
                        (kind == OfferKind::kDraw ? "draw" : "take-back") + " offer to answer");
  }
  const int by = slot;
  if (!accept) {
    // The opponent declines; the offerer withdraws.
    slot = -1;
    game.emit(
        "offer_declined",
        Json{{"kind", offer_name(kind)}, {"by", seat_name(by)}, {"answered_by", seat_name(seat)}},
        t);
    save(game);
    return state_of(game, game.seats.held_by(who.proof));
  }
  if (by == seat) {
    throw GameError(ErrorKind::kConflict, "own_offer",
                    "this is your own offer; your opponent answers it");
  }
  slot = -1;
  if (kind == OfferKind::kDraw) {
    end(game, -1, "agreement", t);
    save(game, game.seats.listed);
    return state_of(game, game.seats.held_by(who.proof));
  }
  // Back to the offerer's turn: its last move and any reply to it.
  const int plies = std::min(game.ply(), game.seat_to_move() == by ? 2 : 1);
  game.undo(plies);
  after_undo(game, t, Json{{"agreed", true}, {"by", seat_name(by)}});
  save(game);
  return state_of(game, game.seats.held_by(who.proof));
}

Json GameService::claim_win(int64_t id, const Requester& who) {
  return mutate(id, [&](GameSessionBase& game) {
    settle_clock(game);
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online", "only an online game can be abandoned");
    }
    const int seat = own_seat(game, who, "claiming the game");
    if (game.over()) {
      throw GameError(ErrorKind::kRefused, "game_over",
                      "the game is over: " + game.result_message());
    }
    const int other = 1 - seat;
    if (!game.seats.seats[size_t(other)].taken()) {
      throw GameError(ErrorKind::kConflict, "no_opponent", "nobody has taken the other seat yet");
    }
    const auto seen = games_.store().presence(game.id());
    const auto [connected, last] = presence_of(game, other, seen);
    const int64_t t = now();
    if (connected) {
      throw GameError(ErrorKind::kConflict, "opponent_present", "your opponent is still connected");
    }
    if (t - last < options_.abandon_timeout_ms) {
      throw GameError(ErrorKind::kConflict, "too_soon",
                      "your opponent left " + std::to_string((t - last) / 1000) +
                          " s ago; you may claim the game after " +
                          std::to_string(options_.abandon_timeout_ms / 1000) + " s");
    }
    if (!game.colours_known()) {
      throw GameError(ErrorKind::kRefused, "no_colours",
                      "nobody has a colour yet: the first flip decides them");
    }
    end(game, seat, "abandoned", t);
    save(game, game.seats.listed);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::lobby() {
  Json challenges = Json::array();
  Json playing = Json::array();
  for (const StoredGame& g : games_.store().list_listed(2 * kLobbySize)) {
    Json line = stored_summary_json(g);
    const TimeControl tc = GameClock::from_stored(g.clock).control();
    line["time_control"] = tc.to_json();
    const SeatTable seats = SeatTable::from_stored(g.seats);
    if (g.listing == "open") {
      line["waiting"] = seats.seats[0].taken() ? "red" : "blue";
      if (challenges.size() < size_t(kLobbySize)) challenges.push_back(line);
    } else if (playing.size() < size_t(kLobbySize)) {
      playing.push_back(line);
    }
  }
  return Json{{"challenges", challenges}, {"playing", playing}};
}

// ---------------------------------------------------------------------------
// Watching: catching up and presence.

GameService::CatchUp GameService::catch_up(int64_t id, int64_t after, int seats, int limit) {
  CatchUp out;
  LockedGame g = lock(id);
  GameSessionBase& game = *g.game;
  if (game.detached) {
    throw GameError(ErrorKind::kNotFound, "no_such_game", "there is no game " + std::to_string(id));
  }
  // A flag that fell while nobody moved is decided on this read too.
  try {
    settle_clock(game);
  } catch (const RevisionConflict&) {
    g.lock.unlock();
    return catch_up(id, after, seats, limit);
  }
  out.last = game.last_event();
  bool complete = false;
  out.events = game.recent_events_after(after, &complete);
  if (!complete) out.events = games_.store().events_after(id, after, limit);
  if (int(out.events.size()) > limit) out.events.resize(size_t(limit));
  out.state = state_of(game, seats);
  return out;
}

void GameService::watching(int64_t id, int seats, bool connected) {
  if (seats == 0) return;
  const int64_t t = now();
  for (int s = 0; s < 2; ++s) {
    if (!(seats & (1 << s))) continue;
    bool changed = false;
    {
      std::lock_guard lock(presence_mutex_);
      int& n = watchers_[{id, s}];
      n += connected ? 1 : -1;
      changed = connected ? n == 1 : n == 0;
      if (n <= 0) watchers_.erase({id, s});
      if (connected) {
        left_.erase({id, s});
      } else if (changed) {
        // Bounded: forgetting only means waiting for the beat to go stale.
        if (left_.size() >= kMaxLeftSeats) left_.clear();
        left_[{id, s}] = t;
      }
    }
    try {
      games_.store().touch_presence(id, s, t);
    } catch (const StoreError&) {
      // Presence is a courtesy; the game does not depend on it.
    }
    if (changed) {
      games_.events().publish(
          {id, 0, 0, false,
           Json{{"type", "presence"}, {"seat", seat_name(s)}, {"connected", connected}}.dump()});
    }
  }
}

void GameService::heard_presence(const GameNotice& notice) {
  if (notice.transient.empty()) return;
  const Json note = Json::parse(notice.transient, nullptr, false);
  if (!note.is_object() || note.value("type", "") != "presence") return;
  const int seat = seat_from_name(note.value("seat", ""));
  const auto connected = note.find("connected");
  if (seat < 0 || connected == note.end() || !connected->is_boolean()) return;
  const std::pair<int64_t, int> key{notice.game_id, seat};
  std::lock_guard lock(presence_mutex_);
  if (connected->get<bool>()) {
    left_.erase(key);
  } else if (!watchers_.contains(key)) {
    // Without this, the seat's last beat in the store would count it
    // present here for a few seconds more (presence_of).
    if (left_.size() >= kMaxLeftSeats) left_.clear();
    left_[key] = std::max(left_[key], now());
  }
}

void GameService::still_watching(int64_t id, int seats) {
  const int64_t t = now();
  for (int s = 0; s < 2; ++s) {
    if (!(seats & (1 << s))) continue;
    try {
      games_.store().touch_presence(id, s, t);
    } catch (const StoreError&) {
    }
  }
}

// ---------------------------------------------------------------------------
// The clocks' timer.

void GameService::track_deadline(const GameSessionBase& game) {
  const std::optional<int64_t> due = game.over() ? std::nullopt : game.clock.deadline();
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
