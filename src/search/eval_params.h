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
// The values are data: the compiled-in ones are the files of weights/
// (default_eval_params below), so a default-constructed EvalParams is all
// zeros, a base for reading a complete weights file over.
struct EvalParams {
  // Material by rank (index = rank, 0..8; ranks above 8 use the last entry).
  std::array<int, 9> rank_value{};
  int swimmer_bonus = 0;          // may enter the water: safe paths, blocks jumps
  int vertical_jump_bonus = 0;    // crosses a river lengthwise in one move
  int horizontal_jump_bonus = 0;  // crosses a river sideways in one move
  int elephant_killer_bonus = 0;  // the Rat's power over the Elephant

  // Bonus for a piece at a given number of moves from the enemy den (empty
  // board, this animal's moves); index 0 is unused (the game is over there).
  std::array<int, 16> advance{};
  // Scales `advance` by the piece's strength: strong attackers are harder to stop.
  int advance_strength_percent = 0;  // extra percent per rank above 1

  // Own pieces within two moves of the own den while enemies are close.
  int den_guard = 0;
  // An enemy piece standing on one of our weakening traps with one of ours next to it.
  int trapped_enemy = 0;
  // A swimmer resting in the water (out of reach of land pieces).
  int swimmer_in_water = 0;
  // A jumper on a river bank whose lane across is open (no swimmer in the
  // way, landing square not its own piece's): a threat across the river,
  // and what an enemy swimmer in the lane takes away.
  int jump_lane_open = 0;
  // A Rat that could take the enemy Elephant next move (next to it, and the
  // water's edge allows the capture): the Elephant must run or be lost.
  int rat_attacks_elephant = 0;
  // Side to move.
  int tempo = 0;

  // A bonus by square for the animals of each rank (1..8; ranks above 8 use
  // rank 8), added to material and advance. A square is named by its
  // distance to the dens and to the edge (square_table_index in
  // search/evaluation.h): its row counts ranks from the own den (0) up to the
  // enemy den's rank (8), its column files from the dens' file (0) out to
  // the edge (3). On the 7x9 board that is one entry per square of a half
  // board (the board is symmetric, so both halves share one entry). Index =
  // row * kSquareTableColumns + column. These tables cost nothing at run
  // time: they are folded into the per-piece tables when the evaluator is built.
  static constexpr int kSquareTableRows = 9;
  static constexpr int kSquareTableColumns = 4;
  using SquareTable = std::array<int, kSquareTableRows * kSquareTableColumns>;
  SquareTable square_rank1{};
  SquareTable square_rank2{};
  SquareTable square_rank3{};
  SquareTable square_rank4{};
  SquareTable square_rank5{};
  SquareTable square_rank6{};
  SquareTable square_rank7{};
  SquareTable square_rank8{};

  // The table of a rank (clamped to 1..8).
  SquareTable& square_table(int rank);
  const SquareTable& square_table(int rank) const;
};

// Name and address of each tunable weight, in a fixed order.
std::vector<std::pair<std::string, int*>> eval_param_list(EvalParams& params);

// The compiled-in weights for boards with water: weights/river-board.txt,
// fitted to self-play under the standard rules (tuning/README.md).
const EvalParams& default_eval_params();
// The compiled-in weights for boards without water (Animal Checkers):
// weights/open-board.txt, the hand-set weights from before the fit. The fit
// on river boards lost 143 Elo to them there, and so did a fit of Animal
// Checkers' own self-play (tuning/README.md), so they stay hand-set.
const EvalParams& open_board_eval_params();
// The shipped weights file of that name (weights/NAME.txt, embedded at build
// time), read over all-zero weights. Throws std::runtime_error for a name
// that was not shipped.
EvalParams shipped_eval_params(std::string_view name);

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
