#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "web/engines/engine_pool.h"
#include "web/games/game_registry.h"
#include "web/games/game_session_base.h"
#include "web/games/rating_range.h"
#include "web/games/seats.h"
#include "web/games/stored_summary.h"
#include "web/games/variant_catalog.h"

// The games as the API offers them, between the routes and the games: who
// may do what (the seats), the clocks, offers, joining and leaving, the
// events each change records, the lobby. Every action takes the game's lock,
// checks the request against the seats and the rules, changes the game and
// saves it with its events before answering; a write that finds the game
// changed by another writer is decided again on the stored game. Routes only
// read requests and write answers; errors are GameError (game_error.h).

namespace jungle::web {

// A watcher's stream tells the store its seat is still connected this often;
// a seat not heard of for three times as long counts as gone.
inline constexpr int64_t kPresenceBeatMs = 5000;

// A rematch offer lapses when its opponent has not answered it this long.
inline constexpr int64_t kRematchLapseMs = 5 * 60 * 1000;

struct GameServiceOptions {
  int64_t max_movetime_ms = 10000;
  // A seated player whose connection has been gone this long may be claimed
  // as abandoned by the opponent.
  int64_t abandon_timeout_ms = 30000;
  // The clocks' time, in ms; the wall clock unless a test gives its own.
  std::function<int64_t()> clock;
};

// Who a request comes from: what it proves (player key, seat tokens), and
// for the engine pool's shares, the client and its address.
struct Requester {
  Credentials proof;
  std::string player_key;  // the raw key, to take a seat with
  std::string client;
  std::string address;
};

// A game's state for the one who asked, and the tokens of seats it just took.
struct Seated {
  Json state;
  Json seat_tokens = Json::object();  // {"blue": "..."}
};

enum class OfferKind { kDraw, kTakeback };

class GameService {
 public:
  GameService(GameRegistry& games, const VariantCatalog& catalog, EnginePool& pool,
              GameServiceOptions options);
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Stops the clock's timer (before the registry and the pool go).
  void stop();

  // ---- games ----
  // A new game as POST /api/games describes it (docs/api.md).
  // `creator_rating` gives the creator's rating in a category, for a rated
  // challenge's rating range given as a spread (rating_range.h).
  using CreatorRating = std::function<double(const std::string& category)>;
  Seated create(const Json& body, const Requester& who, const CreatorRating& creator_rating = {});
  // The game's state as `who` sees it. Decides a loss on time first.
  Json state(int64_t id, const Requester& who);
  // {"games": [...], "total", "limit", "offset", "now_ms"}; a game whose
  // clock runs with its "clock": {"control", "running", "deadline_ms"}.
  Json list(int limit, int offset);
  void remove(int64_t id, const Requester& who);
  // The game as a record, and the file name to download it as: a hidden
  // game's record holds what `who` was shown until the game is over.
  std::pair<std::string, std::string> record(int64_t id, const Requester& who);

  // ---- play ----
  Json move(int64_t id, const Requester& who, const std::string& move, int64_t expected_ply);
  // The engine plays for the seat to move; waits for its search.
  Json engine_move(int64_t id, const Requester& who);
  Json undo(int64_t id, const Requester& who, int plies, bool until_human);
  // `seat` -1: the requester's own seat, else the seat to move.
  Json resign(int64_t id, const Requester& who, int seat);
  Json set_players(int64_t id, const Requester& who, const Json& body);

  // ---- a secret set-up, Capabilities::setup (game_service_setup.cpp) ----
  // A chosen set-up: arranges the animals of `seat` (-1: the one seat a
  // person plays that `who` holds) as `arrangement` says, or at random when
  // `random`, and settles it when `ready`.
  Json arrange(int64_t id, const Requester& who, int seat, const std::string& arrangement,
               bool random, bool ready);

  // ---- online ----
  // Takes the game's open seat; `code` is needed unless the game is listed.
  Seated join(int64_t id, const std::string& code, const Requester& who, const std::string& name);
  // The game a join code names; GameError kNotFound otherwise.
  int64_t game_of_code(const std::string& code);
  Json offer(int64_t id, const Requester& who, OfferKind kind);
  Json answer_offer(int64_t id, const Requester& who, OfferKind kind, bool accept);
  // Ends the game as won by `who` when the opponent has been gone too long.
  Json claim_win(int64_t id, const Requester& who);
  // ---- aborting (lichess's rule, docs/api.md "Aborting") ----
  // A game is abortable while a side has not made its first move: fewer
  // than kAbortBelowPlies plies.
  static constexpr int kAbortBelowPlies = 2;
  // How long a player of a real-time online game has for its first move
  // before the game is aborted for it (lichess gives 15 to 30 s by the
  // speed; the longest, so that nobody loses a game to a slow start). A
  // correspondence game's first move has its clock's days instead.
  static constexpr int64_t kFirstMoveMs = 30'000;
  // Either player of an online game that is still abortable ends it with
  // no winner, termination "aborted" (the state's "result" "aborted"); it
  // is never rated, and no tally or rating counts it. GameError kRefused
  // "not_abortable" once each side has moved, kConflict "not_online" for a
  // game on one screen, "not_your_seat" for a spectator.
  Json abort(int64_t id, const Requester& who);
  // When game `game` is aborted for want of a first move: an online game
  // still abortable, a person's clock running (it starts once both are
  // seated) since the move before, kFirstMoveMs later (a correspondence
  // game: when its clock falls), or sooner if the clock falls first;
  // nullopt for none.
  static std::optional<int64_t> first_move_deadline(const GameSessionBase& game);
  // {"challenges": [...], "playing": [...]}; every challenge "joinable",
  // which the account service narrows for a rated one's viewer
  // (AccountService::lobby_for).
  Json lobby();

  // ---- after a game (game_service_rematch.cpp) ----
  // A rematch of a finished game: colours swapped, the same rule set, clock
  // and family options, a fresh deal or set-up where the family has one. In
  // an online game it is offered to the opponent (the old game's state); a
  // local game's player (who holds both seats) gets it at once (the new
  // game's state and both its tokens).
  Seated rematch(int64_t id, const Requester& who);
  // The opponent accepts the rematch offered (the new game's state and the
  // accepter's own token) or declines it (the offerer so withdraws it).
  Seated answer_rematch(int64_t id, const Requester& who, bool accept);
  // The seats `who` held in game `id`, in the rematch made of it, each with
  // a fresh token (an earlier one for that seat stops working): how each
  // player gets its own token, and never the opponent's.
  Seated rematch_seat(int64_t id, const Requester& who);

  // ---- your turn (game_service_your_turn.cpp) ----
  // The games among `games` where it is `who`'s move: online games still
  // going on in which `who` (its player key, or the tokens given with each
  // game) holds the seat to move, or has a set-up still to settle. A game
  // `who` holds no seat of is left out, as if it did not exist: nobody
  // learns of others' games here. {"games": [...], "count", "now_ms"}, the
  // soonest deadline first. (An account's games will join `games`.)
  struct SeatClaim {
    int64_t game = 0;
    std::vector<std::string> tokens;
    // Seats known to be the requester's without a token (its account's, as
    // the store records them), as a bit set (1: blue, 2: red).
    int seats = 0;
  };
  Json your_turn(const std::vector<SeatClaim>& games, const Requester& who);

  // ---- watching ----
  // The seats `who` holds in the game, as a bit set (0: a spectator).
  int seats_of(int64_t id, const Requester& who);
  struct CatchUp {
    std::vector<StoredEvent> events;  // after the seq asked for, in order
    int64_t last = 0;                 // the game's latest event
    Json state;                       // as `seats` sees it
  };
  // What a watcher that saw events up to `after` has missed, with the
  // state now; at most `limit` events.
  CatchUp catch_up(int64_t id, int64_t after, int seats, int limit);
  // A watcher holding `seats` connected (or left); counts its presence.
  void watching(int64_t id, int seats, bool connected);
  // A watcher is still there (its stream's keep-alive).
  void still_watching(int64_t id, int seats);
  GameEvents& events() { return games_.events(); }

  // ---- for the engine routes ----
  struct LockedGame {
    std::shared_ptr<GameSessionBase> game;
    std::unique_lock<std::mutex> lock;
  };
  // The game locked for one request; a copy dropped after a failed write is
  // replaced by the stored one.
  LockedGame lock(int64_t id);
  // The game locked for the engine's `help` of one reader (engine_routes):
  // GameError kNotFound for a deleted game, the game's refusal where its
  // family gives no such help (GameSessionBase::require_help), and, when
  // `asking` for a new search rather than reading a review's findings,
  // refuse_help_while_online. The one place these rules are applied.
  LockedGame lock_for_help(int64_t id, Help help, bool asking = true);
  // Hints, analysis and reviews help a player; in an online game still
  // going on they are refused (GameError kRefused "game_in_progress").
  static void refuse_help_while_online(const GameSessionBase& game, Help help);
  void save(GameSessionBase& game, bool lobby = false);

  // ---- rated games (docs/ratings.md) ----
  // Called, with the game locked, each time a rated game that is over is
  // saved (so perhaps more than once for one game: the listener counts it
  // once). Set once, before the server serves: the account service's.
  using GameOverListener = std::function<void(const GameSessionBase&)>;
  void on_rated_game_over(GameOverListener listener) { rated_over_ = std::move(listener); }
  // Whether game `id` is rated; GameError kNotFound for no such game.
  bool rated(int64_t id);
  // What joining rated game `id` asks of the joiner: the category its
  // rating is in and the challenge's rating range (none: every rating).
  struct RatedTerms {
    bool rated = false;
    std::string category;
    std::optional<RatingRange> range;
  };
  RatedTerms rated_terms(int64_t id);
  // A page of listed games' seats as accounts ("Ann") and, in a rated
  // game, their ratings in its category ("1662?"), for the game list, the
  // lobby and a rated game's state: one call for the whole page (the account service answers it
  // with one store query), by game id; "" for a seat of no account, and
  // for the rating of a casual game's. Set once, like the others.
  struct SeatLabel {
    std::string account;
    std::string rating;
  };
  struct ListedGame {
    int64_t id = 0;
    std::string category;  // the rated game's; "" for a casual one
  };
  using SeatLabels = std::function<std::map<int64_t, std::array<SeatLabel, 2>>(
      const std::vector<ListedGame>& games)>;
  void on_seat_labels(SeatLabels labels) { seat_labels_ = std::move(labels); }
  // A rated game's record tags (BlueElo and RedElo by seat, Rated); set once.
  using RatingTags =
      std::function<std::vector<std::pair<std::string, std::string>>(const GameSessionBase&)>;
  void on_rating_tags(RatingTags tags) { rating_tags_ = std::move(tags); }
  // The rating category of a game ("standard blitz"); "" when it cannot be
  // rated.
  static std::string category_of(const GameSessionBase& game);
  // The category a stored game is rated in; "" for a casual one.
  std::string category_of(const StoredGame& game) const;
  // Gives each rated game stored before the store's category column
  // (schema 4) its category, kCategorizePage games a query, so that a
  // profile's filters find it; the server calls it once as it starts (a
  // no-op once every game has one). The number of games categorized.
  static constexpr int kCategorizePage = 500;
  int categorize_stored_games();
  // Called when a rematch of `old` is made (seat s of `old` is seat 1 - s
  // of `made`), before either player is answered: the account service
  // gives the new game's seats to the accounts that owned the old ones, so
  // that a rematch of a rated game is rated too. Set once, like the others.
  using RematchListener =
      std::function<void(const GameSessionBase& old, const GameSessionBase& made)>;
  void on_rematch_made(RematchListener listener) { rematch_made_ = std::move(listener); }

  // ---- clocks ----
  int64_t now() const { return options_.clock(); }
  // Decides every loss on time due now (the timer calls it).
  void check_clocks();
  const GameServiceOptions& options() const { return options_; }
  size_t games_in_memory() const { return games_.cached(); }

 private:
  // Each line of a page of listed games (stored_summary_json's, in the
  // order of `games`) gains its seats' accounts and, in a rated game, their
  // ratings and its category, from one call of the seat labels.
  void label_seats(const std::vector<ListedGame>& games, std::vector<Json>& lines) const;

  // Runs `change` on the locked game and retries it on the stored game when
  // another writer got there first (RevisionConflict), or when `change`
  // refused on a copy older than the stored game (decided_on_stale_copy), a
  // few times.
  Json mutate(int64_t id, const std::function<Json(GameSessionBase&)>& change);
  // The game locked once `check` passes on it, with mutate's retries for
  // a refusal decided on an older copy.
  LockedGame lock_checked(int64_t id, const std::function<void(GameSessionBase&)>& check);
  // A refusal (`error`) decided on this server's copy of the game: true when
  // the copy is older than the stored game, which another server changed
  // and whose notice has not arrived yet. The copy is then dropped, and the
  // request is to be decided again on the stored game: a refusal must not
  // blame the player for a state the game has left (docs/deploy.md).
  bool decided_on_stale_copy(GameSessionBase& game, const GameError& error);
  Json state_of(GameSessionBase& game, int seats);
  // Ends the game on time if its running clock is out; true when it did.
  // With the game locked; saves.
  // `now`, when given, is the time the caller then acts at, so that a move
  // is judged by the same instant as the flag.
  bool settle_clock(GameSessionBase& game, std::optional<int64_t> now = std::nullopt);
  // Requires `who` to hold `seat` (adopting a game stored before seats).
  void require_seat(GameSessionBase& game, const Requester& who, int seat, const std::string& what);
  void require_any_seat(GameSessionBase& game, const Requester& who, const std::string& what);
  // The one seat `who` holds in an online game, or GameError.
  int own_seat(const GameSessionBase& game, const Requester& who, const char* what);
  // After a move by `seat` at `now`: the clocks, offers and events.
  void after_move(GameSessionBase& game, int seat, int64_t now);
  void after_undo(GameSessionBase& game, int64_t now, const Json& extra);
  // Ends the game by declaration, with its event.
  void end(GameSessionBase& game, int winner, const std::string& termination, int64_t now);
  // Starts the clock of the seat to move when a person plays it.
  void run_clock(GameSessionBase& game, int64_t now);
  void track_deadline(const GameSessionBase& game);
  Json presence_json(GameSessionBase& game);
  // Any request from a seat of an online game, a move above all, shows that
  // its player is there, as an open stream does: the seat's last-seen time
  // in the store (which every server reads) moves on to now. Without this
  // a player who kept moving with no stream open (an API client, a page
  // whose stream a proxy buffers) could be claimed as having abandoned.
  // With the game locked, before the request is judged: a refused request
  // comes from someone there too.
  void seen(const GameSessionBase& game, const Requester& who);
  // Whether `seat`'s holder is connected, and since when it is gone.
  std::pair<bool, int64_t> presence_of(const GameSessionBase& game, int seat,
                                       const std::array<int64_t, 2>& seen);
  // The rematch as the state shows it (offered_by, expires_ms, game).
  static Json rematch_json(const GameSessionBase& game);
  // Clears a rematch offer that lapsed (kRematchLapseMs) or whose offerer's
  // last stream here closed since it was made; true when it did (with its
  // event; the caller saves).
  bool rematch_gone(GameSessionBase& game, int64_t now);
  // The new game of a rematch of `game`, stored, and its seats' tokens.
  std::pair<std::shared_ptr<GameSessionBase>, std::array<std::string, 2>> make_rematch(
      const GameSessionBase& game, int64_t now);
  // The offerer of a rematch left (its last stream here closed).
  void withdraw_rematch_of(int64_t id, int seat);
  Json answer_offer_locked(GameSessionBase& game, const Requester& who, OfferKind kind, bool accept,
                           int seat, int64_t now);
  // Tells the game's watchers that the engine started thinking for `seat`.
  void thinking(const GameSessionBase& game, int seat);
  std::string new_code();
  // The running clocks of the stored games, for the timer (at start).
  void resume_clocks();
  void clock_loop();
  // A presence notice, perhaps from another server: a seat whose watchers
  // there all left is gone here too unless it has a watcher here; one that
  // came back there is judged by its beats again.
  void heard_presence(const GameNotice& notice);

  GameRegistry& games_;
  const VariantCatalog& catalog_;
  EnginePool& pool_;
  GameServiceOptions options_;

  // Watchers connected to this server, per (game, seat).
  std::mutex presence_mutex_;
  std::map<std::pair<int64_t, int>, int> watchers_;
  // When the last watcher of a seat here left, or when another server said
  // that the seat's last watcher there left (heard_presence).
  std::map<std::pair<int64_t, int>, int64_t> left_;
  // When this server last wrote each seat's last-seen time for a request
  // (seen): a player's burst of requests costs the store one write a second.
  std::map<std::pair<int64_t, int>, int64_t> seen_written_;
  // Every game's presence notices, this server's and the others'.
  GameEvents::Subscription presence_notices_;

  // When each game's running clock falls, for the timer.
  std::mutex clock_mutex_;
  std::condition_variable clock_wake_;
  std::map<int64_t, int64_t> deadlines_;
  bool stopping_ = false;
  std::thread clock_thread_;

  GameOverListener rated_over_;
  RatingTags rating_tags_;
  SeatLabels seat_labels_;
  RematchListener rematch_made_;
};

// "draw" / "takeback".
OfferKind offer_kind(const std::string& text);

}  // namespace jungle::web
