// The game service's creating of games of every family (the session is
// made by games/family_sessions), from a rule set, a position or a record,
// local or online, with its seats and clock.

#include "core/random_bits.h"
#include "core/secure_random.h"
#include "rating/glicko2.h"
#include "web/games/family_sessions.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

Seated GameService::create(const Json& body, const Requester& who,
                           const CreatorRating& creator_rating) {
  const int64_t max_movetime = options_.max_movetime_ms;
  const bool online = bool_field(body, "online", false);
  const TimeControl control = TimeControl::from_json(body.value("time_control", Json()));
  std::array<PlayerConfig, kSides> players = read_players(body, max_movetime);
  const bool rated = bool_field(body, "rated", false);
  if (rated && (players[0].is_engine() || players[1].is_engine())) {
    throw GameError(ErrorKind::kRefused, "rated_refused",
                    "a rated game is between two accounts, never against the engine");
  }
  if (rated && !online) {
    throw GameError(ErrorKind::kRefused, "rated_refused",
                    "a rated game is played online between two accounts: set \"online\": true");
  }
  if (online && (players[0].is_engine() || players[1].is_engine())) {
    throw GameError(ErrorKind::kBadRequest, "bad_field",
                    "an online game is between two people: 'blue' and 'red' must be human");
  }
  NewGame start;
  start.online = online;
  start.players = players;
  start.variant = string_field(body, "variant", "standard");
  if (body.contains("record")) {
    start.record = string_field(body, "record", "");
    start.record_game = int(int_field(body, "game", 1, 1, 1'000'000));
  }
  if (body.contains("fen")) start.fen = string_field(body, "fen", "");
  start.moves_given = body.contains("moves");
  for (const Json& move : moves_field(body)) start.moves.push_back(move.get<std::string>());
  const bool has_record = start.record.has_value();
  NewSession made = new_session(family_of_new_game(start, catalog_), start, catalog_);
  std::unique_ptr<GameSessionBase> game = std::move(made.game);
  const Json from_record = std::move(made.from_record);
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
  game->seats.rated = rated;
  if (rated && has_record) {
    throw GameError(ErrorKind::kRefused, "rated_refused",
                    "a rated game starts from the rule set's opening position, not a record");
  }
  if (rated && (start.fen.has_value() || start.moves_given)) {
    throw GameError(ErrorKind::kRefused, "rated_refused",
                    "a rated game starts from the rule set's opening position");
  }
  if (rated && category_of(*game).empty()) {
    throw GameError(ErrorKind::kRefused, "rated_refused",
                    "a rated game needs a time control (an untimed game is never rated)");
  }
  const std::optional<RatingRange> range = read_rating_range(body, rated, [&] {
    return creator_rating ? creator_rating(category_of(*game)) : rating::kDefaultRating;
  });
  if (range) {
    game->seats.has_range = true;
    game->seats.rating_min = range->min;
    game->seats.rating_max = range->max;
  }
  if (online) {
    const std::string side = string_field(body, "side", "blue");
    int seat = seat_from_name(side);
    if (side == "random") {
      SecureRandom chance;
      seat = int(uniform_below(chance, 2));
    }
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

}  // namespace jungle::web
