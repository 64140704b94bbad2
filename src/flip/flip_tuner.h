#pragma once

#include <functional>
#include <string>
#include <vector>

#include "flip/flip_eval_weights.h"
#include "flip/flip_evaluate.h"
#include "flip/flip_tune_data.h"

// Texel tuning of the Flip Jungle evaluation's weights (flip_eval_weights.h)
// to game results (flip_tune_data.h), as src/tune/tuner fits the open
// game's: sigmoid(eval / K) should predict the points the side to move
// scored, in the least-squares sense (a draw 0.5). The evaluation is
// linear in every weight (flip_eval_terms: the hunting term's maximum
// too, while its weight is not negative, which the fit keeps), so each
// position's terms are read once and the loss is a sum over them.
//
// The animals' values are not fitted (flip_eval_weights.h says why), so the
// face-up material, weight 1, sets the evaluation's scale and K is free:
// K is fitted first with the starting weights, then the weights by
// coordinate descent with K held, then K again, and so on until neither
// moves the loss.

namespace jungle::flip {

// A position's terms and the points its side to move scored.
struct FlipTuningPoint {
  FlipEvalTerms terms;
  double points = 0.5;
};

// The terms of each sample's position under `rules`.
std::vector<FlipTuningPoint> flip_tuning_points(const FlipRulesPtr& rules,
                                                const std::vector<FlipSample>& samples);

// The mean of (points - sigmoid(eval / k))^2 over `data`, eval the
// evaluation with weights `w` (flip_evaluate_terms).
double flip_texel_loss(const std::vector<FlipTuningPoint>& data, const FlipEvalWeights& w,
                       double k);

struct FlipTunerOptions {
  // The weights fitted, by name (kFlipEvalWeightNames); all if empty.
  std::vector<std::string> only;
  // The last share of the data (the later games, as datagen writes them in
  // game order) is held out, to watch for overfitting.
  double validation = 0.2;
  int rounds = 8;  // K, then the weights, at most this many times
  std::function<void(const std::string&)> log;
};

struct FlipTunerResult {
  FlipEvalWeights weights;
  double start_k = 0;                                 // fitted to the starting weights
  double k = 0;                                       // at the end
  double start_loss = 0, final_loss = 0;              // training positions, at start_k and k
  double start_validation = 0, final_validation = 0;  // held-out positions
  int train_positions = 0, validation_positions = 0;
};

// Throws std::invalid_argument for an unknown name in `only` or no
// training positions.
FlipTunerResult tune_flip_eval(const std::vector<FlipTuningPoint>& data,
                               const FlipEvalWeights& start, const FlipTunerOptions& options);

}  // namespace jungle::flip
