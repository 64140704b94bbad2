// What each announcement tells a view: PlayerView::apply (player_view.h).

#include <algorithm>
#include <string>
#include <vector>

#include "hidden/player_view.h"
#include "hidden/player_view_words.h"

namespace jungle::hidden {

void PlayerView::restrict(int id, AnimalSet allowed) {
  belief_[pieces_[size_t(id)].side].restrict(belief_index_[size_t(id)], allowed);
}

void PlayerView::apply(const Observation& o) {
  // apply_unchecked works on copies of the pieces, beliefs and board and
  // takes them only once every check has passed, so a rejected announcement
  // changes nothing; a copy of the whole view here (its history and
  // positions included) made each announcement cost as much as the game so
  // far, and replaying a game's views cost the square of its length.
  apply_unchecked(o);
}

void PlayerView::apply_unchecked(const Observation& o) {
  const RuleSet& rs = *rules_;
  const Geometry& g = rs.geometry();
  const std::string text = observation_text(o, g);
  auto fail = [&](const std::string& why) {
    throw ViewError("announcement " + std::to_string(history_.size() + 1) + " " + text + ": " +
                    why);
  };
  const Square from = o.move.from(), to = o.move.to();
  if (!g.contains(from) || !g.contains(to)) fail("not a square of the board");
  if (visible_result() != GameResult::kOngoing) fail("the game is already over");
  if (o.mover != to_move_) fail(side_name(to_move_) + " is to move, not " + side_name(o.mover));
  const Side us = o.mover, them = opponent(us);
  const int attacker = board_[from];
  if (attacker < 0) fail("there is no piece on " + g.square_name(from));
  if (pieces_[size_t(attacker)].side != us) {
    fail("the piece on " + g.square_name(from) + " is " + side_name(them) + "'s");
  }
  const int defender = board_[to];
  if (o.outcome == Outcome::kMove) {
    if (defender >= 0) {
      fail(g.square_name(to) + " is occupied: an attack is written with its outcome (" +
           g.move_text(o.move) + ":took, :died, :bounced or :refused)");
    }
  } else {
    if (defender < 0) fail("there is no piece on " + g.square_name(to) + " to attack");
    if (pieces_[size_t(defender)].side == us) {
      fail(g.square_name(to) + " holds " + side_name(us) + "'s own piece");
    }
  }
  const FailedAttack fa = rules().failed_attack;
  if ((o.outcome == Outcome::kDied && fa != FailedAttack::kAttackerDies) ||
      (o.outcome == Outcome::kBounced && fa != FailedAttack::kBounce) ||
      (o.outcome == Outcome::kRefused && fa != FailedAttack::kRefused)) {
    fail("a failed attack " + std::string(outcome_word(o.outcome)) +
         ", but this rule set's failed_attack is " +
         (fa == FailedAttack::kAttackerDies ? "attacker_dies"
          : fa == FailedAttack::kBounce     ? "bounce"
                                            : "refused"));
  }
  const ShownRule need = shown_rule(rules(), o.outcome);
  if ((o.attacker_shown != kNoPiece) != need.attacker ||
      (o.defender_shown != kNoPiece) != need.defender) {
    std::string expected = need.attacker && need.defender ? "both animals"
                           : need.attacker                ? "the attacker's animal only"
                           : need.defender                ? "the defender's animal only"
                                                          : "no animal";
    fail("under this rule set's reveal option the arbiter shows " + expected + " here");
  }

  // What the announcement says about the animals, checked on copies.
  std::array<Belief, kSides> beliefs = belief_;
  std::vector<PieceInfo> pieces = pieces_;
  auto restrict_copy = [&](int id, AnimalSet allowed, const std::string& why) {
    const PieceInfo& p = pieces[size_t(id)];
    if (p.known && !allowed.contains(*p.known)) fail(why);
    beliefs[p.side].restrict(belief_index_[size_t(id)], allowed);
  };
  auto show = [&](int id, Piece shown) {
    const PieceInfo& p = pieces[size_t(id)];
    if (p.known && *p.known != animal_of(shown)) {
      fail("it shows a " + std::string(animal_name(animal_of(shown))) + " on " +
           g.square_name(p.square) + ", where the " + piece_words(p.side, *p.known) + " stands");
    }
    restrict_copy(id, AnimalSet{animal_of(shown)}, "");
    pieces[size_t(id)].known = animal_of(shown);
    pieces[size_t(id)].shown = true;
  };
  const PieceInfo& mover_piece = pieces[size_t(attacker)];
  restrict_copy(attacker, movers(us, from, to),
                mover_piece.known ? "the " + piece_words(us, *mover_piece.known) + " on " +
                                        g.square_name(from) + " cannot go to " + g.square_name(to)
                                  : "");
  if (o.attacker_shown != kNoPiece) show(attacker, o.attacker_shown);
  if (o.defender_shown != kNoPiece) show(defender, o.defender_shown);
  if (o.is_attack()) {
    const bool took = o.outcome == Outcome::kTook;
    const std::optional<Animal> a = pieces[size_t(attacker)].known;
    const std::optional<Animal> d = pieces[size_t(defender)].known;
    auto outcome_of = [&](Animal x, Animal y) { return rs.may_capture(us, x, from, y, to); };
    if (a && d) {
      if (outcome_of(*a, *d) != took) {
        fail("the " + piece_words(us, *a) + (took ? " cannot take" : " takes") + " the " +
             piece_words(them, *d) + " on " + g.square_name(to));
      }
    } else if (a) {
      AnimalSet allowed;
      for (int t = 0; t < kAnimals; ++t) {
        if (outcome_of(*a, Animal(t)) == took) allowed.insert(Animal(t));
      }
      restrict_copy(defender, allowed, "");
    } else if (d) {
      AnimalSet allowed;
      for (int t = 0; t < kAnimals; ++t) {
        if (outcome_of(Animal(t), *d) == took) allowed.insert(Animal(t));
      }
      restrict_copy(attacker, allowed, "");
    }
  }

  // The board after it.
  std::array<int8_t, 64> board = board_;
  bool removal = false;
  switch (o.outcome) {
    case Outcome::kMove:
    case Outcome::kTook:
      if (defender >= 0) {
        pieces[size_t(defender)].square = kNoSquare;
        removal = true;
      }
      board[to] = int8_t(attacker);
      board[from] = -1;
      pieces[size_t(attacker)].square = to;
      break;
    case Outcome::kDied:
      board[from] = -1;
      pieces[size_t(attacker)].square = kNoSquare;
      removal = true;
      break;
    case Outcome::kBounced:
    case Outcome::kRefused:
      break;
  }
  if (o.is_ply()) ++pieces[size_t(attacker)].moves;

  // The drowning rule: the mover's pieces in the water count one more turn.
  std::vector<std::pair<Square, Piece>> drowned;
  if (o.is_ply() && rs.tracks_water_turns()) {
    for (int id : side_pieces_[us]) {
      PieceInfo& p = pieces[size_t(id)];
      if (!p.on_board()) continue;
      if (!(rs.water() & square_bb(p.square))) {
        p.water_turns = 0;
        continue;
      }
      if (++p.water_turns > rules().water_turn_limit) drowned.emplace_back(p.square, kNoPiece);
    }
    std::sort(drowned.begin(), drowned.end());
  }
  std::vector<Square> announced;
  for (const auto& [s, piece] : o.drowned) announced.push_back(s);
  std::vector<Square> expected;
  for (const auto& [s, piece] : drowned) expected.push_back(s);
  std::sort(announced.begin(), announced.end());
  if (announced != expected) {
    std::string list;
    for (Square s : expected) list += (list.empty() ? "" : ", ") + g.square_name(s);
    fail(expected.empty() ? "no piece drowns here" : "the pieces that drown here are on " + list);
  }
  const bool show_drowned = rules().hidden_reveal != HiddenReveal::kNone;
  for (const auto& [s, piece] : o.drowned) {
    if ((piece != kNoPiece) != show_drowned) {
      fail(show_drowned ? "a drowned piece's animal is shown under this rule set"
                        : "a drowned piece's animal is not shown under this rule set");
    }
    const int id = board[s];
    if (piece != kNoPiece) show(id, piece);
    pieces[size_t(id)].square = kNoSquare;
    board[s] = -1;
    removal = true;
  }

  for (Side s : {kBlue, kRed}) {
    if (!beliefs[s].consistent()) {
      fail("no arrangement of " + side_name(s) +
           "'s animals explains every announcement so far with this one");
    }
  }

  // Everything checked: take it.
  belief_ = std::move(beliefs);
  pieces_ = std::move(pieces);
  board_ = board;
  history_.push_back(o);
  if (!o.is_ply()) return;
  ++plies_;
  plies_since_capture_ = removal ? 0 : plies_since_capture_ + 1;
  if (rs.tracks_den_food() && (occupied(us) & rs.den_bb(us))) ++den_turns_[us];
  to_move_ = them;
  record_position();
}

}  // namespace jungle::hidden
