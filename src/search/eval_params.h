#pragma once

#include <array>
#include <string>
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
};

// Name and address of each tunable weight, in a fixed order.
std::vector<std::pair<std::string, int*>> eval_param_list(EvalParams& params);

const EvalParams& default_eval_params();

}  // namespace jungle
