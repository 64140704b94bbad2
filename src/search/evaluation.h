#pragma once

#include <array>
#include <string>

#include "core/position.h"
#include "search/eval_params.h"

namespace jungle {

// The compiled-in weights for the rule set's board: with or without water.
const EvalParams& default_eval_params(const RuleSet& rules);

// The entry of a square table (EvalParams::square_table) that scores an
// animal of `side` on `s`: row = ranks from the own den, except that the
// enemy den's rank is the last row; column = files from the dens' file,
// except that the board's edge files are the last column. On the 7x9 board,
// dens on the middle file of the back ranks, that is every rank from the own
// den (0..8) and every file from the dens' file (0..3), the two halves of the
// board sharing an entry. On a taller or wider board the middle ranks and
// files beyond the table share its second-to-last row or column, so the
// tables keep their sense: the own back rank, the enemy's, the edges.
size_t square_table_index(const RuleSet& rules, Side side, Square s);

// Static evaluation for one rule set: tables are derived once from the rules
// and the weights, so evaluating is a handful of lookups per piece.
class Evaluator {
 public:
  explicit Evaluator(const RuleSet& rules) : Evaluator(rules, default_eval_params(rules)) {}
  Evaluator(const RuleSet& rules, const EvalParams& params);

  // Score in centipawns from the side to move's point of view.
  int evaluate(const Position& pos) const { return evaluate(pos, piece_sum(pos)); }
  // The same from piece_sum(pos), which the search keeps up to date move by
  // move (piece_sum_after) rather than summing the board at every node.
  int evaluate(const Position& pos, int64_t piece_sum) const;
  // The part of the evaluation that depends on each piece alone, with the
  // counts of pieces near each den (see packed_): a sum over the pieces.
  int64_t piece_sum(const Position& pos) const;
  // piece_sum after `m` is played from `pos`, given `sum` = piece_sum(pos):
  // exact for a move that removes no piece but a captured one (none drowns).
  int64_t piece_sum_after(int64_t sum, const Position& pos, Move m) const {
    const Piece moved = pos.piece_on(m.from());
    return sum - packed_[moved][m.from()] + packed_[moved][m.to()] -
           packed_[pos.piece_on(m.to())][m.to()];
  }
  // Material only (the baseline engine's evaluation), side to move's view.
  int material(const Position& pos) const;
  // The defender baseline's evaluation (EngineMode::kDefender), side to
  // move's view: material, a bonus for each piece on or next to one of its
  // own traps and a penalty for each past the middle of the board
  // (search_params.h, kDefender*), so that it keeps its pieces home.
  int defender(const Position& pos) const;
  // Each term for each side, for the `eval` command.
  std::string trace(const Position& pos) const;

  int piece_value(Animal a) const { return value_[a]; }
  // Moves an animal of `side` needs from `s` to the enemy den on an empty board (99: never).
  int den_distance(Side side, Animal a, Square s) const { return distance_[side][a][s]; }

 private:
  struct Terms {
    int material[kSides] = {};
    int advance[kSides] = {};
    int squares[kSides] = {};
    int water[kSides] = {};
    int den_guard[kSides] = {};
    int trapped[kSides] = {};
    int jump_lanes[kSides] = {};
    int rat_threat[kSides] = {};
  };
  Terms compute(const Position& pos) const;
  // The terms that depend on more than one piece, for `side`.
  int open_jump_lanes(const Position& pos, Side side) const;
  bool rat_attacks_elephant(const Position& pos, Side side) const;
  // evaluate()'s terms of more than one piece for `side`, given the enemy
  // pieces within three moves of its den.
  int side_terms(const Position& pos, Side side, int threats) const;

  const RuleSet& rules_;
  EvalParams params_;
  std::array<int, kAnimals> value_{};
  uint8_t distance_[kSides][kAnimals][64] = {};
  int16_t advance_[kSides][kAnimals][64] = {};
  int16_t square_[kSides][kAnimals][64] = {};  // the rank's square table
  // value + advance + square table + water bonus: everything that depends on one piece alone.
  int16_t piece_square_[kSides][kAnimals][64] = {};
  Bitboard guard_zone_[kSides] = {};  // squares within two steps of each side's den
  // The defender's home (each side's traps and their neighbours, the den
  // aside) and the squares it keeps out of (past the board's middle rank).
  Bitboard defender_home_[kSides] = {};
  Bitboard defender_forward_[kSides] = {};
  // The animals whose open jumps count as lanes (Tiger, Lion, Leopard where
  // they jump); none where the term is off (no water, or a weight of 0).
  uint8_t lane_jumpers_ = 0;
  // By a Rat's square: the enemy Elephants it may take from there, by rank
  // and the water's edge (empty where it may take none; entry 64, no Rat).
  Bitboard rat_reach_[65] = {};
  // By Piece code and square, for evaluate(): piece_square_ signed for Blue
  // (+) or Red (-) in the low 32 bits, plus 1 << 32 for a Blue piece and
  // 1 << 48 for a Red piece within three moves of the enemy den. Summed over
  // the board this gives Blue minus Red and both threat counts at once.
  // Column 64 stays zero: it is where an absent piece's countr_zero points;
  // so does row kNoPiece, which an empty destination reads (piece_sum_after).
  int64_t packed_[kNoPiece + 1][65] = {};
};

}  // namespace jungle
