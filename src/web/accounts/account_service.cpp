#include "web/accounts/account_service.h"

#include <chrono>

#include "core/aborted_game.h"
#include "web/accounts/account_error.h"
#include "web/accounts/account_rules.h"
#include "web/accounts/session_cookie.h"
#include "web/server/secrets.h"

namespace jungle::web {

namespace {

AccountError too_many(const std::string& what, int64_t wait_ms) {
  const int64_t seconds = std::max<int64_t>(1, (wait_ms + 999) / 1000);
  return AccountError(429, "too_many_attempts",
                      what + "; try again in " + std::to_string((seconds + 59) / 60) + " minute" +
                          ((seconds + 59) / 60 == 1 ? "" : "s"),
                      seconds);
}

// The game's outcome for a player of `colours` (a bit set, 1: Blue, 2: Red:
// the colours played, which the result's "1-0" and "0-1" name, not the seats).
const char* game_outcome_word(int colours, const std::string& result,
                              const std::string& termination) {
  if (result == "*") return "ongoing";
  if (termination == kAbortedTermination) return kAbortedResult.data();
  if (colours != 1 && colours != 2) return "";
  if (result == "1/2-1/2") return "draw";
  return (colours == 1) == (result == "1-0") ? "win" : "loss";
}

Json name_or_null(const std::string& name) {
  return name.empty() ? Json(nullptr) : Json(name);
}

// Whether a player's settings (a game's "blue" or "red", JSON) are the
// engine's: an engine's seat is no account's, though the creator holds it.
bool engine_player(const Json& player) {
  return player.is_object() && player.value("type", "") == "engine";
}

}  // namespace

AccountService::AccountService(AccountStore& store, GameService& games, AccountOptions options)
    : store_(store), games_(games), options_(std::move(options)) {
  games_.on_rated_game_over([this](const GameSessionBase& game) { rated_game_over(game); });
  games_.on_seat_labels(
      [this](const std::vector<GameService::ListedGame>& listed) { return seat_labels(listed); });
  games_.on_rating_tags([this](const GameSessionBase& game) { return rating_tags(game); });
  games_.on_rematch_made(
      [this](const GameSessionBase& old, const GameSessionBase& made) { rematch_made(old, made); });
}

int64_t AccountService::now() const {
  if (options_.clock) return options_.clock();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void AccountService::check_limits(const std::string& name_key, const std::string& address,
                                  int64_t t) {
  if (!name_failures_.allowed(name_key, t)) {
    throw too_many("too many failed logins to this account", name_failures_.wait_ms(name_key, t));
  }
  if (!address_failures_.allowed(address, t)) {
    throw too_many("too many failed logins from this address",
                   address_failures_.wait_ms(address, t));
  }
}

void AccountService::failed(const std::string& name_key, const std::string& address, int64_t t) {
  name_failures_.take(name_key, t);
  address_failures_.take(address, t);
  // The same answer for a name that is not there. Names are no secret (the
  // profiles and a sign-up's "taken" show them); the answer only spares a
  // guesser the hint of which half of the pair was wrong.
  throw AccountError(401, "wrong_login", "the user name or the password is wrong");
}

LoggedIn AccountService::start_session(const StoredAccount& account, const Credentials& proof) {
  LoggedIn in;
  in.token = new_session_token();
  in.account = account;
  const int64_t t = now();
  // Expired sessions of everyone go on the way.
  store_.remove_sessions(0, "", t);
  store_.add_session(secret_digest(in.token), account.id, t, t + kSessionLifetimeMs);
  in.claimed = claim(account.id, proof);
  return in;
}

LoggedIn AccountService::sign_up(const std::string& name, const std::string& password,
                                 const std::string& address, const Credentials& proof) {
  if (std::string why = name_problem(name); !why.empty()) {
    throw AccountError(400, "bad_name", why);
  }
  if (std::string why = password_problem(password); !why.empty()) {
    throw AccountError(400, "bad_password", why);
  }
  const int64_t t = now();
  if (!signups_.allowed(address, t)) {
    throw too_many("too many sign-ups from this address", signups_.wait_ms(address, t));
  }
  const std::string key = name_key(name);
  // Before hashing: a taken name costs no hash.
  if (store_.account_by_name(key)) {
    throw AccountError(409, "name_taken", "the user name \"" + name + "\" is taken");
  }
  signups_.take(address, t);
  const std::string hash = hash_password(password, options_.cost);
  const std::optional<StoredAccount> made = store_.create_account(name, key, hash, t);
  if (!made) throw AccountError(409, "name_taken", "the user name \"" + name + "\" is taken");
  return start_session(*made, proof);
}

LoggedIn AccountService::log_in(const std::string& name, const std::string& password,
                                const std::string& address, const Credentials& proof) {
  const std::string key = name_key(name);
  const int64_t t = now();
  check_limits(key, address, t);
  if (password.size() > kMaxPasswordLength) failed(key, address, t);
  const std::optional<StoredAccount> account = store_.account_by_name(key);
  if (!account || account->deleted() || !verify_password(account->password_hash, password)) {
    failed(key, address, t);
  }
  return start_session(*account, proof);
}

void AccountService::log_out(const std::string& token) {
  if (session_token_shaped(token)) store_.remove_session(secret_digest(token));
}

std::optional<StoredAccount> AccountService::account_of(const std::string& token) {
  if (!session_token_shaped(token)) return std::nullopt;
  const std::optional<int64_t> id = store_.session_account(secret_digest(token), now());
  if (!id) return std::nullopt;
  std::optional<StoredAccount> account = store_.account_by_id(*id);
  if (!account || account->deleted()) return std::nullopt;
  return account;
}

StoredAccount AccountService::require(const std::string& token) {
  std::optional<StoredAccount> account = account_of(token);
  if (!account) throw AccountError(401, "not_logged_in", "log in first");
  return *account;
}

void AccountService::change_password(const std::string& token, const std::string& old_password,
                                     const std::string& new_password, const std::string& address) {
  const StoredAccount account = require(token);
  const int64_t t = now();
  check_limits(account.name_key, address, t);
  if (!verify_password(account.password_hash, old_password)) {
    name_failures_.take(account.name_key, t);
    address_failures_.take(address, t);
    throw AccountError(403, "wrong_password", "the current password is wrong");
  }
  if (std::string why = password_problem(new_password); !why.empty()) {
    throw AccountError(400, "bad_password", why);
  }
  store_.set_password(account.id, hash_password(new_password, options_.cost));
  // Whoever else was logged in with the old password is not any more.
  store_.remove_sessions(account.id, secret_digest(token), t);
}

void AccountService::delete_account(const std::string& token, const std::string& password,
                                    const std::string& address) {
  const StoredAccount account = require(token);
  const int64_t t = now();
  check_limits(account.name_key, address, t);
  if (!verify_password(account.password_hash, password)) {
    name_failures_.take(account.name_key, t);
    address_failures_.take(address, t);
    throw AccountError(403, "wrong_password", "the password is wrong");
  }
  store_.delete_account(account.id, t);
}

int AccountService::claim(int64_t account_id, const Credentials& proof) {
  std::vector<std::string> digests = proof.token_digests;
  if (!proof.key_digest.empty()) digests.push_back(proof.key_digest);
  int claimed = 0;
  for (const std::string& digest : digests) {
    for (const HeldGame& g : store_.games_naming(digest, kMaxClaimed)) {
      // The digest may stand anywhere in the seats' text: the seats decide.
      const int held = SeatTable::from_stored(g.seats).held_by(proof);
      const Json players[2] = {Json::parse(g.blue, nullptr, false),
                               Json::parse(g.red, nullptr, false)};
      for (int seat = 0; seat < 2; ++seat) {
        if (!(held & (1 << seat)) || engine_player(players[seat])) continue;
        if (store_.own_seat(g.id, seat, account_id)) ++claimed;
      }
    }
  }
  return claimed;
}

std::vector<GameService::SeatClaim> AccountService::owned_seats(const std::string& token,
                                                                int limit) {
  std::vector<GameService::SeatClaim> claims;
  const std::optional<StoredAccount> account = account_of(token);
  if (!account) return claims;
  for (const OwnedGame& owned : store_.owned_games(account->id, limit, 0)) {
    GameService::SeatClaim claim;
    claim.game = owned.game.id;
    claim.seats = owned.seats;
    claims.push_back(std::move(claim));
  }
  return claims;
}

void AccountService::took_seats(int64_t account_id, int64_t game_id, int seats) {
  for (int seat = 0; seat < 2; ++seat) {
    if (seats & (1 << seat)) store_.own_seat(game_id, seat, account_id);
  }
}

std::vector<std::string> AccountService::seat_proof(const std::string& token, int64_t game_id) {
  std::vector<std::string> digests;
  if (!session_token_shaped(token)) return digests;
  const SessionSeats owned = store_.session_seats(secret_digest(token), game_id, now());
  if (owned.seats == 0) return digests;
  const SeatTable table = SeatTable::from_stored(owned.table);
  for (int s = 0; s < 2; ++s) {
    const Seat& seat = table.seats[size_t(s)];
    if ((owned.seats & (1 << s)) && seat.taken()) digests.push_back(seat.token_digest);
  }
  return digests;
}

void AccountService::rematch_made(const GameSessionBase& old, const GameSessionBase& made) {
  const std::array<int64_t, 2> owners = store_.seat_owners(old.id());
  for (int seat = 0; seat < 2; ++seat) {
    if (owners[size_t(seat)] != 0) store_.own_seat(made.id(), 1 - seat, owners[size_t(seat)]);
  }
}

int AccountService::seats_played(const Json& state) {
  if (!state.is_object() || !state.contains("you") || !state["you"].is_array()) return 0;
  int seats = 0;
  for (const Json& you : state["you"]) {
    if (!you.is_string()) continue;
    const std::string side = you.get<std::string>();
    const int seat = seat_from_name(side);
    if (seat < 0) continue;
    const Json* player = nullptr;
    if (state.contains("players") && state["players"].is_object() &&
        state["players"].contains(side)) {
      player = &state["players"][side];
    }
    if (player && engine_player(*player)) continue;
    seats |= 1 << seat;
  }
  return seats;
}

StoredAccount AccountService::named(const std::string& name) {
  std::optional<StoredAccount> account = store_.account_by_name(name_key(name));
  if (!account || account->deleted()) {
    throw AccountError(404, "no_such_player", "there is no player \"" + name + "\"");
  }
  return *account;
}

Json AccountService::profile(const std::string& name, int limit, int offset,
                             const ProfileFilter& filter) {
  const StoredAccount account = named(name);
  const AccountTally tally = store_.tally(account.id);
  Json games = Json::array();
  for (const OwnedGame& o : store_.owned_games(account.id, limit, offset, filter)) {
    const std::string& category = o.game.category;
    // By the colour played, as the outcome and the owners' names.
    const std::string side =
        o.colours == 3 ? "both" : side_json_name(o.colours == 1 ? kBlue : kRed);
    Json j{{"id", o.game.id},
           {"variant", o.game.variant},
           {"created_ms", o.game.created_ms},
           {"updated_ms", o.game.updated_ms},
           {"plies", o.game.ply_count},
           {"result", api_result(o.game.result, o.game.termination)},
           {"termination", o.game.termination},
           {"side", side},
           {"outcome", game_outcome_word(o.colours, o.game.result, o.game.termination)},
           {"rated", !category.empty()},
           {"blue", name_or_null(o.blue_owner)},
           {"red", name_or_null(o.red_owner)}};
    if (!category.empty()) j["category"] = category;
    games.push_back(std::move(j));
  }
  return Json{{"name", account.name},
              {"created_ms", account.created_ms},
              {"ratings", ratings_json(account.id)},
              {"played", tally.games},
              {"wins", tally.wins},
              {"draws", tally.draws},
              {"losses", tally.losses},
              {"games", games},
              {"limit", limit},
              {"offset", offset}};
}

std::string AccountService::export_records(const std::string& name) {
  const StoredAccount account = named(name);
  std::string out;
  // Oldest first, as a record file grows.
  std::vector<OwnedGame> owned = store_.owned_games(account.id, kMaxExported, 0);
  for (auto it = owned.rbegin(); it != owned.rend(); ++it) {
    try {
      // A spectator's record: no requester, so no seat and no secret.
      const std::string text = games_.record(it->game.id, Requester{}).first;
      if (!out.empty()) out += "\n";
      out += text;
    } catch (const GameError&) {
      // Deleted or damaged since the list was read: left out.
    }
  }
  return out;
}

}  // namespace jungle::web
