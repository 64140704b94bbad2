#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "web/accounts/login_limiter.h"
#include "web/accounts/password_hash.h"
#include "web/accounts/profile_filter.h"
#include "web/games/seats.h"
#include "web/server/json_fields.h"
#include "web/service/game_service.h"
#include "web/store/account_store.h"

// Optional accounts over the games (docs/accounts.md): signing up, logging
// in and out, changing the password, deleting the account, the seats an
// account owns, its public profile and its games as one record file.
// Anonymous play needs none of it. Every refusal is an AccountError.

namespace jungle::web {

struct AccountOptions {
  PasswordCost cost = PasswordCost::interactive();
  // The wall clock in ms (tests give their own, for the limiter).
  std::function<int64_t()> clock;
};

// A login: the cookie's token (the secret, only ever sent to the browser)
// and the account.
struct LoggedIn {
  std::string token;
  StoredAccount account;
  int claimed = 0;  // seats of anonymous games claimed into the account
};

class AccountService {
 public:
  // The most games one claim takes, and one export writes.
  static constexpr int kMaxClaimed = 1000;
  static constexpr int kMaxExported = 2000;

  AccountService(AccountStore& store, GameService& games, AccountOptions options);

  // A new account, logged in; claims the games `proof` holds (the browser's
  // player key and seat tokens). Refused: a name or password that breaks
  // the rules (400), a name taken (409), too many sign-ups from `address`.
  LoggedIn sign_up(const std::string& name, const std::string& password, const std::string& address,
                   const Credentials& proof);
  // A fresh session for the account (a new token every time), and the
  // games `proof` holds claimed. Refused alike for a wrong name or a wrong
  // password (401), and 429 once the name or the address failed too often.
  LoggedIn log_in(const std::string& name, const std::string& password, const std::string& address,
                  const Credentials& proof);
  void log_out(const std::string& token);
  // The account a session token belongs to, while the session lasts.
  std::optional<StoredAccount> account_of(const std::string& token);
  // The same, or 401 "not_logged_in".
  StoredAccount require(const std::string& token);
  // Needs the old password; every other session of the account ends.
  void change_password(const std::string& token, const std::string& old_password,
                       const std::string& new_password, const std::string& address);
  // Needs the password; the account is tombstoned (docs/accounts.md).
  void delete_account(const std::string& token, const std::string& password,
                      const std::string& address);
  // Claims into the account the seats `proof` holds; how many were new.
  int claim(int64_t account_id, const Credentials& proof);
  // The newest `limit` games whose seats the logged-in account of `token`
  // owns, with those seats, for "your turn"; none without a login.
  std::vector<GameService::SeatClaim> owned_seats(const std::string& token, int limit);
  // Records that the account took `seats` (a bit set) of the game.
  void took_seats(int64_t account_id, int64_t game_id, int seats);
  // What the seats of game `game_id` that the logged-in account of `token`
  // owns would prove with their tokens: the seats' token digests, proof
  // enough to play them from any browser logged into it. Asked at every
  // game request with a login cookie, so one store query (the session, the
  // seats owned and the game's seats column at once), never a game's load,
  // and never the game's lock, which the engine's routes hold while they ask
  // who a request is from. Stored seats are the last saved, and a seat's
  // token changes only in a saved change. None without a login.
  std::vector<std::string> seat_proof(const std::string& token, int64_t game_id);
  // A rematch made of `old`: the accounts that owned its seats own the
  // swapped seats of `made` (GameService::on_rematch_made).
  void rematch_made(const GameSessionBase& old, const GameSessionBase& made);
  // The seats (a bit set) of `state` (a game's state as the API answers it
  // to a requester) that the requester holds ("you") and a person plays,
  // not the engine.
  static int seats_played(const Json& state);

  // The public profile of the account named `name` (404 for none, or a
  // deleted one): its games newest first, `limit` from `offset` of those
  // `filter` lets through (each with "rated" and a rated one's "category"),
  // filtered and paged by the store's query, however many games it has.
  Json profile(const std::string& name, int limit, int offset, const ProfileFilter& filter = {});
  // Every game of the account as one record file, each game as a spectator
  // would download it (a hidden game's secrets never in it).
  std::string export_records(const std::string& name);
  // The account's rating after each counted game, newest first, `limit`
  // from `offset` (account_history.cpp): {"name", "history": [{"game",
  // "category", "at_ms", "rating", "deviation", "side", "outcome",
  // "opponent"}], "limit", "offset", "more"}. 404 as the profile.
  static constexpr int kMaxHistory = 1000;
  Json rating_history(const std::string& name, int limit, int offset);

  // ---- rated games (account_ratings.cpp, docs/ratings.md) ----
  // The most lines a leaderboard shows.
  static constexpr int kLeaderboardSize = 50;
  // A rated game is created only by a logged-in player: its account, or
  // GameError kForbidden "rated_needs_account".
  StoredAccount require_rated_creator(const std::string& token);
  // Joining rated game `id` needs a logged-in account other than the
  // creator's: the joiner's account, or GameError kForbidden
  // ("rated_needs_account", "rated_same_account"). Nothing for a casual game.
  std::optional<StoredAccount> check_rated_join(const std::string& token, int64_t id);
  // The refusal joining a rated game would get (nullopt: none): no account
  // (`account` empty), the account that `plays_other_seat`, or a rating in
  // `category` outside the challenge's `range`. check_rated_join throws it;
  // the lobby shows it before anyone clicks.
  std::optional<GameError> rated_join_refusal(const std::optional<StoredAccount>& account,
                                              bool plays_other_seat, const std::string& category,
                                              const std::optional<RatingRange>& range);
  // The lobby (GameService::lobby) as the holder of session `token` sees it:
  // each rated challenge says whether that viewer may take it ("joinable")
  // and, when not, "why" ({"code", "message"}: the refusal a join would
  // get), as lichess greys out the seeks one cannot accept.
  Json lobby_for(const std::string& token);
  // The listener the game service calls when a rated game that is over is
  // saved: both accounts' ratings in its category updated by Glicko-2, the
  // game one rating period, once. An aborted game (fewer than
  // kAbortedBelowPlies plies) and a game whose seats are not two accounts'
  // are not counted. True when this call counted it.
  static constexpr int kAbortedBelowPlies = GameService::kAbortBelowPlies;
  bool rated_game_over(const GameSessionBase& game);
  // Idle time as Glicko-2 rating periods (docs/ratings.md, "Idle time"):
  // lichess's rate, about one period in 4.67 days.
  static constexpr double kIdlePeriodsPerDay = 0.21436;
  // A stored rating as it stands at `now_ms`: its deviation widened by the
  // idle periods since its last counted game (rating::after_idle_periods,
  // up to 350), its rating and volatility as they are. A category with no
  // game counted is a new player's, 1500/350/0.06.
  static rating::Rating as_of(const StoredRating& stored, int64_t now_ms);
  // The seats' ratings in `category` (the game's) as shown by their names
  // ("1500?", provisional with a "?"); "" for a seat no account owns.
  std::array<std::string, 2> rating_labels(int64_t game_id, const std::string& category);
  // The seats' accounts of a page of listed games and, in a rated game,
  // their ratings in its category, with one store query
  // (GameService::on_seat_labels).
  std::map<int64_t, std::array<GameService::SeatLabel, 2>> seat_labels(
      const std::vector<GameService::ListedGame>& games);
  // A rated game's record tags: BlueElo and RedElo (seat 0's and seat 1's
  // ratings, rounded, before the game: as counted, or as they are while it
  // goes on) and Rated "Yes".
  std::vector<std::pair<std::string, std::string>> rating_tags(const GameSessionBase& game);
  // {"category", "players": [{"rank", "name", "rating", "deviation",
  // "games"}]}: the best kLeaderboardSize non-provisional ratings.
  Json leaderboard(const std::string& category);
  // The account's rating in `category` as it stands now (as_of); a new
  // player's without one.
  rating::Rating rating_in(int64_t account_id, const std::string& category);
  // {"standard blitz": {"rating", "deviation", "provisional", "games"}, ...}
  Json ratings_json(int64_t account_id);

 private:
  int64_t now() const;
  StoredAccount named(const std::string& name);
  LoggedIn start_session(const StoredAccount& account, const Credentials& proof);
  // 429 when either bucket is empty.
  void check_limits(const std::string& name_key, const std::string& address, int64_t t);
  // A wrong password for `account`: counted, then 401.
  [[noreturn]] void failed(const std::string& name_key, const std::string& address, int64_t t);

  AccountStore& store_;
  GameService& games_;
  AccountOptions options_;
  TokenBuckets name_failures_{store_, "name", LoginLimits::kPerName, LoginLimits::kWindowMs};
  TokenBuckets address_failures_{store_, "address", LoginLimits::kPerAddress,
                                 LoginLimits::kWindowMs};
  TokenBuckets signups_{store_, "signup", LoginLimits::kSignupsPerAddress, LoginLimits::kWindowMs};
};

}  // namespace jungle::web
