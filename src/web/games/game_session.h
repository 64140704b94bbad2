#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/game_record.h"
#include "core/position.h"
#include "game/family.h"
#include "game/state.h"
#include "web/games/game_session_base.h"
#include "web/server/json_fields.h"
#include "web/store/game_store.h"

namespace jungle::web {

class VariantCatalog;

// A move played and the FEN after it, kept beside the state for the
// engine's and the review's positions without a replay.
struct PlayedMove {
  Move move;
  std::string fen_after;
};

// One open game in memory: the open family's game::State (the arbiter's
// truth: actions, results, declarations, records) with its players, and
// its moves and errors in the API's terms. Beside the state it keeps the
// board as a Position, played along with every action, for what only the
// open game's board gives: the engine's and the tablebase's position, the
// animals a move moved and took. Not thread-safe by itself: callers hold
// mutex() for every call, so each game is isolated from the others and
// requests on one game are serialised.
class GameSession : public GameSessionBase {
 public:
  // Throws GameError kRefused when the FEN is not valid under the rules.
  GameSession(int64_t id, std::string variant, RuleSetPtr rules, const std::string& start_fen,
              std::array<PlayerConfig, kSides> players);
  // Rebuilds a stored game by replaying its moves. Throws GameError kServerFault when
  // the stored game no longer replays (a damaged file, a changed rule set).
  static std::unique_ptr<GameSession> from_stored(const StoredGame& stored,
                                                  const VariantCatalog& catalog,
                                                  int64_t max_movetime_ms);
  // A game read from a record. Throws GameError kBadRequest or kRefused.
  static std::unique_ptr<GameSession> from_record(const GameRecord& record,
                                                  const VariantCatalog& catalog,
                                                  std::array<PlayerConfig, kSides> players);
  // Game `index` (1-based) of a record text; `games` receives how many it
  // holds. Every Variant tag must name a shipped set: the record reader would
  // otherwise load a rule-set file from any path the text names. Throws
  // GameError kRefused saying what is wrong (`no_such_record_game` for an index
  // beyond the last game).
  static std::unique_ptr<GameSession> from_record_text(std::string_view text,
                                                       const VariantCatalog& catalog,
                                                       std::array<PlayerConfig, kSides> players,
                                                       int index = 1, int* games = nullptr);
  // The games of a record text, as the load dialog lists them to choose
  // from: index, players, result, variant and number of plies. Throws as
  // from_record_text does.
  static Json record_games_json(std::string_view text, const VariantCatalog& catalog);

  const RuleSetPtr& rules() const { return pos_.rule_set_ptr(); }
  const Position& position() const { return pos_; }
  const Geometry& board() const { return pos_.rule_set().geometry(); }

  // As a record's Termination tag writes it: "den", "repetition",
  // "resignation", ...; "recorded" for a result a record declares without
  // a reason; empty while the game goes on.
  std::string termination() const override;

  void declare(int winner, const std::string& termination) override;

  // The position after `ply` moves, with the history before it (repetition
  // counts). Throws GameError kBadRequest when ply is out of range.
  Position position_at(int ply) const;
  // Its FEN, without a replay.
  const std::string& fen_at(int ply) const;

  // The side to move after the first `ply` moves.
  Side side_after(int ply) const { return Side(start_.side_to_move() ^ (ply & 1)); }

  // The review searches every position (after 0..ply() moves) and keeps its
  // evaluation until the move leading there is taken back; a move is
  // judged by the evaluations of the positions before and after it, which
  // records write as [%eval] comments.
  std::optional<ReviewStep> next_review_step() override;
  void keep_review_finding(const ReviewStep& step, const ReviewSearch& found) override;
  ReviewFindings review_findings() const override;

 protected:
  // A move given as text ("a3a4"). Throws GameError kRefused saying why an
  // illegal move is illegal.
  void play_action(std::string_view move_text) override;
  // The board, the moves and their evaluations follow the state.
  void taken_back() override;
  void add_stored_play(StoredGame& row) const override;
  // The evaluation of the position each move leads to, from Blue's side,
  // and the move's judgement.
  std::vector<std::string> record_comments() const override;

 private:
  // Plays a legal move: play_action's, and a stored game's replay.
  void play(Move m);

  Position start_;
  // The board after every move played, its history with it (repetitions,
  // take-backs): the state's position as the open game's own type.
  Position pos_;
  std::string start_fen_;
  // Whether the result is declared (a resignation, a flag, an agreement, a
  // record's result) rather than the board's, which the store keeps apart.
  bool declared_ = false;
  std::vector<PlayedMove> moves_;                          // one per ply
  std::vector<std::optional<PlyEvaluation>> evaluations_;  // one per ply 0..ply()

  // The move that led to `ply` (1..ply()) judged by the evaluations of the
  // positions before and after it; nullopt while either is missing.
  std::optional<ReviewedMove> reviewed_move_at(int ply) const;
  int evaluated() const;
};

// GameError kRefused unless every Variant tag of a record text names a
// shipped rule set: the record readers would otherwise load a rule-set file
// from any path the text names.
void require_shipped_variants(std::string_view text, const VariantCatalog& catalog);

// A line of the games list, from the database alone.
Json stored_summary_json(const StoredGame& g);

}  // namespace jungle::web
