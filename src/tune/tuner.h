#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "search/eval_params.h"

namespace jungle::match {

// A position of the training data with the result of the game it came from.
struct TuningSample {
  std::string fen;
  float result = 0.5f;  // Blue's points: 1, 0.5 or 0
  bool has_score = false;
  float score = 0;  // the search's score when the data has one, centipawns from Blue's view
};

// Reads the lines `jungle datagen` writes ("<FEN>;<result>[;<score>]").
// Throws std::runtime_error naming the line of a malformed entry.
std::vector<TuningSample> parse_training_data(std::string_view text, std::string_view origin);

// Texel tuning: the evaluation's weights (eval_param_list) are fitted so that
// sigmoid(K * eval / 400) predicts the results of the games the positions
// came from, in the least-squares sense. K is fitted first with the starting
// weights and then held, so that the scale of the evaluation stays put.
// With `lambda` below 1 the target mixes the result with sigmoid(K * score /
// 400) of the search that played the game: the evaluation then also learns
// what a deeper search sees in the position, a far less noisy signal than
// the result of a whole game.
//
// The evaluation is treated as a black box: each round evaluates every
// position with each weight nudged up and down to get its local linear model
// (exact for the terms that are linear in their weights), minimises the loss
// of that model by damped Gauss-Newton, rounds the weights to integers, and
// keeps them only if the true loss, evaluated from scratch, went down
// (halving the step until it does).
struct TunerOptions {
  int rounds = 6;           // re-linearisations
  int iterations = 30;      // Gauss-Newton steps per round
  double validation = 0.1;  // share of positions held out to watch for overfitting
  double k = 0;             // 0: fit it (against the results alone)
  // Target = lambda * result + (1 - lambda) * sigmoid(K * score / 400);
  // positions without a score use their result alone.
  double lambda = 1.0;
  // Pull towards the starting weights: loss += l2 * sum (w - start)^2. It
  // also pins down combinations the data cannot tell apart (the Rat's rank
  // value, swimmer and elephant-killer bonuses only ever appear as a sum).
  // It also acts as a trust region over the whole fit: with 1e-7 the fit
  // found a lower loss but played 89 Elo weaker (tuning/README.md).
  double l2 = 1e-6;
  double max_step = 0.25;         // trust region per round: a share of the weight's value...
  double min_step = 10;           // ...or this many units, whichever is larger
  int nudge = 4;                  // finite-difference step
  std::vector<std::string> only;  // tune the weights whose names contain one of these; all if empty
  std::function<void(const std::string&)> log;
};

struct TunerResult {
  EvalParams params;
  double k = 0;
  double start_loss = 0;  // training positions, starting weights
  double final_loss = 0;
  double start_validation = 0;  // held-out positions
  double final_validation = 0;
  int train_positions = 0;
  int validation_positions = 0;
};

TunerResult tune_eval(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                      const EvalParams& start, const TunerOptions& options);

// The mean squared error of sigmoid(K * eval / 400) against the results.
double texel_loss(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                  const EvalParams& params, double k);

}  // namespace jungle::match
