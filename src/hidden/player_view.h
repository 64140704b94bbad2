#pragma once

#include <array>
#include <bit>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "hidden/belief.h"
#include "hidden/observation.h"

// What one player of a hidden game knows (docs/hidden.md): its own pieces,
// the squares of the enemy's, the animals announced, and everything that
// follows from the announcements: which animals each unknown piece can
// still be. A view is built from where it begins (the player's own set-up
// and the enemy's squares) and the arbiter's announcements, and from
// nothing else: two games that differ only where the player cannot see give
// the same view. The engine, the terminal and the web app see a hidden game
// only through views.

namespace jungle::hidden {

// An announcement that cannot happen in the view it is applied to, or a
// view FEN that cannot be read; the message says which and why.
class ViewError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A piece as the observer knows it. Pieces keep their index for the whole
// game, so that a piece is followed from square to square.
struct PieceInfo {
  Side side = kBlue;
  Square start = kNoSquare;     // where it stood when the view began; kNoSquare: already gone
  Square square = kNoSquare;    // where it stands; kNoSquare once it has left the board
  std::optional<Animal> known;  // the observer's own animal, or one announced
  bool shown = false;           // its animal was announced to both players
  int moves = 0;                // moves and attacks it made
  int water_turns = 0;          // the drowning rule's count
  bool on_board() const { return square != kNoSquare; }
};

// Who looks: a side, or nobody (a spectator, who knows only what was announced).
using Viewer = std::optional<Side>;

class PlayerView {
 public:
  // The view of `viewer` at the start of a game whose secret set-up is
  // `truth_start`: it keeps the viewer's own animals, the squares of the
  // others, which animals each side has, and (setup = "fixed") the
  // arrangement everyone knows; nothing else of the truth.
  static PlayerView of_start(const Position& truth_start, Viewer viewer);
  // The view a view FEN describes (docs/hidden.md): own pieces as letters,
  // unknown pieces as `X` (Blue) or `x` (Red), and optionally the animals
  // not yet shown as a fifth field. Throws ViewError.
  static PlayerView from_fen(RuleSetPtr rules, std::string_view view_fen, Viewer viewer);

  // Takes the next announcement into account. Throws ViewError, leaving the
  // view as it was, when it cannot happen here (a move the piece cannot
  // make, an outcome or a shown animal that contradicts what is known).
  void apply(const Observation& o);

  const RuleSet& rule_set() const { return *rules_; }
  const RuleSetPtr& rule_set_ptr() const { return rules_; }
  const Rules& rules() const { return rules_->rules(); }
  Viewer viewer() const { return viewer_; }
  Side side_to_move() const { return to_move_; }
  int plies_since_capture() const { return plies_since_capture_; }
  int move_number() const { return start_move_number_ + (plies_ + start_side_) / 2; }
  int plies() const { return plies_; }
  const std::vector<Observation>& history() const { return history_; }
  // The view FEN it began with.
  const std::string& start_fen() const { return start_fen_; }

  const std::vector<PieceInfo>& pieces() const { return pieces_; }
  // The index of the piece on `s`, or -1.
  int piece_at(Square s) const { return s == kNoSquare ? -1 : board_[s]; }
  // Whether the observer knows the side's animals (its own side).
  bool knows_side(Side s) const { return viewer_ && *viewer_ == s; }
  // The animals piece `id` can be in some arrangement that explains every
  // announcement: one animal when it is known or deduced.
  AnimalSet candidates(int id) const;
  // Whether the observer does not know piece `id`'s animal: more than one
  // animal explains every announcement.
  bool animal_unknown(int id) const { return std::popcount(unsigned(candidates(id).bits())) > 1; }
  // Each side's belief, its pieces in the order of side_pieces(s).
  const Belief& belief(Side s) const { return belief_[s]; }
  const std::vector<int>& side_pieces(Side s) const { return side_pieces_[s]; }
  // An engine's soft belief on top of the deductions: piece `id` is animal
  // `a` with relative likelihood `weight` (Belief::set_weight), which the
  // draws of sample_arrangement follow. Candidates do not change.
  void set_weight(int id, Animal a, double weight) {
    belief_[pieces_[size_t(id)].side].set_weight(belief_index_[size_t(id)], a, weight);
  }
  Bitboard occupied() const;
  Bitboard occupied(Side s) const;

  // The game's end as far as the board shows it (a den entered, a side
  // without pieces, den food, the no-capture limit, repetition); a side
  // without a move to try is the arbiter's to announce.
  GameResult visible_result(Termination* why = nullptr) const;
  // The moves the viewer may try when it is to move (docs/hidden.md,
  // "legality"): every move of its own pieces that is legal under some
  // arrangement of the animals it does not know. Empty for a spectator,
  // when the other side is to move, and when the game has ended on the board.
  MoveList legal_moves() const;
  bool may_try(Move m) const;
  // Why the viewer may not try the move, in words that name only what it
  // knows ("Cat cannot capture the Red piece on c4: it can only be a Dog,
  // Wolf or Tiger"); empty when it may.
  std::string explain(Move m) const;

  // The view FEN of the position now (docs/hidden.md).
  std::string fen() const;
  // A diagram as Position::diagram draws one, unknown pieces as X and x;
  // `turned`: seen from Red's end, rank 1 at the top and file a on the
  // right (the terminal's `flip`).
  std::string diagram(bool turned = false) const;

  // One arrangement of every side's animals (by side, in side_pieces order)
  // that explains every announcement, with the probability its beliefs give.
  std::array<std::vector<Animal>, kSides> sample_arrangement(std::mt19937_64& rng) const;
  // The game as it would be with that arrangement: the view's start with
  // those animals and every announcement replayed, so that the history
  // (repetitions, water and den counters) is the game's own.
  Position determinize(const std::array<std::vector<Animal>, kSides>& arrangement) const;

 private:
  explicit PlayerView(RuleSetPtr rules) : rules_(std::move(rules)) { board_.fill(-1); }
  void build_beliefs(const std::array<AnimalSet, kSides>& material);
  std::optional<Animal> known_animal(int id) const;
  void restrict(int id, AnimalSet allowed);
  // Animals of `side` that can go from `from` to `to` (a step or a jump
  // across the water with nobody in the way on this board).
  AnimalSet movers(Side side, Square from, Square to) const;
  void apply_unchecked(const Observation& o);
  void record_position();
  int repetitions() const;

  RuleSetPtr rules_;
  Viewer viewer_;
  std::vector<PieceInfo> pieces_;
  std::array<int8_t, 64> board_;
  std::array<Belief, kSides> belief_;
  std::array<std::vector<int>, kSides> side_pieces_;
  std::vector<int> belief_index_;  // by piece: its index in its side's belief
  Side to_move_ = kBlue;
  int start_move_number_ = 1;
  int start_side_ = 0;
  int plies_ = 0;
  int plies_since_capture_ = 0;
  std::array<int, kSides> den_turns_{};
  // The placement (piece by square) and side to move after each ply since
  // the last capture, for repetition.
  std::vector<std::array<int8_t, 65>> positions_;
  std::vector<Observation> history_;
  std::string start_fen_;
};

// The shown pattern of an announcement: which of attacker and defender the
// rules show after `outcome` (drowned pieces are shown when the second is).
struct ShownRule {
  bool attacker = false;
  bool defender = false;
};
ShownRule shown_rule(const Rules& rules, Outcome outcome);

}  // namespace jungle::hidden
