#include "web/games/move_judgement.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace jungle::web {

std::string judgement_of_loss(double loss) {
  return loss >= kBlunderLoss      ? "blunder"
         : loss >= kMistakeLoss    ? "mistake"
         : loss >= kInaccuracyLoss ? "inaccuracy"
                                   : "";
}

MoveJudgement judge(const std::string& move, const std::string& better, double best,
                    double played) {
  MoveJudgement j;
  if (move == better) return j;
  j.loss = std::max(0.0, best - played);
  j.judgement = judgement_of_loss(j.loss);
  if (!j.judgement.empty()) j.better = better;
  return j;
}

Json review_thresholds_json() {
  return Json{
      {"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}};
}

double review_rounded(double x) {
  return std::round(x * 1000.0) / 1000.0;
}

std::string judged_comment(const std::string& eval, const MoveJudgement& j) {
  if (j.judgement.empty()) return eval;
  std::string word = j.judgement;
  word[0] = char(std::toupper(static_cast<unsigned char>(word[0])));
  return eval + " " + word + ". " + j.better + " was best.";
}

}  // namespace jungle::web
