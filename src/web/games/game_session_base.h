#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/random_bits.h"
#include "core/types.h"
#include "game/family.h"
#include "game/observation.h"
#include "game/setup.h"
#include "game/state.h"
#include "web/games/action_review.h"
#include "web/games/game_clock.h"
#include "web/games/help_position.h"
#include "web/games/position_review.h"
#include "web/games/replay_cursor.h"
#include "web/games/review_findings.h"
#include "web/games/seats.h"
#include "web/server/json_fields.h"
#include "web/store/game_store.h"

// What every game the web app holds has, whatever its rules: the game
// itself as its family's game::State (the one-game interface: its family,
// rule set, result and declarations come from it), its place in the store
// (id, revision, events), who sits where (SeatTable), its clock, the offers
// standing and the engine work in flight. It plays, stores, replays and
// records a game of any family from the State alone (chance drawn by the
// system's generator, game_session_stored.cpp), with a set-up each side
// chooses in secret where its family has one (game_session_setup.cpp), and
// holds every game of every family: no family has a session type of its
// own (the open game's board, its record's side lines and its review of
// each position are asked of its State and its capabilities, like every
// other family's). The game service plays them all through it. Not
// thread-safe by itself: callers hold mutex().

namespace jungle::web {

class EngineTicket;

// Who plays one seat: a person, or the engine at a strength.
struct PlayerConfig {
  enum class Kind { kHuman, kEngine };
  Kind kind = Kind::kHuman;
  int skill = 20;              // EngineOptions::skill_level: 0 (beginner) .. 20 (full)
  int64_t movetime_ms = 1000;  // thinking time per engine move
  std::string name;            // as a record's Blue or Red tag names the player; may be empty

  bool is_engine() const { return kind == Kind::kEngine; }
  Json to_json() const;
  // Reads {"type": "human"|"engine", "skill": 0..20, "movetime_ms": N,
  // "name": "..."}; `field` names the object in error messages ("red").
  // Throws GameError kBadRequest.
  static PlayerConfig from_json(const Json& j, const std::string& field, int64_t max_movetime_ms);
};

// The longest name a player may give.
inline constexpr size_t kMaxNameLength = 100;
// A record's player tag as a name: "?" and empty say nobody is named, and
// "Human" is what this server writes for a nameless person.
std::string name_from_tag(const std::string& tag);

// Refuses game `index` (1-based) of a record text holding `games` games
// when there is no such game (GameError kRefused, no_such_record_game).
void require_record_game(int index, size_t games);

// Which viewer (game::Viewer) a holder of `seats` (a bit set, SeatTable::
// held_by) is: its seat's side when it holds exactly one seat a person
// plays, else a spectator (a local game's creator, who holds both seats, is
// the one side a person plays against the engine, and nobody in particular
// of two people sharing a screen until the page names one of them,
// ?as=blue). Where viewers know different things, this says what it is sent.
game::Viewer viewer_of_seats(int seats, const std::array<bool, 2>& human_seats);

// GameError kConflict "setting_up" while the arrangements are not settled.
GameError still_setting_up();

// The most plies a game may have, in every family (a hidden game's refused
// tries count, each one an announcement): no real game comes near it; it
// bounds the memory one game can take.
inline constexpr int kMaxGamePlies = 4000;

class GameSessionBase {
 public:
  // A session of `state` (Family::new_state or read_records), which it owns
  // from then on; `ready` says which sides have settled their arrangement
  // where the family lets each side choose one (new_start's: a chosen
  // set-up waits for both, hold_setup).
  GameSessionBase(int64_t id, std::unique_ptr<game::State> state,
                  std::array<PlayerConfig, kSides> players,
                  std::array<bool, kSides> ready = {true, true});
  // A new game of the shipped set `variant` from `start` (a FEN: everything
  // in it is known to whoever wrote it, a set-up included), or without one
  // from what new_start makes (a set-up each side may still arrange);
  // chance before the first action drawn from the system's generator.
  // Throws GameError kBadRequest "unknown_variant", kRefused "bad_fen"
  // saying what is wrong.
  static std::unique_ptr<GameSessionBase> create(int64_t id, const std::string& variant,
                                                 const std::optional<std::string>& start,
                                                 std::array<PlayerConfig, kSides> players);
  // Replays a stored row (to_stored) of any family: its start, each ply as
  // the store keeps it (add_stored_play), a declared result, a review's
  // findings and the table. Throws GameError kServerFault "damaged_game"
  // when it no longer replays.
  static std::unique_ptr<GameSessionBase> from_stored(const StoredGame& stored,
                                                      int64_t max_movetime_ms);
  // The game's family (src/game), its state's: the service asks it what the
  // game can do (family().capabilities()), not which family it is.
  const game::Family& family() const { return state_->family(); }
  // The game as its family's one-game interface holds it.
  const game::State& state() const { return *state_; }

  std::mutex& mutex() const { return mutex_; }
  int64_t id() const { return id_; }
  void set_id(int64_t id) { id_ = id; }

  const std::string& variant() const { return state_->variant(); }
  // The steps of the game its readers are shown, as the state's "ply"
  // counts them (docs/api.md): each side's action, chance's outcome with
  // the action that called for it (a flip with what it revealed); where
  // viewers know different things, every action the arbiter announced, a
  // refused try included (the same side then moves again), so that each
  // reaches the players.
  int ply() const;
  bool over() const { return state_->over(); }
  GameResult result() const { return state_->result(); }
  // As a record's Termination tag writes it: "den", "repetition",
  // "resignation", ...; "recorded" for a result declared without a reason
  // (a record's Result the board does not show); "" while the game goes on.
  std::string termination() const;
  // A sentence for the player: "Blue wins: the Rat entered Red's den".
  std::string result_message() const { return state_->result_message(); }

  // The seat to move: 0 (the first player) or 1; once the game is over,
  // the seat whose turn the board shows (a declared end's), else the seat
  // after the last mover's.
  int seat_to_move() const;
  // Whether the seats have colours yet (a first-flip game before its first
  // flip has none): a resignation or a flag needs them. The state's
  // (State::first_player), for every family.
  bool colours_known() const { return state_->first_player().has_value(); }
  // The colour that `seat` plays: the first player's colour for seat 0
  // (Blue while none is given); colours_known() first.
  Side side_of_seat(int seat) const;
  // The seat that plays `side`: 0 while the seats have no colours.
  int seat_of_side(Side side) const;
  // Whether the clocks may run yet: once the seats have colours and any
  // set-up to choose is settled.
  bool clocks_may_run() const { return colours_known() && set_up(); }
  // Whether moves may be taken back: where the family's games allow it, and
  // not where viewers know different things (a take-back would let a player
  // try an attack, see the animals it shows, and take it back).
  bool takes_back() const {
    const game::Capabilities can = family().capabilities();
    return can.undo && !can.hidden_information;
  }

  const PlayerConfig& player(int seat) const { return players_[size_t(seat)]; }
  std::array<bool, 2> human_seats() const {
    return {!players_[0].is_engine(), !players_[1].is_engine()};
  }
  void set_players(std::array<PlayerConfig, kSides> players);

  // Plays an action as a client writes it ("a3a4"; a flip game's "b2?"):
  // play_action, once the rules every game has allow a ply.
  // Throws GameError kRefused "game_over" when the game is over,
  // "game_too_long" when it has max_plies() plies (it goes on, for a
  // declaration to end it), or saying why the action is illegal;
  // kBadRequest when it is not written like a move.
  void play_text(std::string_view text);
  // kMaxGamePlies, unless a test gives a game fewer.
  int max_plies() const { return max_plies_; }
  void limit_plies(int plies) { max_plies_ = plies; }
  // Takes back up to `plies` plies (each a side's action with chance's
  // after it, a flip with what it revealed) and a declared result. Throws
  // no_takeback() where the game takes nothing back (takes_back).
  void undo(int plies);
  // GameError kRefused "no_takeback", saying why the game takes nothing back.
  GameError no_takeback() const;
  // GameError kBadRequest "bad_move": `text` is not written like a move.
  static GameError not_a_move(std::string_view text);
  // How many moves take the game back to the last position where a person
  // was to move (by mover_seat): 0 when no person has moved; where both
  // seats are the engine's, the last move (a take-back still takes one).
  int plies_back_to_human() const;
  // Ends the game by declaration: `winner` is a seat, or -1 for a draw;
  // `termination` one of kDeclaredTerminations ("resignation", "time",
  // "agreement", "abandoned"). Throws GameError kRefused when the game is
  // over, when a winner is named before the seats have colours, or for a
  // termination the state refuses.
  void declare(int winner, const std::string& termination);

  // The viewer a holder of `seats` is (viewer_of_seats).
  game::Viewer viewer_for(int seats) const { return viewer_of_seats(seats, human_seats()); }

  // ---- a set-up each side chooses in secret (Capabilities::setup;
  // game_session_setup.cpp) ----
  // Where the game's family lets each side choose its secret arrangement
  // (Family::setup_to_choose), the session holds the game::Setup being
  // chosen until both sides have settled, and its state is the game that
  // starts from the arrangements as they stand (Setup::new_state, started
  // again at each arrangement, so that every reader's Observation shows its
  // own side's); once both have settled, the first move may be played and
  // the clocks run. Asked of the family and its Setup, never of a rule set.
  //
  // Whether `side` has settled its arrangement, and whether both have (the
  // first move waits for both); a game without a set-up has none to wait for.
  bool ready(Side side) const { return ready_[side]; }
  bool set_up() const { return ready_[kBlue] && ready_[kRed]; }
  // Arranges `side`'s animals (a text as Setup::set takes it, or at random
  // from `rng` when `text` is empty). Throws GameError kRefused "no_setup"
  // where the game has no set-up to choose, "setup_settled" once the side
  // has settled it, "bad_arrangement" saying why an arrangement is refused.
  void arrange(Side side, std::string_view text, RandomBits rng);
  // The refusal of an arrangement for a game with no set-up to choose.
  static GameError no_setup();
  // Settles `side`'s arrangement; nothing where there is none to settle.
  void settle(Side side);
  // What a new game of `variant` starts from where no position is given,
  // and which sides have settled their arrangement: where its family lets
  // each side choose, both arrangements drawn from `chance` (Family::
  // new_setup) and an engine's seat given its family's own choice
  // (Family::choose_setup), settled at once, a person's left to arrange;
  // else the family's own start (a secret set-up that chance draws), with
  // nothing to settle. Throws std::invalid_argument as Family::new_state.
  struct Start {
    std::unique_ptr<game::State> state;
    std::array<bool, kSides> ready{true, true};
  };
  static Start new_start(const std::string& variant,
                         const std::array<PlayerConfig, kSides>& players, RandomBits chance);
  // The stored row's words for the set-up (docs/api.md, "Stored"):
  // "setup:blue", "setup:red" for each side that settled its arrangement
  // before the first move, in a game with a set-up to choose; none once
  // the game has begun (its moves say it).
  std::vector<std::string> stored_setup_words() const;
  // Takes those words out of a stored row's `words`, and says which sides
  // had settled (hold_setup's `ready`). Throws std::invalid_argument for a
  // set-up word that names no side.
  static std::array<bool, kSides> take_stored_setup_words(std::vector<std::string>& words);

  // ---- the engine's help (engine_routes: one path for every family) ----
  // Throws GameError kRefused "hidden_pieces" where the game's
  // capabilities give no `help`: every game has hints (from what its
  // reader may see); analyses and reviews where the family has them and
  // its players know the same, or once the game is over (where pieces are
  // hidden, an analysis or a review of a game going on would be of one
  // player's guesses, or of the truth, public only at its end). The other
  // rule, none during an online game, is the service's
  // (GameService::lock_for_help).
  void require_help(Help help) const;
  // What the engine is given to help the holder of `seats`
  // (SeatTable::held_by) at `ply` (0..ply()): the position as that reader
  // may see it, one rule over the capabilities. Where nothing is hidden, the
  // game as it stood after `ply` plies (state_at), observed by its side to
  // move, whoever asks: a face-down tile flipped later is face down there
  // again. Where players know different things, while the game goes on the
  // reader's own view now, whatever `ply`, and only for the player to move
  // (an engine thinking from a view that is not to move would find nothing
  // to play); once it is over, the whole board after `ply` plies
  // (game::truth_observation), the truth being public then. Throws
  // GameError kRefused "position_over" where the game is over there,
  // "not_your_turn" where the reader may have nothing searched, kConflict
  // "setting_up" while a set-up is being arranged.
  game::Observation help_position(int ply, int seats) const;
  // The game as it stood after its first `ply` plies (0..ply()), each flip
  // with what it revealed: replayed on the state from its start, so a
  // result declared later is not in it. Throws GameError kBadRequest when
  // `ply` is out of range.
  std::unique_ptr<game::State> state_at(int ply) const;
  // ---- the review (Capabilities::review; web/engines/reviews.h: one job
  // for every family, which asks the game for what to search and keeps what
  // it found here, stored with the game and written into its record) ----
  // The next search the review needs, the first position without a
  // finding; one the board has decided there is filled in at once, needing
  // none. nullopt when every one has its finding, and in a game without
  // reviews. Here (game_session_review.cpp), for every family whose review
  // judges each action by its value before it (reviews_each_action): the
  // position before the first ply without a finding, as its mover saw it
  // (its Observation, never the truth: the truth would blame a player for
  // what it could not see), every action valued there; where players know
  // different things, only once the game is over (a search of a player's
  // past view would tell of what that player knows). For every family whose
  // review values each position (reviews_positions): the first position
  // without an evaluation, as its side to move sees it.
  std::optional<ReviewStep> next_review_step();
  // Keeps what the search of `step` found, unless the game has changed
  // there since (ReviewStep::stands).
  void keep_review_finding(const ReviewStep& step, const ReviewSearch& found);
  // What the review has found so far, as its answer lists it.
  ReviewFindings review_findings() const;
  // How many actions the review's steps have replayed so far, for the
  // tests of how often a review replays the game.
  uint64_t review_actions_replayed() const { return review_cursor_.replayed(); }

  // What the engine playing the seat to move is given, in every family: the
  // Observation of the side to move, what that seat may see and nothing
  // more. Throws GameError "setting_up" while a set-up is being arranged.
  game::Observation engine_observation() const;

  // The rules' part of the state (docs/api.md, "Game state") as the holder
  // of `seats` (SeatTable::held_by) may see it, written here for every
  // family: id, variant, ply, the moves (moves_json for its viewer, viewer_for),
  // what its Observation shows (add_seen_state), the board's drawing
  // (add_board_state) and the fields every game has (add_shared_state). The service adds the
  // seats, clock and offers.
  Json to_json_for(int seats) const;
  // The fields of the state that every game has, whatever its family:
  // revision, players, status, result, winner, termination, message,
  // engine_thinking, created_ms, updated_ms, family and capabilities, added
  // to `state`.
  void add_shared_state(Json& state) const;
  // The plies as `viewer` knows them, as the state's "moves" lists them
  // (game::seen_ply_json): read from that viewer's Observation alone, by
  // its family (Family::seen_plies: the truth once a game of hidden pieces
  // is over), and written here for every family.
  Json moves_json(game::Viewer viewer) const;
  // The move that led to `ply` (1..ply()) as everyone was shown it when it
  // was played (a spectator's view, never the truth an end makes public):
  // what a "move" event tells every reader.
  Json move_json(int ply) const;
  // The seat that made the move leading to `ply` (1..ply()).
  int mover_seat(int ply) const;
  // How many times the plies were read from an Observation so far (each
  // read replays the game), for the tests of how often that happens.
  int seen_plies_reads() const { return seen_plies_reads_; }
  // The rules' part of the stored row: the rule set, the players, the
  // result, and the family's play (add_stored_play).
  StoredGame to_stored() const;
  // The game as a record (docs/records.md), the arbiter's: the truth
  // included, for the end of a game where players know different things.
  std::string record_text() const;
  // The record's file name when downloaded: "jungle-game-7.jgn",
  // "flip-jungle-game-7.jgn", from the family's title.
  std::string record_filename() const;
  // The record and its file name as the holder of `seats` may have them:
  // where players know different things, while the game goes on, only
  // what its reader was shown ("...-game-7-blue-view.jgn").
  std::pair<std::string, std::string> record_for(int seats) const;
  // The players as a stored row names them; a seat whose settings no
  // longer read is a person's (settings are not worth refusing a game for).
  static std::array<PlayerConfig, kSides> players_from_stored(const StoredGame& row,
                                                              int64_t max_movetime_ms);
  // Declares on `state` the result a stored row declares (a resignation, a
  // flag, an agreement; a record's result without a reason as ""), where the
  // board has not ended the game: whether there was one. Throws GameError
  // kServerFault "damaged_game" where the state refuses it.
  static bool declare_stored_result(game::State& state, const StoredGame& row);

  // The whole row: the rules' part with the seats, clock, offers, events.
  StoredGame stored_row() const;
  // Restores the table's part of a stored row (after the rules' part).
  void load_table(const StoredGame& row);

  // Records an event that the next save stores with the game and then
  // announces; returns its seq.
  int64_t emit(const std::string& type, Json data, int64_t now);
  // Events recorded since the last save, and what a save makes of them.
  const std::vector<StoredEvent>& pending_events() const { return pending_; }
  void saved(int64_t revision);
  // The most recent events, kept in memory so that watchers catching up a
  // few moves need not read the store; empty beyond what is kept.
  std::vector<StoredEvent> recent_events_after(int64_t seq, bool* complete) const;
  int64_t last_event() const { return last_event_; }

  // Bumped by every change in memory, so that an engine answer computed for
  // an older state of the game is recognised as stale and dropped.
  uint64_t change_count() const { return changes_; }
  // The store's revision of this copy (GameStore::update refuses a write
  // made from another).
  int64_t revision() const { return revision_; }
  void set_revision(int64_t revision) {
    revision_ = revision;
    revision_hint_ = revision;
  }
  // The same, readable without the game's lock: a hint for the registry.
  int64_t revision_hint() const { return revision_hint_.load(std::memory_order_relaxed); }

  // Who sits where, the clock, the offers; the join code and the lobby's
  // listing are the store's columns for them.
  SeatTable seats;
  GameClock clock;
  Offers offers;
  std::string code;
  // Engine work in flight: at most one move search (whose answer a change
  // makes stale) and one analysis.
  std::shared_ptr<EngineTicket> engine_ticket;
  std::shared_ptr<EngineTicket> analysis_ticket;
  // Set when a write to the store failed: the registry has dropped this copy
  // and the next request reloads the game as last stored.
  bool detached = false;
  // Tags the record adds after the game's own (a rated game's BlueElo,
  // RedElo and Rated, set by the service before it writes the record).
  std::vector<std::pair<std::string, std::string>> extra_tags;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;

 protected:
  // Every change calls this.
  void changed();
  // The play's part of the stored row (to_stored), for every family from
  // the State (game_session_stored.cpp): the start as the arbiter's FEN,
  // each ply as its event, the word records write for it (a flip with what
  // it revealed, "b2?=L a1a2", a hidden try's announcement "e3e4:took=Tw"),
  // the set-up's words (stored_setup_words) and a declared end the plies do
  // not show.
  void add_stored_play(StoredGame& row) const;
  // The comments a record writes after each ply: where the review values
  // each action (reviews_each_action), a reviewed ply's value after it as
  // Blue's expected score written as centipawns, and its judgement; where
  // it values each position (reviews_positions), the value of the position
  // each ply led to and the ply's judgement (PositionReview).
  std::vector<std::string> record_comments() const;
  // The record's tags: the event, its date, the players by colour (a seat
  // plays the colour the game gave it), the time control and extra_tags.
  game::Tags record_tags() const;
  // The record file's name before its extension: "jungle-game-7".
  std::string record_file_stem() const;
  // GameError kRefused "game_over" while the game is over.
  void require_ongoing_game() const;
  // play_text's play, for every family (game_session_stored.cpp): the
  // state plays `text`, and while chance is to act after it, chance's
  // outcome is drawn with the system's generator (SecureRandom: a flip
  // with what it reveals). Throws GameError kRefused "illegal_move" saying
  // why not (where the state gives its reason apart, "b5a5: <why>", in the
  // mover's own terms), kBadRequest "bad_move" for a text the state says
  // is no action (game::ActionError::written).
  void play_action(std::string_view text);
  // The plies as `viewer` knows them, read from its Observation (a read
  // replays every ply; seen_reads_ keeps the reads until the game changes).
  const std::vector<game::SeenPly>& seen_plies(game::Viewer viewer) const;
  // The Observation the holder of `seats` is written from: its viewer's
  // where players know different things; else the side to move's when it
  // holds that seat, a spectator's when not.
  game::Observation observation_for(int seats) const;
  // The fields of the state read from its reader's Observation `seen`, for
  // every family: start_fen, fen, side_to_move, legal_moves, and
  // where chance may decide the colours seat_to_move and
  // first_player_colour.
  void add_seen_state(Json& state, const game::Observation& seen) const;
  // What the page draws beyond those (board_state_json.cpp), written from
  // `seen` alone through its family's game::ObservedBoard, with the
  // set-up's progress: face-down tiles and the pool, pieces as the reader
  // knows them. None where the FEN says all (the open game).
  void add_board_state(Json& state, const game::Observation& seen) const;
  // Whether the family's review judges each action by the value of every
  // action in the position before it (ReviewStep::every_action): where
  // chance follows an action (a flip's draw) or an action shows what was
  // hidden (an attack on a hidden animal), the position after it holds what
  // its mover could not know when choosing it. Asked of the capabilities.
  bool reviews_each_action() const;
  // Whether it values each position instead, and judges a move by the
  // positions before and after it (PositionReview): where the game has
  // reviews and the position after an action holds nothing its mover could
  // not know (no chance, nothing hidden). Asked of the capabilities.
  bool reviews_positions() const;
  // Each ply's action and its mover's colour as that review tells them
  // (none before the colours are known), replayed on the state.
  std::vector<ReviewedPly> reviewed_plies() const;
  // next_review_step's search where the review values each position: the
  // first position without an evaluation (where neither chance nor hidden
  // animals are, each action is a ply, and the position after `p` plies
  // follows the first `p` actions).
  std::optional<ReviewStep> next_position_step();
  // Opens the set-up phase of a game at its start for the sides not
  // `ready` (new_start's, or a stored game's): the Setup holds the state's
  // start as each side's arrangement so far. Nothing to open where both are
  // ready, the game has begun or its family has no set-up to choose (every
  // side is then ready). The constructor calls it. Throws
  // GameError kServerFault "damaged_game" when the start is no set-up.
  void hold_setup(std::array<bool, kSides> ready);
  std::unique_ptr<game::State> state_;
  std::array<PlayerConfig, kSides> players_;
  // That review's findings, one per ply (ply()): a ply played adds one, a
  // take-back drops those of the plies taken back; stored with the game.
  ActionReview action_review_;
  // The other review's evaluations, one per position (0..ply()).
  PositionReview position_review_;
  // Both reviews follow the plies: a ply played adds a place, a take-back
  // drops those of the plies taken back.
  void follow_plies();

 private:
  // Where ply `index` (0-based) starts in the state's actions (chance's
  // included), and the actions up to and with it as text: what a finding
  // of that ply must still follow (ReviewStep::stands).
  size_t action_index_of_ply(size_t index);
  std::string actions_text(size_t count) const;

  // The review's replay of the game, kept between its steps (each step
  // replayed the game from its start).
  ReplayCursor review_cursor_;

  // Recent events kept in memory.
  static constexpr size_t kRecentEvents = 64;

  // A family's reading of an Observation's plies, kept until the game
  // changes (changed(), which every change calls, and the state's count of
  // actions): a move's event, the state its mover is sent and every
  // watcher's state read the game once between them, where each read
  // replays every ply, and a read kept is found without observing the game
  // again (an observation's text holds every ply). One for each viewer
  // (Blue, Red, a spectator) where viewers know different things, else one
  // for all.
  struct SeenPliesRead {
    uint64_t changes = 0;
    size_t actions = 0;
    std::vector<game::SeenPly> plies;
  };
  mutable std::array<std::optional<SeenPliesRead>, kSides + 1> seen_reads_;
  mutable int seen_plies_reads_ = 0;

  // The set-up being chosen (hold_setup), until both sides have settled.
  std::unique_ptr<game::Setup> setup_;
  std::array<bool, kSides> ready_{true, true};

  int max_plies_ = kMaxGamePlies;
  int64_t id_;
  uint64_t changes_ = 0;
  int64_t revision_ = 0;
  std::atomic<int64_t> revision_hint_{0};
  int64_t last_event_ = 0;
  std::vector<StoredEvent> pending_;
  std::deque<StoredEvent> recent_;
  mutable std::mutex mutex_;
};

// A game's result as the API writes it: its result tag ("1-0", "1/2-1/2",
// "*"), or "aborted" for a game aborted before each side had moved, which
// the rules hold as a draw declared (termination "aborted") but nobody drew.
std::string api_result(const std::string& result_tag, const std::string& termination);

// "blue" / "red".
std::string side_json_name(Side s);
// The result in which `s` wins.
inline GameResult win_for_side(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}
int64_t now_ms();
// A family's capabilities as the game state writes them; `undo` only where
// the session also takes moves back (GameSessionBase::takes_back).
Json capabilities_json(const game::Capabilities& can, bool takes_back);

}  // namespace jungle::web
