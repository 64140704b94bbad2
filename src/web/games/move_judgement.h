#pragma once

#include <string>

#include "web/server/json_fields.h"

// How a review judges a move: by the share of its mover's expected score
// (0..1, the evaluation bar's curve) it lost against the engine's choice.
// The same for open and Flip Jungle games, on the page and in records.

namespace jungle::web {

// How much a move may lose of the mover's expected score before the review
// marks it. The one place these are named: the page shows what the server
// judged.
inline constexpr double kInaccuracyLoss = 0.06;
inline constexpr double kMistakeLoss = 0.12;
inline constexpr double kBlunderLoss = 0.20;

struct MoveJudgement {
  double loss = 0;        // of the mover's expected score
  std::string judgement;  // "inaccuracy", "mistake", "blunder"; "" for a fair move
  std::string better;     // the engine's move in its place, when judged
};

// The judgement of a move that lost `loss` of its mover's expected score:
// "inaccuracy", "mistake", "blunder", or "" for a fair move.
std::string judgement_of_loss(double loss);
// The judgement of a move whose mover expected `best` (0..1) from the
// engine's choice `better` and `played` from the move played, `move`. The
// engine's own choice loses nothing: a difference is its search's noise.
MoveJudgement judge(const std::string& move, const std::string& better, double best, double played);
// {"inaccuracy", "mistake", "blunder"}: the thresholds as reviews report them.
Json review_thresholds_json();
// A loss or an expected score as reviews report it: to a thousandth.
double review_rounded(double x);

// A record's comment on a reviewed move: `eval` (its "[%eval ...]"), then
// for a marked move the judgement and the engine's choice, as annotated
// records commonly write them: "[%eval -1.20/9] Mistake. c2b2 was best."
std::string judged_comment(const std::string& eval, const MoveJudgement& j);

}  // namespace jungle::web
