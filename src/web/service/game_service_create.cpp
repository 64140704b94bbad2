// The game service's creating of games: a 7x9 game from a rule set, a
// position or a record, a Flip Jungle game, a hidden-pieces one
// (game_service_hidden.cpp), local or online, with its seats and clock.

#include "core/random_bits.h"
#include "core/secure_random.h"
#include "flip/flip_rules.h"
#include "web/games/flip_session.h"
#include "web/games/hidden_session.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

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
  } else if (has_record ? FlipGameSession::is_flip_record_text(record_text)
                        : FlipGameSession::is_flip_set(variant)) {
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
