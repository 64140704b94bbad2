#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace jungle {

// Every weight of the evaluation, in centipawn-like units, in one place so
// that a tuner can read and rewrite them by name. Values are per rule set
// only through the rules (ranks, swimmers, jumpers), never per set by name.
struct EvalParams {
  // Material by rank (index = rank, 0..8; ranks above 8 use the last entry).
  std::array<int, 9> rank_value = {0, 150, 200, 250, 300, 400, 600, 700, 800};
  int swimmer_bonus = 80;          // may enter the water: safe paths, blocks jumps
  int vertical_jump_bonus = 60;    // crosses a river lengthwise in one move
  int horizontal_jump_bonus = 40;  // crosses a river sideways in one move
  int elephant_killer_bonus = 90;  // the Rat's power over the Elephant

  // Bonus for a piece at a given number of moves from the enemy den (empty
  // board, this animal's moves); index 0 is unused (the game is over there).
  std::array<int, 16> advance = {0, 140, 70, 40, 26, 18, 13, 9, 6, 4, 3, 2, 1, 0, 0, 0};
  // Scales `advance` by the piece's strength: strong attackers are harder to stop.
  int advance_strength_percent = 4;  // extra percent per rank above 1

  // Own pieces within two moves of the own den while enemies are close.
  int den_guard = 30;
  // An enemy piece standing on one of our weakening traps with one of ours next to it.
  int trapped_enemy = 60;
  // A swimmer resting in the water (out of reach of land pieces).
  int swimmer_in_water = 15;
  // A jumper on a river bank whose lane across is open (no swimmer in the
  // way, landing square not its own piece's): a threat across the river,
  // and what an enemy swimmer in the lane takes away.
  int jump_lane_open = 0;
  // A Rat that could take the enemy Elephant next move (next to it, and the
  // water's edge allows the capture): the Elephant must run or be lost.
  int rat_attacks_elephant = 40;
  // Side to move.
  int tempo = 12;

  // A bonus by square for the animals of each rank (1..8; ranks above 8 use
  // rank 8), added to material and advance. A square is named by its row,
  // counted from the own den's rank (0) to the enemy den's rank (8), and its
  // column, counted from the dens' file (0) to the edge (3): the board is
  // symmetric, so both halves share one entry. Index = row * 4 + column,
  // one row per line below. These tables cost nothing at run time: they are
  // folded into the per-piece tables when the evaluator is built.
  // clang-format off
  std::array<int, 36> square_rank1 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank2 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank3 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank4 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank5 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank6 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank7 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  std::array<int, 36> square_rank8 = {
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 0,
  };
  // clang-format on

  // The table of a rank (clamped to 1..8).
  std::array<int, 36>& square_table(int rank);
  const std::array<int, 36>& square_table(int rank) const;
};

// Name and address of each tunable weight, in a fixed order.
std::vector<std::pair<std::string, int*>> eval_param_list(EvalParams& params);

const EvalParams& default_eval_params();

// "name = value" per weight, in eval_param_list order.
std::string format_eval_params(const EvalParams& params, const std::vector<std::string>& header);
// Reads that format over `base`: '#' starts a comment; unknown names throw
// std::runtime_error, and weights not mentioned keep their value in `base`.
EvalParams parse_eval_params(std::string_view text, const EvalParams& base);

}  // namespace jungle
