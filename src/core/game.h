#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_record.h"
#include "core/position.h"

namespace jungle {

// An engine's opinion of a move as records keep it: from Blue's side, as
// PGN gives it from White's, whoever made the move.
struct Evaluation {
  int value = 0;  // centipawns, or with `mate` moves to a forced win (negative: Red wins)
  bool mate = false;
  int depth = 0;
};
// "0.35", "-1.20", "#4", "#-3".
std::string evaluation_text(const Evaluation& e);
// "[%eval 0.35/12]" (docs/records.md).
std::string eval_comment(const Evaluation& e);

// An end the board does not show: a resignation, a flag fall, a draw agreed
// or adjudicated, a game abandoned, or a result a record gives.
struct DeclaredResult {
  GameResult result = GameResult::kOngoing;
  // One of kDeclaredTerminations, or "" for a result given without a reason.
  std::string termination;
};

// Checks a result to declare on a game that goes on (`over`): it must end
// the game, with one of kDeclaredTerminations or "". Throws
// std::invalid_argument saying which rule it breaks.
DeclaredResult checked_declaration(bool over, GameResult result, std::string termination);
// A declared end as a sentence: "Blue wins: Red resigned", "Draw by agreement".
std::string declared_message(const DeclaredResult& declared);
// A record's Result as a declared one, when the board does not end the game
// (a resignation, a loss on time, a result the record gives, an abort:
// Result "*" with Termination "aborted"); nothing when the record gives no
// result.
std::optional<DeclaredResult> recorded_declaration(std::string_view result_tag_text,
                                                   std::string_view termination_tag);

// A game in progress or finished: the start position, the moves with their
// comments, and how it ended. Keeps one Position for the current ply and
// replays from the start for any other, so that holding or loading a game
// costs no copy of the history per move (a Position copies its history).
// The terminal game, the web server and the match runner are layers over it.
class Game {
 public:
  // `variant` is what the record's Variant tag writes: a shipped name or a path.
  explicit Game(Position start, std::string variant = "standard");

  // The game a record holds: its Variant's rule set, its start, its moves
  // and, when the board does not show it, its declared result. Throws
  // RecordError for a bad tag or an illegal move.
  static Game from_record(const GameRecord& record, const RecordSource& source = {});
  // The Result, Variant, FEN (when not the rule set's start) and Termination
  // tags and the moves; Event, Date and the players are the caller's to add.
  GameRecord to_record() const;

  // The game with its history as text, which a FEN cannot hold: the record
  // format. deserialize reads the first game of such a text; throws RecordError.
  std::string serialize() const;
  static Game deserialize(std::string_view text, const RecordSource& source = {});

  const std::string& variant() const { return variant_; }
  const RuleSetPtr& rule_set_ptr() const { return position_.rule_set_ptr(); }
  const Position& start() const { return start_; }
  const Position& position() const { return position_; }
  int ply() const { return int(moves_.size()); }
  const std::vector<RecordedMove>& moves() const { return moves_; }
  // The side that made moves()[index].
  Side mover_of(int index) const { return Side(start_.side_to_move() ^ (index & 1)); }
  // The full move number of moves()[index] (or of a move at ply() to come).
  int move_number_of(int index) const {
    return start_.move_number() + (index + (start_.side_to_move() == kRed ? 1 : 0)) / 2;
  }
  // "12. a3a4" or "12... a3a4": `m` played at ply `index`.
  std::string move_label(int index, Move m) const;
  std::string move_label(int index) const { return move_label(index, moves_[size_t(index)].move); }
  // The position after `ply` moves, with the history before it (repetition
  // counts), replayed into one Position. Throws std::out_of_range.
  Position position_at(int ply) const;

  // Plays a legal move. Throws std::invalid_argument when the game is over
  // or the move is illegal here; callers that want to say why check first
  // (parse_move, explain_illegal).
  void play(Move m, std::string comment = "");
  // Takes back the last move, and with it a declared result, which belonged
  // to the position after it. False when no move was played.
  bool undo();
  // Forgets the comments and side lines a record gave the moves: the game
  // alone, whose record writes only its moves and result.
  void forget_comments();

  GameResult result() const { return declared_ ? declared_->result : board_result_; }
  bool over() const { return result() != GameResult::kOngoing; }
  // The Termination tag: a rule's (termination_tag) or the declared one; ""
  // while the game goes on or when a declared result gives no reason.
  std::string termination() const;
  // Why the board ended the game; kNone while it goes on.
  Termination board_termination() const { return board_why_; }

  const std::optional<DeclaredResult>& declared() const { return declared_; }
  // Ends the game by declaration: `termination` is one of
  // kDeclaredTerminations or "". Throws std::invalid_argument when the game
  // is already over, for a result of kOngoing or an unknown termination.
  void declare(GameResult result, std::string termination);
  void resign(Side loser);
  void clear_declared() { declared_.reset(); }
  // Takes a record's Result as declared when the board does not show it
  // (a resignation, a loss on time, a result given by the record).
  void adopt_recorded_result(const GameRecord& record);

  // How many moves to take back to reach the last position where one of the
  // `human` sides was to move, so that a person's "undo" also takes back the
  // engine's reply: 0 when no person has moved yet. With no person playing,
  // one move.
  int plies_back_to_human(const std::array<bool, kSides>& human) const;

  // The end as a sentence: "Blue wins: the Lion entered Red's den", "Red
  // wins: Blue resigned", "Draw by repetition: ..."; "" while going on.
  std::string result_message() const;
  // The end in detail, for the terminal's "Game over: Blue wins (...)":
  // "den entered: the Blue Lion reached Red's den at d9", "Blue resigned".
  std::string end_reason() const;

 private:
  void update_board_result();

  std::string variant_;
  Position start_;
  Position position_;
  std::vector<RecordedMove> moves_;
  std::optional<DeclaredResult> declared_;
  // game_result() of position_, kept up to date: it generates moves, and
  // every view of the game asks for it several times.
  GameResult board_result_ = GameResult::kOngoing;
  Termination board_why_ = Termination::kNone;
};

}  // namespace jungle
