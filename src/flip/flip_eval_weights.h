#pragma once

#include <string>
#include <string_view>

// The Flip Jungle evaluation's tuned numbers, in one place: the weights
// that flip_evaluate (flip_evaluate.h) multiplies its terms by, and that
// `jungle flip-tune` fits to game results. The animals' values stay fixed
// (flip_piece_value): the endgame tables' verdicts, the boxed-in term, the
// greedy baseline and PIMC read them too, and a fit with the pool's share
// and the sigmoid's scale free already sets the material's weight.

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
