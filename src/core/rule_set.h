#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "core/bitboard.h"
#include "core/fen.h"
#include "core/geometry.h"
#include "core/rules.h"

namespace jungle {

// A jump across a river: where it lands and the water squares it passes over.
struct Jump {
  Square to = kNoSquare;
  Bitboard over = 0;      // squares that must be empty, unless the jumper ignores blocking
  Bitboard blockers = 0;  // `over`, or 0 for a jumper that may jump over swimmers
};

// What is wrong with the board a Rules describes: the message, and the
// rule-file key that wrote the culprit ("board.dens"), to point at its line.
struct BoardProblem {
  std::string key;
  std::string message;
};
// The first problem with the board (size, dens, traps, water), or nothing.
std::optional<BoardProblem> board_problem(const Rules& rules);

// Water squares are numbered 0.. so that per-square counters (the drowning
// rule) fit a small array; a rule set with more water has no such rule.
inline constexpr int kMaxCountedWaterSquares = 12;

// A rule set ready for play: the plain Rules plus every table derived from
// them once, so that move generation is table lookups with no rule flags.
class RuleSet {
 public:
  // Throws std::invalid_argument when the rules contradict themselves
  // (a rank outside 0..15, a drowning limit without water, ...).
  static std::shared_ptr<const RuleSet> make(const Rules& rules);
  // The default rules of RULES.md.
  static std::shared_ptr<const RuleSet> standard();

  // Throws FenError when the pieces of `fields` stand where these rules
  // let no piece of theirs stand (water, its own den, a trap it may not
  // enter), a side has a second of an animal the rules allow once, or the
  // game would be over already (both dens entered, an empty board): the
  // rules' part of reading a FEN, which a start position must pass.
  void check_placement(const FenFields& fields) const;

  const Rules& rules() const { return rules_; }
  // The board's shape: square names, steps, the squares that exist.
  const Geometry& geometry() const { return geometry_; }

  Bitboard water() const { return water_; }
  Bitboard land() const { return geometry_.all() & ~water_; }
  // Index of a water square in 0..kMaxCountedWaterSquares-1 when the rules
  // count turns in the water, or -1 (land, kNoSquare, or no counting).
  int water_index(Square s) const { return water_index_[s]; }
  // The traps around `side`'s den (empty without traps).
  Bitboard traps(Side side) const { return traps_[side]; }
  Bitboard all_traps() const { return traps_[kBlue] | traps_[kRed]; }
  // Squares on which an enemy of `attacker` may be taken by any of attacker's pieces.
  Bitboard weakening_traps(Side attacker) const { return weakening_traps_[attacker]; }
  // kNoSquare, and an empty den_bb, on a board without dens.
  Square den(Side side) const { return den_[side]; }
  Bitboard den_bb(Side side) const { return den_bb_[side]; }
  Bitboard dens_bb() const { return den_bb_[kBlue] | den_bb_[kRed]; }
  // The squares next to `side`'s den.
  Bitboard den_neighbours(Side side) const { return den_neighbours_[side]; }

  // Squares where a piece may ever stand (water, own den and trap limits).
  Bitboard standable(Side side, Animal a) const { return standable_[side][a]; }
  // One-step destinations from `from`, already limited to standable squares.
  Bitboard steps(Side side, Animal a, Square from) const { return steps_[side][a][from]; }
  bool jumps(Animal a) const { return jumper_.contains(a); }
  // The animals that jump (bit per Animal); none on a board without water.
  uint8_t jumper_bits() const { return jumper_.bits(); }
  // Squares from which `a` has at least one jump: a cheap, well-predicted test.
  Bitboard jump_origins(Side side, Animal a) const { return jump_origins_[side][a]; }
  // Up to four jumps from `from` for animal `a`; entries with to == kNoSquare are absent.
  const std::array<Jump, 4>& jumps_from(Side side, Animal a, Square from) const {
    return jumps_[side][a][from];
  }
  // Animals `attacker` may capture by rank (bit per Animal), on land and from water.
  uint8_t capture_targets(Animal attacker) const { return capture_targets_[attacker]; }
  uint8_t capture_targets_from_water(Animal attacker) const {
    return capture_targets_from_water_[attacker];
  }
  // Animals `attacker` may take when they stand on one of its weakening traps.
  uint8_t capture_targets_on_trap(Animal attacker) const { return trap_targets_[attacker]; }
  // Squares on which a piece of `side` attacks as rank 0 (trapped_rank = "zero"),
  // and the animals it may then take off such traps.
  Bitboard weakened_origins(Side side) const { return weakened_origins_[side]; }
  uint8_t capture_targets_weakened(Animal attacker) const { return weakened_targets_[attacker]; }
  // Squares a piece standing on `from` may capture on (the water's edge rule).
  Bitboard capture_zone(Square from) const { return capture_zone_[from]; }
  // Whether a piece of `us`, animal `attacker` on `from`, may take an enemy
  // `target` on `to`, by the whole capture rule (traps, the water's edge,
  // ranks): what move generation decides from the board, asked of animals
  // that need not stand there (the hidden game's arbiter and deductions).
  bool may_capture(Side us, Animal attacker, Square from, Animal target, Square to) const {
    if (!(capture_zone(from) & square_bb(to))) return false;
    const uint8_t beatable =
        (weakening_traps(us) & square_bb(to))      ? capture_targets_on_trap(attacker)
        : (weakened_origins(us) & square_bb(from)) ? capture_targets_weakened(attacker)
        : (water() & square_bb(from))              ? capture_targets_from_water(attacker)
                                                   : capture_targets(attacker);
    return (beatable >> target) & 1;
  }

  // Animals that share the same standable squares move alike, so move
  // counting handles each such group with a few shifts for all its pieces.
  struct StepGroup {
    uint8_t animals = 0;  // bit per Animal
    Bitboard standable = 0;
    // `standable` less the file an east (west) step would wrap onto, so a
    // shift by one and this mask make a step with no edge test of its own.
    Bitboard standable_east = 0;
    Bitboard standable_west = 0;
  };
  int step_group_count(Side side) const { return step_group_count_[side]; }
  const StepGroup& step_group(Side side, int i) const { return step_groups_[side][i]; }

  // Zobrist-free facts used by Position for counters.
  bool tracks_water_turns() const { return tracks_water_turns_; }
  bool tracks_den_food() const { return tracks_den_food_; }
  // Thresholds for the draws, with "never" as a number no game reaches.
  int draw_after_plies_without_capture() const { return draw_plies_; }
  int draw_at_repetition() const { return draw_repetition_; }

 private:
  RuleSet() = default;
  void derive();

  Rules rules_;
  Geometry geometry_ = kStandardGeometry;
  bool tracks_water_turns_ = false;
  bool tracks_den_food_ = false;
  int draw_plies_ = 0;
  int draw_repetition_ = 0;
  Bitboard water_ = 0;
  Square den_[kSides] = {kNoSquare, kNoSquare};
  Bitboard den_bb_[kSides] = {};
  Bitboard den_neighbours_[kSides] = {};
  int8_t water_index_[65] = {};
  Bitboard traps_[kSides] = {};
  Bitboard weakening_traps_[kSides] = {};
  AnimalSet jumper_;
  Bitboard standable_[kSides][kAnimals] = {};
  Bitboard steps_[kSides][kAnimals][64] = {};
  Bitboard jump_origins_[kSides][kAnimals] = {};
  StepGroup step_groups_[kSides][kAnimals] = {};
  int step_group_count_[kSides] = {};
  std::array<Jump, 4> jumps_[kSides][kAnimals][64] = {};
  uint8_t capture_targets_[kAnimals] = {};
  uint8_t capture_targets_from_water_[kAnimals] = {};
  uint8_t trap_targets_[kAnimals] = {};
  uint8_t weakened_targets_[kAnimals] = {};
  Bitboard weakened_origins_[kSides] = {};
  Bitboard capture_zone_[65] = {};  // entry kNoSquare stays empty
};

using RuleSetPtr = std::shared_ptr<const RuleSet>;

}  // namespace jungle
