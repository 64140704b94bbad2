#pragma once

#include <functional>
#include <string>
#include <vector>

#include "flip/flip_eval_features.h"
#include "flip/flip_eval_weights.h"
#include "flip/flip_tune_data.h"

// Texel tuning of the Flip Jungle evaluation's weights (flip_eval_weights.h)
// to game results (flip_tune_data.h), as src/tune/tuner fits the open
// game's: sigmoid(eval / K) should predict the points the side to move
// scored, in the least-squares sense (a draw 0.5). Each position's
// features (flip_eval_features.h) are read once and evaluated again under
// each trial of the weights and values.
//
// K is fitted first with the starting weights. While no animal's value is
// fitted, the face-up material (weight 1) sets the evaluation's scale, and
// the weights are fitted by coordinate descent with K held, then K again,
// and so on until neither moves the loss. When values are fitted too, the
// scale is theirs to set (all of them and K doubled predict the same), so
// K stays at its fit to the starting weights throughout.

namespace jungle::flip {

// A position's terms and the points its side to move scored.
struct FlipTuningPoint {
  FlipEvalFeatures features;
  double points = 0.5;
};

// The features of each sample's position under `rules`.
std::vector<FlipTuningPoint> flip_tuning_points(const FlipRulesPtr& rules,
                                                const std::vector<FlipSample>& samples);

// The mean of (points - sigmoid(eval / k))^2 over `data`, eval the
// evaluation with weights `w` (flip_evaluate_features).
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
  bool k_held = false;                                // values were fitted: K stayed at start_k
  double start_loss = 0, final_loss = 0;              // training positions, at start_k and k
  double start_validation = 0, final_validation = 0;  // held-out positions
  int train_positions = 0, validation_positions = 0;
};

// Throws std::invalid_argument for an unknown name in `only` or no
// training positions.
FlipTunerResult tune_flip_eval(const std::vector<FlipTuningPoint>& data,
                               const FlipEvalWeights& start, const FlipTunerOptions& options);

}  // namespace jungle::flip
