#pragma once

#include <array>

#include "flip/flip_eval_weights.h"
#include "flip/flip_position.h"
#include "flip/flip_values.h"

// The Flip Jungle engine's values: their scale (a won game, the
// evaluation's range, the endgame tables' band) and the evaluation of a
// position in points (about 10 a Cat), from the side to move's view.

namespace jungle::flip {

inline constexpr double kFlipWin = 1000.0;     // a won game, less one per ply to it
inline constexpr double kFlipEvalMax = 500.0;  // the evaluation stays inside this
// An ending the tables decide as won scores kFlipWin - kFlipTableMargin -
// ply - a share of kFlipTableBand by how far the win is: first by the
// animals left (a capture is progress), then by the plies to the capture
// that decides it. Above any evaluation, below a win the tree sees to its
// end. A winner that always takes the best of these never repeats a
// position, so the repetition rule the tables do not see never saves the loser.
inline constexpr double kFlipTableMargin = 100.0;
inline constexpr double kFlipTableBand = 300.0;

// A finished game's value for the side to move (`r` its result): a won
// game kFlipWin less the `ply` plies to it (a win sooner is worth more), a
// lost one its negative; `draw` a draw's.
double flip_terminal_score(const FlipPosition& pos, GameResult r, int ply, double draw = 0);

// Material (each side's face-up animals and its animals in the pool, the
// latter a little less: they are not yet in play), mobility, threats and
// the hunting term, weighed by `w`, within +-kFlipEvalMax.
double flip_evaluate(const FlipPosition& pos, const FlipEvalWeights& w = {});
// The material part of it alone at the default values (kFlipPieceValues),
// for the side to move less the other's, with the animals in the pool at
// `hidden_share` of their values.
double flip_material(const FlipPosition& pos, double hidden_share);

}  // namespace jungle::flip
