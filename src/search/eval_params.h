#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace jungle {

// Every weight of the evaluation, in centipawn-like units, in one place so
// that a tuner can read and rewrite them by name. Values are per rule set
// only through the rules (ranks, swimmers, jumpers), never per set by name.
struct EvalParams {
  // Material by rank (index = rank, 0..8; ranks above 8 use the last entry).
  std::array<int, 9> rank_value = {0, 152, 187, 206, 293, 360, 555, 741, 861};
  int swimmer_bonus = 82;          // may enter the water: safe paths, blocks jumps
  int vertical_jump_bonus = 56;    // crosses a river lengthwise in one move
  int horizontal_jump_bonus = 36;  // crosses a river sideways in one move
  int elephant_killer_bonus = 92;  // the Rat's power over the Elephant

  // Bonus for a piece at a given number of moves from the enemy den (empty
  // board, this animal's moves); index 0 is unused (the game is over there).
  std::array<int, 16> advance = {0, 140, 65, 30, 19, 20, 22, 16, 10, 10, 7, 2, 1, 0, 0, 0};
  // Scales `advance` by the piece's strength: strong attackers are harder to stop.
  int advance_strength_percent = 24;  // extra percent per rank above 1

  // Own pieces within two moves of the own den while enemies are close.
  int den_guard = 19;
  // An enemy piece standing on one of our weakening traps with one of ours next to it.
  int trapped_enemy = 60;
  // A swimmer resting in the water (out of reach of land pieces).
  int swimmer_in_water = -16;
  // A jumper on a river bank whose lane across is open (no swimmer in the
  // way, landing square not its own piece's): a threat across the river,
  // and what an enemy swimmer in the lane takes away.
  int jump_lane_open = -5;
  // A Rat that could take the enemy Elephant next move (next to it, and the
  // water's edge allows the capture): the Elephant must run or be lost.
  int rat_attacks_elephant = 15;
  // Side to move.
  int tempo = 0;

  // A bonus by square for the animals of each rank (1..8; ranks above 8 use
  // rank 8), added to material and advance. A square is named by its row,
  // counted from the own den's rank (0) to the enemy den's rank (8), and its
  // column, counted from the dens' file (0) to the edge (3): the board is
  // symmetric, so both halves share one entry. Index = row * 4 + column,
  // one row per line below. These tables cost nothing at run time: they are
  // folded into the per-piece tables when the evaluator is built.
  // clang-format off
  std::array<int, 36> square_rank1 = {
        0,   7,   6,  20,
        2,   8,  30,   6,
        0,  18,  11, -16,
      -45, -24,  -4, -13,
        9,   2,  -5,  -9,
       12,  11, -11, -27,
      -10, -10,   7,  12,
        0,   1, -13,   4,
        0,   0,  24,   3,
  };
  std::array<int, 36> square_rank2 = {
        0, -11,  30,   3,
      -20,  13,  23,   0,
      -14, -37,  17,   0,
       23,   0,   0, -12,
       30,   0,   0, -33,
        1,   0,   0,   2,
        1,   0, -25,   5,
        0,   0,  -1,   2,
        0,   0,  -6,  -5,
  };
  std::array<int, 36> square_rank3 = {
        0,  -4,  18,  24,
      -57,   5,  17,  21,
       -1,   5,   6, -15,
      -31,   0,   0, -50,
       16,   0,   0, -58,
        3,   0,   0, -59,
        5,   1,  12,   3,
        0,  -1,  -1,  25,
        0,   0,  37,  34,
  };
  std::array<int, 36> square_rank4 = {
        0,   9, -11, -17,
      -25,   3,  15,  11,
      -23,  17,  30,  19,
      -53,   0,   0,  25,
      -40,   0,   0,  14,
        9,   0,   0,  14,
        7,  -8,  -1,  15,
        0,   0,  -4,   4,
        0,   0,  13, -31,
  };
  std::array<int, 36> square_rank5 = {
        0, -24, -10, -10,
      -37, -68, -13,   2,
      -15, -31, -11,  -6,
      -28,   0,   0,  16,
       31,   0,   0,  25,
       15,   0,   0,  -2,
       11,  22,   8,  19,
        0,   7,  -1,  20,
        0,   0,   8,  29,
  };
  std::array<int, 36> square_rank6 = {
        0, -58, -61,  -8,
      -37,  -9,   1,  15,
       24,   5,  41,   6,
       28,   0,   0,  18,
      -20,   0,   0, -23,
        7,   0,   0,  25,
       53,  23,  49,  -3,
        0,  -1,   9, -16,
        0,   0, -87, -26,
  };
  std::array<int, 36> square_rank7 = {
        0,  63,  69,  64,
       29,  86,  97,  36,
       97, 168,  91,  -4,
      -18,   0,   0, -74,
     -130,   0,   0,-115,
      -91,   0,   0,-132,
       -8,  71,  48, -54,
        0, -14,  10, -55,
        0,   0, -85,-110,
  };
  std::array<int, 36> square_rank8 = {
        0,  19,   5,  -4,
       32,  59,  12, -36,
       -5,   7, -46, -40,
     -118,   0,   0, -45,
      -33,   0,   0,  27,
      -18,   0,   0,  38,
       41,  63,  33,  42,
        0,  20,  36,  -3,
        0,   0,   2, -29,
  };
  // clang-format on

  // The table of a rank (clamped to 1..8).
  std::array<int, 36>& square_table(int rank);
  const std::array<int, 36>& square_table(int rank) const;
};

// Name and address of each tunable weight, in a fixed order.
std::vector<std::pair<std::string, int*>> eval_param_list(EvalParams& params);

// The compiled-in weights for boards with water: the initialisers above,
// fitted to self-play under the standard rules (tuning/README.md).
const EvalParams& default_eval_params();
// The compiled-in weights for boards without water (Animal Checkers): the
// hand-set weights from before the fit. The fit, made on river boards, lost
// 143 Elo to them there; no open-board data has been fitted yet.
const EvalParams& open_board_eval_params();

// "name = value" per weight, in eval_param_list order.
std::string format_eval_params(const EvalParams& params, const std::vector<std::string>& header);
// Reads that format over `base`: '#' starts a comment; unknown names throw
// std::runtime_error, and weights not mentioned keep their value in `base`.
EvalParams parse_eval_params(std::string_view text, const EvalParams& base);
// The same from a file, for the Eval File option and `jungle tune`: only a
// regular file of at most kMaxWeightsFileBytes (core/file_io.h) is read, so
// that a path such as /dev/zero or a FIFO cannot hang the engine. Throws
// FileReadError (the reason names the path) or std::runtime_error.
EvalParams load_eval_params_file(const std::filesystem::path& path, const EvalParams& base);

}  // namespace jungle
