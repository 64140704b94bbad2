#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/game_record.h"
#include "core/position.h"
#include "ui/web/game_store.h"
#include "ui/web/json_http.h"

namespace jungle::web {

class EngineTicket;
class VariantCatalog;

// Who plays one side: a person at the board, or the engine at a strength.
struct PlayerConfig {
  enum class Kind { kHuman, kEngine };
  Kind kind = Kind::kHuman;
  int skill = 20;              // EngineOptions::skill_level: 0 (beginner) .. 20 (full)
  int64_t movetime_ms = 1000;  // thinking time per engine move
  std::string name;            // as a record's Blue or Red tag names the player; may be empty

  bool is_engine() const { return kind == Kind::kEngine; }
  Json to_json() const;
  // Reads {"type": "human"|"engine", "skill": 0..20, "movetime_ms": N,
  // "name": "..."}; `field`
  // names the object in error messages ("red"). Throws ApiError 400.
  static PlayerConfig from_json(const Json& j, const std::string& field, int64_t max_movetime_ms);
};

// What a finished move did, for the page's move list and animations: kept
// beside the Game's moves so that the page's view needs no replay.
// The engine's view of the position after some ply, as a game review keeps
// it: from Blue's side, like a record's [%eval] comment.
struct PlyEvaluation {
  int blue_score = 0;  // centipawns for Blue
  int mate = 0;        // moves to a forced win, negative when Red wins; 0: none
  int depth = 0;
  std::string best;    // the engine's move here; empty when the game is over here
  bool final = false;  // the game is over here: blue_score is +1, -1 or 0

  // Blue's expected score, 0..1: what graphs plot and move judgements compare.
  double blue_expected() const;
  Json to_json(int ply) const;
  Json to_stored_json() const;
  static std::optional<PlyEvaluation> from_stored_json(const Json& j);
};

struct PlayedMove {
  Move move;
  Piece piece = kNoPiece;
  Piece captured = kNoPiece;
  std::string fen_after;
};

// One game in memory: the Game (core/game.h) with its players, ids and
// times, and the API's errors and JSON around it. Not
// thread-safe by itself: callers hold mutex() for every call, so each game
// is isolated from the others and requests on one game are serialised.
class GameSession {
 public:
  // Throws ApiError 400 when the FEN is not valid under the rules.
  GameSession(int64_t id, std::string variant, RuleSetPtr rules, const std::string& start_fen,
              std::array<PlayerConfig, kSides> players);
  // Rebuilds a stored game by replaying its moves. Throws ApiError 500 when
  // the stored game no longer replays (a damaged file, a changed rule set).
  static std::unique_ptr<GameSession> from_stored(const StoredGame& stored,
                                                  const VariantCatalog& catalog,
                                                  int64_t max_movetime_ms);
  // A game read from a record. Throws ApiError 400/422.
  static std::unique_ptr<GameSession> from_record(const GameRecord& record,
                                                  const VariantCatalog& catalog,
                                                  std::array<PlayerConfig, kSides> players);
  // Game `index` (1-based) of a record text; `games` receives how many it
  // holds. Every Variant tag must name a shipped set: the record reader would
  // otherwise load a rule-set file from any path the text names. Throws
  // ApiError 422 saying what is wrong (`no_such_record_game` for an index
  // beyond the last game).
  static std::unique_ptr<GameSession> from_record_text(std::string_view text,
                                                       const VariantCatalog& catalog,
                                                       std::array<PlayerConfig, kSides> players,
                                                       int index = 1, int* games = nullptr);
  // The games of a record text, as the load dialog lists them to choose
  // from: index, players, result, variant and number of plies. Throws as
  // from_record_text does.
  static Json record_games_json(std::string_view text, const VariantCatalog& catalog);

  std::mutex& mutex() const { return mutex_; }

  int64_t id() const { return id_; }
  void set_id(int64_t id) { id_ = id; }
  const Game& game() const { return game_; }
  const std::string& variant() const { return game_.variant(); }
  const RuleSetPtr& rules() const { return game_.rule_set_ptr(); }
  const Position& position() const { return game_.position(); }
  const Geometry& board() const { return game_.position().rule_set().geometry(); }
  int ply() const { return game_.ply(); }
  // Bumped by every change in memory, so that an engine answer computed for
  // an older state of the game is recognised as stale and dropped.
  uint64_t change_count() const { return changes_; }
  // The store's revision of the game this copy was read from or last
  // written as (GameStore::update refuses a write from another).
  int64_t revision() const { return revision_; }
  void set_revision(int64_t revision) { revision_ = revision; }
  const PlayerConfig& player(Side s) const { return players_[s]; }
  void set_players(std::array<PlayerConfig, kSides> players);

  bool over() const { return game_.over(); }
  GameResult result() const { return game_.result(); }
  // As a record's Termination tag writes it: "den", "repetition",
  // "resignation", ...; "recorded" for a result a record declares without
  // a reason; empty while the game goes on.
  std::string termination() const;
  // A sentence for the player: "Blue wins: the Rat entered Red's den".
  std::string result_message() const { return game_.result_message(); }

  // Plays a move given as text ("a3a4"). Throws ApiError 422 saying why an
  // illegal move is illegal, or that the game is over.
  void play(std::string_view move_text);
  void play(Move m);
  // Takes back up to `plies` moves (and a resignation).
  void undo(int plies);
  // How many moves take the game back to the last position where a person
  // was to move (Game::plies_back_to_human): 0 when no person has moved.
  int plies_back_to_human() const;
  void resign(Side side);

  // The position after `ply` moves, with the history before it (repetition
  // counts). Throws ApiError 400 when ply is out of range.
  Position position_at(int ply) const;
  // Its FEN, without a replay.
  const std::string& fen_at(int ply) const;

  // What a review found of the position after `ply` moves; kept until the
  // move leading there is taken back, stored and written into records.
  const std::optional<PlyEvaluation>& evaluation(int ply) const;
  // Ignored for a ply the game does not have.
  void set_evaluation(int ply, PlyEvaluation e);
  // The first ply whose position has no evaluation, or -1.
  int first_unevaluated() const;
  int evaluated() const;

  Json to_json() const;
  StoredGame to_stored() const;
  GameRecord to_record() const;

  // Engine work in flight for this game: at most one move search and one
  // analysis, so one game cannot fill the engine queue. A change to the game
  // cancels the move search (its answer would be stale).
  std::shared_ptr<EngineTicket> engine_ticket;
  std::shared_ptr<EngineTicket> analysis_ticket;
  // Set when a write to the store failed: the registry has dropped this copy
  // and the next request reloads the game as last stored.
  bool detached = false;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;

 private:
  int64_t id_;
  Game game_;
  std::string start_fen_;
  std::vector<PlayedMove> moves_;                          // one per game_.moves()
  std::vector<std::optional<PlyEvaluation>> evaluations_;  // one per ply 0..ply()
  std::array<PlayerConfig, kSides> players_;
  uint64_t changes_ = 0;
  int64_t revision_ = 0;
  mutable std::mutex mutex_;
};

// A line of the games list, from the database alone.
Json stored_summary_json(const StoredGame& g);
// "blue" / "red".
std::string side_json_name(Side s);
int64_t now_ms();

}  // namespace jungle::web
