// The game service's online play: join codes, joining, draw and take-back
// offers, claiming a game the opponent abandoned, the lobby.
#include <algorithm>
#include <cctype>

#include "core/aborted_game.h"
#include "core/random_bits.h"
#include "core/secure_random.h"
#include "web/games/rating_category.h"
#include "web/service/game_service.h"
#include "web/service/game_service_checks.h"

namespace jungle::web {

namespace {

// Join codes: letters and digits that cannot be read as one another.
constexpr std::string_view kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr size_t kCodeLength = 6;
// Games the lobby shows, of each kind.
constexpr int kLobbySize = 50;

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

std::string GameService::new_code() {
  // Whoever can guess a code may take the open seat: each letter is drawn
  // from the system's cryptographic generator, every letter equally likely.
  SecureRandom chance;
  std::string code;
  for (size_t i = 0; i < kCodeLength; ++i) {
    code += kCodeAlphabet[uniform_below(chance, kCodeAlphabet.size())];
  }
  return code;
}

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
      throw game_over(game);
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
    seen(game, who);
    settle_clock(game);
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online",
                      "offers are made to an opponent online; here, take back or resign");
    }
    const int seat = own_seat(game, who, "making an offer");
    if (game.over()) {
      throw game_over(game);
    }
    if (kind == OfferKind::kTakeback && game.seats.rated) {
      throw GameError(ErrorKind::kRefused, "no_takeback_rated",
                      "a rated game allows no take-back: each move stands");
    }
    if (kind == OfferKind::kTakeback && !game.takes_back()) throw game.no_takeback();
    if (kind == OfferKind::kTakeback) {
      // Something of the offerer's to take back: moves alternate, so after
      // two plies each seat has moved.
      const bool moved = game.ply() >= 2 || (game.ply() == 1 && game.mover_seat(1) == seat);
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
    seen(game, who);
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
    seen(game, who);
    settle_clock(game);
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online", "only an online game can be abandoned");
    }
    const int seat = own_seat(game, who, "claiming the game");
    if (game.over()) {
      throw game_over(game);
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

Json GameService::abort(int64_t id, const Requester& who) {
  return mutate(id, [&](GameSessionBase& game) {
    seen(game, who);
    settle_clock(game);
    if (game.over()) throw game_over(game);
    if (!game.seats.online) {
      throw GameError(ErrorKind::kConflict, "not_online",
                      "only an online game is aborted; a game on one screen is deleted");
    }
    own_seat(game, who, "aborting the game");
    if (game.ply() >= kAbortBelowPlies) {
      throw GameError(ErrorKind::kRefused, "not_abortable",
                      "both sides have moved: the game can no longer be aborted (resign, or "
                      "offer a draw)");
    }
    end(game, -1, std::string(kAbortedTermination), now());
    save(game, game.seats.listed);
    return state_of(game, game.seats.held_by(who.proof));
  });
}

Json GameService::lobby() {
  std::vector<ListedGame> listed;
  std::vector<Json> lines;
  std::vector<bool> open;
  for (const StoredGame& g : games_.store().list_listed(2 * kLobbySize)) {
    Json line = stored_summary_json(g);
    line["time_control"] = GameClock::from_stored(g.clock).control().to_json();
    const SeatTable seats = SeatTable::from_stored(g.seats);
    if (g.listing == "open") {
      line["waiting"] = seats.seats[0].taken() ? "red" : "blue";
      // Anyone may take a casual challenge; the account service says who
      // may take a rated one (AccountService::lobby_for).
      line["joinable"] = true;
    }
    if (seats.has_range) {
      line["rating_range"] = {{"min", seats.rating_min}, {"max", seats.rating_max}};
    }
    // A rated challenge needs a login to take: the lobby says so (rated,
    // below), with the players' ratings in its category as the strips show
    // them ("1500?" while provisional).
    listed.push_back(ListedGame{g.id, category_of(g)});
    lines.push_back(std::move(line));
    open.push_back(g.listing == "open");
  }
  label_seats(listed, lines);
  Json challenges = Json::array();
  Json playing = Json::array();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (open[i]) {
      if (challenges.size() < size_t(kLobbySize)) challenges.push_back(std::move(lines[i]));
    } else if (playing.size() < size_t(kLobbySize)) {
      playing.push_back(std::move(lines[i]));
    }
  }
  return Json{{"challenges", challenges}, {"playing", playing}};
}

}  // namespace jungle::web
