#include "hidden/hidden_game.h"
#include "core/aborted_game.h"

#include <stdexcept>

namespace jungle::hidden {

namespace {

GameResult win_for(Side s) {
  return s == kBlue ? GameResult::kBlueWins : GameResult::kRedWins;
}

const Position& checked(const Position& start) {
  if (!start.rules().hidden_pieces) {
    throw std::invalid_argument("rule set '" + start.rules().name +
                                "' does not hide pieces ([pieces] hidden = false)");
  }
  return start;
}

}  // namespace

HiddenGame::HiddenGame(Position start, std::string variant)
    : variant_(std::move(variant)),
      start_(checked(start)),
      truth_(start_),
      views_{PlayerView::of_start(start_, kBlue), PlayerView::of_start(start_, kRed)},
      spectator_(PlayerView::of_start(start_, std::nullopt)) {
  update_result();
}

const Observation& HiddenGame::play(Move m) {
  if (over()) throw std::invalid_argument("the game is over");
  const Side us = truth_.side_to_move();
  const PlayerView& mine = views_[us];
  if (!mine.may_try(m)) {
    throw std::invalid_argument(rule_set().geometry().move_text(m) + ": " + mine.explain(m));
  }
  const RuleSet& rs = rule_set();
  const Square from = m.from(), to = m.to();
  const Piece attacker = truth_.piece_on(from), defender = truth_.piece_on(to);
  Observation o;
  o.mover = us;
  o.move = m;
  if (defender == kNoPiece) {
    o.outcome = Outcome::kMove;
    truth_.do_move(m);
  } else if (rs.may_capture(us, animal_of(attacker), from, animal_of(defender), to)) {
    o.outcome = Outcome::kTook;
    truth_.do_move(m);
  } else {
    switch (rules().failed_attack) {
      case FailedAttack::kAttackerDies:
        o.outcome = Outcome::kDied;
        truth_.do_failed_attack(m, true);
        break;
      case FailedAttack::kBounce:
        o.outcome = Outcome::kBounced;
        truth_.do_failed_attack(m, false);
        break;
      case FailedAttack::kRefused:
        o.outcome = Outcome::kRefused;
        break;
    }
  }
  const ShownRule shown = shown_rule(rules(), o.outcome);
  if (shown.attacker) o.attacker_shown = attacker;
  if (shown.defender) o.defender_shown = defender;
  if (o.is_ply()) {
    const StateInfo& st = truth_.state();
    for (Bitboard b = st.drowned; b;) {
      const Square s = pop_lsb(b);
      const Piece p = Piece(st.drowned_piece[size_t(rs.water_index(s))]);
      o.drowned.emplace_back(s, rules().hidden_reveal == HiddenReveal::kNone ? kNoPiece : p);
    }
  }
  // The announcement follows from the truth, so every view accepts it.
  for (PlayerView& v : views_) v.apply(o);
  spectator_.apply(o);
  log_.push_back(o);
  update_result();
  return log_.back();
}

bool HiddenGame::undo() {
  if (log_.empty()) return false;
  HiddenGame replay(start_, variant_);
  for (size_t i = 0; i + 1 < log_.size(); ++i) replay.play(log_[i].move);
  *this = std::move(replay);
  return true;
}

void HiddenGame::update_result() {
  board_result_ = truth_.terminal_state(&board_why_);
  if (board_result_ != GameResult::kOngoing) return;
  // A side that has no move to try, even one that might fail, has none.
  if (views_[truth_.side_to_move()].legal_moves().empty()) {
    board_why_ = Termination::kNoLegalMove;
    board_result_ = rules().no_legal_move == NoMoveRule::kDraw
                        ? GameResult::kDraw
                        : win_for(opponent(truth_.side_to_move()));
  }
}

std::string HiddenGame::termination() const {
  if (declared_) return declared_->termination;
  return std::string(termination_tag(board_why_));
}

void HiddenGame::declare(GameResult result, std::string termination) {
  if (over()) throw std::invalid_argument("the game is already over");
  if (result == GameResult::kOngoing) throw std::invalid_argument("a declared result must end");
  if (!termination.empty() && !is_declared_termination(termination)) {
    throw std::invalid_argument("'" + termination + "' is not a declared ending");
  }
  declared_ = DeclaredResult{result, std::move(termination)};
}

void HiddenGame::resign(Side loser) {
  declare(win_for(opponent(loser)), "resignation");
}

std::string HiddenGame::result_message() const {
  const GameResult r = result();
  if (r == GameResult::kOngoing) return "";
  const std::string head = r == GameResult::kDraw       ? "Draw"
                           : r == GameResult::kBlueWins ? "Blue wins"
                                                        : "Red wins";
  if (declared_ && declared_->termination == kAbortedTermination) return "Game aborted";
  if (declared_) {
    const Side loser = r == GameResult::kBlueWins ? kRed : kBlue;
    if (declared_->termination == "resignation")
      return head + ": " + side_name(loser) + " resigned";
    if (declared_->termination == "time") return head + ": " + side_name(loser) + " lost on time";
    return head + (declared_->termination.empty() ? "" : " (" + declared_->termination + ")");
  }
  const Side mover = truth_.side_to_move();
  switch (board_why_) {
    case Termination::kDenEntered: {
      const Side winner = r == GameResult::kBlueWins ? kBlue : kRed;
      const Square den = rule_set().den(opponent(winner));
      return head + ": the " + std::string(animal_name(animal_of(truth_.piece_on(den)))) +
             " entered " + side_name(opponent(winner)) + "'s den";
    }
    case Termination::kAllCaptured:
      return head + ": " + side_name(r == GameResult::kBlueWins ? kRed : kBlue) +
             " has no pieces left";
    case Termination::kNoLegalMove:
      return head + ": " + side_name(mover) + " has no move to try";
    case Termination::kRepetition:
      return head + " by repetition";
    case Termination::kMoveLimit:
      return head + ": " + std::to_string(rule_set().draw_after_plies_without_capture()) +
             " plies without a capture";
    case Termination::kDenFood:
      return head + ": " + side_name(r == GameResult::kBlueWins ? kRed : kBlue) +
             " kept its own den occupied too long";
    case Termination::kNone:
      break;
  }
  return head;
}

}  // namespace jungle::hidden
