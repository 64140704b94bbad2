#include "core/game.h"

#include <cstdio>
#include <stdexcept>

#include "core/aborted_game.h"
#include "core/movegen.h"
#include "core/record_rules.h"

namespace jungle {

namespace {

std::string side_title(Side s) {
  return s == kBlue ? "Blue" : "Red";
}

GameResult win_for(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}

}  // namespace

std::string evaluation_text(const Evaluation& e) {
  if (e.mate) return std::string("#") + std::to_string(e.value);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", e.value / 100.0);
  return buf;
}

std::string eval_comment(const Evaluation& e) {
  return "[%eval " + evaluation_text(e) + "/" + std::to_string(e.depth) + "]";
}

Game::Game(Position start, std::string variant)
    : variant_(std::move(variant)), start_(std::move(start)), position_(start_) {
  update_board_result();
}

Game Game::from_record(const GameRecord& record, const RecordSource& source) {
  check_length(record, source);
  RuleSetCache cache(source);
  const std::string variant = record.tag("Variant").empty() ? "standard" : record.tag("Variant");
  // A record built in code may still name another dialect for its FEN tag.
  Game game(start_position(record, cache, 0, {},
                           record_dialect(record, notation::Dialect::kJungle, 0, {})),
            variant);
  game.moves_.reserve(record.moves.size());
  for (const RecordedMove& rm : record.moves) {
    // Through the record's own check, so that an illegal move says why.
    play_move(game.position_, game.position_.rule_set().geometry().move_text(rm.move), 0, {});
    game.moves_.push_back(rm);
  }
  game.update_board_result();
  game.adopt_recorded_result(record);
  return game;
}

GameRecord Game::to_record() const {
  GameRecord r;
  const std::string term = termination();
  r.set_tag("Result", std::string(record_result_tag(result(), term)));
  r.set_tag("Variant", variant_);
  if (start_.fen() != Position(start_.rule_set_ptr()).fen()) r.set_tag("FEN", start_.fen());
  if (!term.empty()) r.set_tag("Termination", term);
  r.moves = moves_;
  r.board = start_.rule_set().geometry();
  return r;
}

std::string Game::serialize() const {
  return write_record(to_record());
}

Game Game::deserialize(std::string_view text, const RecordSource& source) {
  const std::vector<GameRecord> records = read_records(text, source);
  if (records.empty()) throw RecordError(0, {}, "the text holds no game");
  return from_record(records.front(), source);
}

std::string Game::move_label(int index, Move m) const {
  return std::to_string(move_number_of(index)) + (mover_of(index) == kBlue ? ". " : "... ") +
         start_.rule_set().geometry().move_text(m);
}

Position Game::position_at(int ply) const {
  if (ply < 0 || ply > this->ply()) {
    throw std::out_of_range("ply " + std::to_string(ply) + " is not between 0 and " +
                            std::to_string(this->ply()));
  }
  if (ply == this->ply()) return position_;
  Position pos = start_;
  for (int i = 0; i < ply; ++i) pos.do_move(moves_[size_t(i)].move);
  return pos;
}

void Game::play(Move m, std::string comment) {
  if (over()) throw std::invalid_argument("the game is over");
  if (!is_legal(position_, m))
    throw std::invalid_argument(position_.rule_set().geometry().move_text(m) + " is illegal here");
  position_.do_move(m);
  moves_.push_back({m, std::move(comment)});
  update_board_result();
}

void Game::forget_comments() {
  for (RecordedMove& m : moves_) {
    m.comment.clear();
    m.variations.clear();
  }
}

bool Game::undo() {
  if (moves_.empty()) return false;
  position_.undo_move();
  moves_.pop_back();
  declared_.reset();
  update_board_result();
  return true;
}

std::string Game::termination() const {
  if (declared_) return declared_->termination;
  return std::string(termination_tag(board_why_));
}

DeclaredResult checked_declaration(bool over, GameResult result, std::string termination) {
  if (over) throw std::invalid_argument("the game is already over");
  if (result == GameResult::kOngoing) throw std::invalid_argument("a declared result must end");
  if (!termination.empty() && !is_declared_termination(termination)) {
    throw std::invalid_argument("'" + termination + "' is not a declared ending");
  }
  return DeclaredResult{result, std::move(termination)};
}

std::string declared_message(const DeclaredResult& declared) {
  const GameResult r = declared.result;
  const std::string winner = r == GameResult::kBlueWins ? "Blue" : "Red";
  const std::string loser = r == GameResult::kBlueWins ? "Red" : "Blue";
  const std::string& term = declared.termination;
  if (term == "resignation") return winner + " wins: " + loser + " resigned";
  if (term == "time") return winner + " wins: " + loser + " ran out of time";
  if (term == "agreement") return "Draw by agreement";
  if (term == kAbortedTermination) return "Game aborted";
  const std::string why = term == "abandoned" ? "game abandoned" : "result given by the record";
  if (r == GameResult::kDraw) return "Draw (" + why + ")";
  return winner + " wins (" + why + ")";
}

std::optional<DeclaredResult> recorded_declaration(std::string_view result_tag_text,
                                                   std::string_view termination_tag) {
  const std::optional<GameResult> recorded =
      declared_result(result_tag_text.empty() ? "*" : result_tag_text, termination_tag);
  if (!recorded || *recorded == GameResult::kOngoing) return std::nullopt;
  const std::string term(termination_tag);
  return DeclaredResult{*recorded, is_declared_termination(term) ? term : ""};
}

void Game::declare(GameResult result, std::string termination) {
  declared_ = checked_declaration(over(), result, std::move(termination));
}

void Game::resign(Side loser) {
  declare(win_for(opponent(loser)), "resignation");
}

void Game::adopt_recorded_result(const GameRecord& record) {
  if (over()) return;
  if (auto d = recorded_declaration(record.result(), record.tag("Termination"))) declared_ = *d;
}

int Game::plies_back_to_human(const std::array<bool, kSides>& human) const {
  if (!human[kBlue] && !human[kRed]) return moves_.empty() ? 0 : 1;
  for (int i = ply() - 1; i >= 0; --i) {
    if (human[mover_of(i)]) return ply() - i;
  }
  return 0;
}

std::string Game::result_message() const {
  const GameResult r = result();
  if (r == GameResult::kOngoing) return "";
  const std::string winner = r == GameResult::kBlueWins ? "Blue" : "Red";
  const std::string loser = r == GameResult::kBlueWins ? "Red" : "Blue";
  if (declared_) return declared_message(*declared_);
  const Rules& rules = position_.rules();
  switch (board_why_) {
    case Termination::kDenEntered: {
      const Piece p = position_.last_moved_piece();
      const std::string animal =
          p == kNoPiece ? "a piece" : "the " + std::string(animal_name(animal_of(p)));
      return winner + " wins: " + animal + " entered " + loser + "'s den";
    }
    case Termination::kAllCaptured:
      return winner + " wins: " + loser + " has no pieces left";
    case Termination::kNoLegalMove:
      if (r == GameResult::kDraw) {
        return "Draw: " + side_title(position_.side_to_move()) + " has no legal move";
      }
      return winner + " wins: " + loser + " has no legal move";
    case Termination::kRepetition:
      return "Draw by repetition: the same position occurred " +
             std::to_string(rules.repetition_count) + " times";
    case Termination::kMoveLimit:
      return "Draw: " + std::to_string(rules.no_capture_limit) + " plies without a capture";
    case Termination::kDenFood:
      return winner + " wins: " + loser + "'s den was occupied too long";
    case Termination::kNone:
      break;
  }
  return r == GameResult::kDraw ? "Draw" : winner + " wins";
}

std::string Game::end_reason() const {
  const GameResult r = result();
  if (r == GameResult::kOngoing) return "";
  const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
  const Side loser = opponent(winner);
  if (declared_) {
    const std::string& term = declared_->termination;
    if (r != GameResult::kDraw && term == "resignation") return side_title(loser) + " resigned";
    if (r != GameResult::kDraw && term == "time") return side_title(loser) + " lost on time";
    return term.empty() ? "as recorded" : term;
  }
  switch (board_why_) {
    case Termination::kDenEntered: {
      const Square den = position_.rule_set().den(loser);
      return "den entered: the " + side_title(winner) + " " +
             std::string(animal_name(animal_of(position_.piece_on(den)))) + " reached " +
             side_title(loser) + "'s den at " + position_.rule_set().geometry().square_name(den);
    }
    case Termination::kAllCaptured:
      return "all captured: " + side_title(loser) + " has no pieces left";
    case Termination::kNoLegalMove:
      return "no legal move: " + side_title(position_.side_to_move()) + " cannot move";
    case Termination::kRepetition:
      return "repetition: the same position occurred " +
             std::to_string(position_.rules().repetition_count) + " times";
    case Termination::kMoveLimit:
      return "move limit: " + std::to_string(position_.rules().no_capture_limit) +
             " plies without a capture";
    case Termination::kDenFood:
      return "den food: " + side_title(loser) + " kept its own den occupied too long";
    case Termination::kNone:
      break;
  }
  return "";
}

void Game::update_board_result() {
  board_result_ = game_result(position_, &board_why_);
}

}  // namespace jungle
