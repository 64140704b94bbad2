#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace jungle {

// A set of animals, one bit per Animal.
class AnimalSet {
 public:
  constexpr AnimalSet() = default;
  constexpr AnimalSet(std::initializer_list<Animal> animals) {
    for (Animal a : animals) bits_ |= uint8_t(1u << a);
  }
  static constexpr AnimalSet all() { return from_bits(0xFF); }
  static constexpr AnimalSet none() { return AnimalSet(); }
  static constexpr AnimalSet from_bits(uint8_t bits) {
    AnimalSet s;
    s.bits_ = bits;
    return s;
  }
  constexpr bool contains(Animal a) const { return (bits_ >> a) & 1; }
  constexpr void insert(Animal a) { bits_ |= uint8_t(1u << a); }
  constexpr void erase(Animal a) { bits_ &= uint8_t(~(1u << a)); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr uint8_t bits() const { return bits_; }
  constexpr bool operator==(const AnimalSet&) const = default;

 private:
  uint8_t bits_ = 0;
};

// A square of a rule file's board by file and rank, counted from 0 ("d9" is
// {3, 8}), kept apart from square indices so that it means the same square
// whatever the board's size; RuleSet checks that it lies on the board.
struct BoardSquare {
  int file = 0;
  int rank = 0;
  bool operator==(const BoardSquare&) const = default;
};

// "d9"; also for squares off the board ("h1" on a 7-file board).
std::string board_square_name(BoardSquare s);

enum class TrapRule {
  kOpponentTrapsWeaken,  // a piece on one of its opponent's traps can be taken by any piece
  kAllTrapsWeaken,       // universal traps: a piece on any trap can be taken by any enemy
};

// What a piece standing on a trap that weakens it may itself still take.
enum class TrappedRank {
  kDefence,  // only its defence suffers: it attacks with its full rank
  kZero,     // its rank is 0: it takes only pieces of rank 0 or pieces on traps weakening them
};

enum class RepetitionRule {
  kDraw,  // the repetition_count-th occurrence of a position draws
  kBush,  // David Bush: a chasing move that repeats a position a third time is illegal
  kNone,
};

enum class NoMoveRule { kLoses, kDraw };

// Hidden pieces (docs/hidden.md): how each side's animals are placed on its
// start squares before the first move.
enum class HiddenSetup {
  kShuffled,  // at random, secretly (the arbiter shuffles)
  kChosen,    // each player arranges its own animals, unseen by the other
  kFixed,     // the start position's own arrangement, which everyone knows
};
// Which animals an attack shows to both players.
enum class HiddenReveal {
  kBoth,   // attacker and defender, as in Stratego
  kLoser,  // only the piece that was removed (the attacker when it bounces)
  kNone,   // neither: only the squares and what left the board
};
// What an attack the capture rule does not allow does.
enum class FailedAttack {
  kAttackerDies,  // the attacker is removed, as in Stratego
  kBounce,        // the attacker stays where it was and is shown; the turn is spent
  kRefused,       // the move is refused: the player learns that and moves again
};

// One published version of the game, as plain data. Every row of the options
// table in RULES.md is a field here; RuleSet derives the lookup tables that
// move generation uses, so nothing below is tested per square.
struct Rules {
  std::string name = "standard";
  std::string description =
      "The standard rules: Rat takes Elephant, Lion and Tiger jump, opponent's traps weaken";

  // Start position in FEN; a rule set without some animals simply leaves them out.
  std::string start_fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";

  // Strength of each animal, indexed by Animal. Equal ranks capture each other.
  std::array<int, kAnimals> rank = {1, 2, 3, 4, 5, 6, 7, 8};
  bool rat_takes_elephant = true;
  bool elephant_takes_rat = false;  // outside traps
  // Not even on a trap: the Rat is safe from the Elephant everywhere.
  bool elephant_never_takes_rat = false;

  // The board: `files` columns a.. by `ranks` rows 1.., at most 64 squares.
  int files = 7;
  int ranks = 9;
  // Blue's den, then Red's; empty for a game without dens.
  std::vector<BoardSquare> dens = {{3, 0}, {3, 8}};
  // The traps around each side's den.
  std::array<std::vector<BoardSquare>, kSides> trap_squares = {
      {{{2, 0}, {4, 0}, {3, 1}}, {{2, 8}, {4, 8}, {3, 7}}}};
  // The two 2x3 lakes of the standard board.
  std::vector<BoardSquare> water_squares = {{1, 3}, {2, 3}, {1, 4}, {2, 4}, {1, 5}, {2, 5},
                                            {4, 3}, {5, 3}, {4, 4}, {5, 4}, {4, 5}, {5, 5}};
  // Switches for the squares above: Animal Checkers plays without water and traps.
  bool has_water = true;
  bool has_traps = true;

  AnimalSet swimmers = {kRat};
  // Captures across the water's edge, each direction on its own: a piece in
  // the water taking one on land, and a piece on land taking one in the water.
  bool capture_water_to_land = false;
  bool capture_land_to_water = false;
  // With water-to-land captures: may a Rat in the water take the Elephant on land?
  bool rat_takes_elephant_from_water = false;

  AnimalSet vertical_jumpers = {kLion, kTiger};
  AnimalSet horizontal_jumpers = {kLion, kTiger};
  // Jumpers that may jump over a piece in the water (per direction).
  AnimalSet vertical_jump_unblocked = {};
  AnimalSet horizontal_jump_unblocked = {};

  TrapRule traps = TrapRule::kOpponentTrapsWeaken;
  TrappedRank trapped_rank = TrappedRank::kDefence;
  AnimalSet may_enter_own_traps = AnimalSet::all();
  AnimalSet may_enter_traps = AnimalSet::all();

  bool own_den_allowed = false;
  // With own_den_allowed: a side whose den has been occupied by its own pieces
  // at the end of this many of its turns in total loses. 0 means no limit.
  int den_food_limit = 0;

  // A piece still in the water after this many of its side's turns there
  // drowns at the end of the next one. 0 means it may stay for ever.
  int water_turn_limit = 0;

  NoMoveRule no_legal_move = NoMoveRule::kLoses;
  RepetitionRule repetition = RepetitionRule::kDraw;
  int repetition_count = 3;
  // Plies without a capture after which the game is drawn; 0 means no limit.
  int no_capture_limit = 200;

  // At most one piece of each animal per side (checked when a FEN is read).
  bool unique_pieces = true;

  // Each side sees where the enemy pieces are but not which animals they are;
  // an arbiter (src/hidden) resolves attacks and announces what the options
  // below say. The move generator and the search are those of the open game:
  // the hidden game is played through src/hidden, never through Game.
  bool hidden_pieces = false;
  HiddenSetup hidden_setup = HiddenSetup::kShuffled;
  HiddenReveal hidden_reveal = HiddenReveal::kBoth;
  FailedAttack failed_attack = FailedAttack::kAttackerDies;

  // The file key `across_water_edge`: captures across the edge both ways.
  void set_capture_across_water_edge(bool allowed) {
    capture_water_to_land = allowed;
    capture_land_to_water = allowed;
  }

  bool operator==(const Rules&) const = default;
};

// Whether an animal of `attacker` may take one of `target` by ranks and the
// Rat/Elephant exceptions alone (no traps, no water's edge).
bool rank_allows_capture(const Rules& rules, Animal attacker, Animal target);

}  // namespace jungle
