#pragma once

#include <array>
#include <string>
#include <string_view>

#include "flip/flip_values.h"

// The Flip Jungle evaluation's tuned numbers, in one place: the weights
// that flip_evaluate (flip_evaluate.h) multiplies its terms by, and the
// animals' values its terms count (material, pool, threats, hunting), that
// `jungle flip-tune` fits to game results. The values here are the
// evaluation's only: the endgame tables' verdicts, the boxed-in term, the
// greedy baseline and the draw cost's lead keep flip_piece_value's, so a
// fitted set changes what the search prefers and nothing else. PIMC and
// the careful player keep the defaults (only the engine is given weights).

namespace jungle::flip {

struct FlipEvalWeights {
  // An animal still face down counts this share of its value: it is not
  // yet in play.
  double hidden_share = 0.9;
  // Points per square each face-up animal may step to (or take on).
  double mobility = 1.5;
  // The best capture each side threatens: the side to move takes what it
  // threatens, mostly, and can often step away from what it is threatened with.
  double own_threat = 0.8;
  double enemy_threat = 0.3;
  // An animal closer to an enemy it may take presses it toward the edge
  // and a capture before the quiet limit draws: this share of the prey's
  // value per step saved out of the board's longest distance (6).
  double hunt = 0.06;
  // flip_boxed_in's value of the side to move's boxed animals and the
  // enemy's (0: the term is not computed).
  double boxed_own = 0;
  double boxed_enemy = 0;
  // The animals' values as the evaluation's terms count them, by default
  // kFlipPieceValues (flip_values.h), in the kinds' order.
  double value_rat = kFlipPieceValues[kRat];
  double value_cat = kFlipPieceValues[kCat];
  double value_dog = kFlipPieceValues[kDog];
  double value_wolf = kFlipPieceValues[kWolf];
  double value_leopard = kFlipPieceValues[kLeopard];
  double value_tiger = kFlipPieceValues[kTiger];
  double value_lion = kFlipPieceValues[kLion];
  double value_elephant = kFlipPieceValues[kElephant];
  double value_rat_hunter = kFlipPieceValues[kFlipRatHunter];
  double value_hunted_elephant = kFlipPieceValues[kFlipHuntedElephant];

  // The values above indexed by kind (flip_value_kind).
  std::array<double, kFlipValueKinds> values() const {
    return {value_rat,   value_cat,  value_dog,      value_wolf,       value_leopard,
            value_tiger, value_lion, value_elephant, value_rat_hunter, value_hunted_elephant};
  }
};

// Each weight's name, as the weights file writes it, and its member.
struct FlipEvalWeightName {
  const char* name;
  double FlipEvalWeights::*member;
};
inline constexpr FlipEvalWeightName kFlipEvalWeightNames[] = {
    {"hidden_share", &FlipEvalWeights::hidden_share},
    {"mobility", &FlipEvalWeights::mobility},
    {"own_threat", &FlipEvalWeights::own_threat},
    {"enemy_threat", &FlipEvalWeights::enemy_threat},
    {"hunt", &FlipEvalWeights::hunt},
    {"boxed_own", &FlipEvalWeights::boxed_own},
    {"boxed_enemy", &FlipEvalWeights::boxed_enemy},
    {"value_rat", &FlipEvalWeights::value_rat},
    {"value_cat", &FlipEvalWeights::value_cat},
    {"value_dog", &FlipEvalWeights::value_dog},
    {"value_wolf", &FlipEvalWeights::value_wolf},
    {"value_leopard", &FlipEvalWeights::value_leopard},
    {"value_tiger", &FlipEvalWeights::value_tiger},
    {"value_lion", &FlipEvalWeights::value_lion},
    {"value_elephant", &FlipEvalWeights::value_elephant},
    {"value_rat_hunter", &FlipEvalWeights::value_rat_hunter},
    {"value_hunted_elephant", &FlipEvalWeights::value_hunted_elephant},
};

// The weights as lines "<name> <value>", every weight, in the order above
// (values written so that they read back exactly).
std::string flip_eval_weights_text(const FlipEvalWeights& w);
// Reads such lines; a weight not named keeps its default, blank lines and
// lines from '#' on are skipped. Throws std::invalid_argument naming
// `origin`, the line and what is wrong (an unknown name, a value that is not
// a finite number, a name given twice).
FlipEvalWeights parse_flip_eval_weights(std::string_view text, std::string_view origin);
// The same from a file; throws std::invalid_argument when it cannot be read.
FlipEvalWeights load_flip_eval_weights(const std::string& path);

}  // namespace jungle::flip
