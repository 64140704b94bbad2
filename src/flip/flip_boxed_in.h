#pragma once

#include "flip/flip_position.h"

namespace jungle::flip {

// What the side to move gains from animals that are boxed in: animals with
// no empty square to run to, or one only, that an enemy can take before
// they get away. Read from the engine's own lost games against PIMC
// (docs/flip.md, "Where the points go against PIMC"): most of the animals
// it lost while tiles were face down had no square left to step to, hemmed
// in by face-down tiles, their own animals and the edge, when an enemy
// stepped beside them or was revealed there. The evaluation's mobility
// counts such squares by ones; this weighs what the box costs.
//
// For each face-up animal:
// - with no empty neighbour, the chance that one of its face-down
//   neighbours hides an enemy that takes it (the enemy's takers in the
//   pool over the face-down tiles, for each such neighbour), times its
//   value: revealed there, the taker takes next, and the animal cannot run;
// - with one empty neighbour that a face-up enemy that takes it can step
//   to, its value: after that step it has nowhere to go.
// The side to move's own boxed animals count `own_weight` of that (it may
// free them first), the enemy's `enemy_weight`. Values are the evaluation's
// (flip_piece_value).
double flip_boxed_in(const FlipPosition& pos, double own_weight, double enemy_weight);

}  // namespace jungle::flip
