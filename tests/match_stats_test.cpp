#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/variants.h"
#include "match/elo.h"
#include "match/sprt.h"
#include "search/eval_params.h"
#include "search/evaluation.h"
#include "tune/tuner.h"

namespace jungle::match {
namespace {

// Reference values are fastchess's own tests (app/tests/elo_test.cpp and
// sprt_test.cpp), which fishtest's formulas also give. fastchess writes its
// counts as W, L, D and pentanomials as LL, LD, WL, DD, WD, WW; ours are
// W, D, L and LL, LD, WL+DD, WD, WW.
WdlCounts wld(int64_t w, int64_t l, int64_t d) {
  return {w, d, l};
}
PentanomialCounts penta(int64_t ll, int64_t ld, int64_t wl, int64_t dd, int64_t wd, int64_t ww) {
  PentanomialCounts p;
  p.counts = {ll, ld, wl + dd, wd, ww};
  return p;
}

TEST(Elo, ScoreAndEloAreInverse) {
  EXPECT_DOUBLE_EQ(elo_to_score(0), 0.5);
  EXPECT_NEAR(score_to_elo(0.75), 190.85, 0.01);  // 400 log10(3)
  EXPECT_NEAR(score_to_elo(elo_to_score(-123.4)), -123.4, 1e-9);
  EXPECT_TRUE(std::isinf(score_to_elo(1.0)));
}

TEST(Elo, NormalQuantile) {
  EXPECT_NEAR(normal_quantile(0.975), 1.959963985, 1e-8);
  EXPECT_NEAR(normal_quantile(0.5), 0.0, 1e-12);
  EXPECT_NEAR(normal_quantile(0.025), -1.959963985, 1e-8);
}

TEST(Elo, EvenScoreIsZeroElo) {
  const EloEstimate e = estimate_elo(WdlCounts{10, 20, 10});
  EXPECT_NEAR(e.elo, 0, 1e-12);
  EXPECT_NEAR(e.los, 0.5, 1e-12);
  // By hand: variance per game = (10 * 0.25 + 10 * 0.25) / 40 = 0.125, standard
  // error sqrt(0.125 / 40) = 0.0559, so the score lies in 0.5 -+ 0.1096.
  EXPECT_NEAR(e.upper, score_to_elo(0.5 + 1.959963985 * std::sqrt(0.125 / 40)), 1e-6);
  EXPECT_NEAR(e.error, e.upper, 1e-9);
}

// The score and interval of the in-process matches (flip-match,
// hidden-match), as they printed them before the statistics moved here.
TEST(Elo, ScoreAndItsIntervalAreReported) {
  const WdlCounts r{190, 6, 4};
  EXPECT_DOUBLE_EQ(r.score(), 0.965);
  EXPECT_EQ(score_text(r), "W 190 D 6 L 4, score 0.965 +- 0.023 (95%)");
  EXPECT_EQ(score_text(WdlCounts{10, 0, 0}), "W 10 D 0 L 0, score 1.000 +- 0.000 (95%)");
  EXPECT_EQ(score_error(WdlCounts{1, 0, 0}), 0);
}

TEST(Elo, WdlMatchesFastchess) {
  const EloEstimate a = estimate_elo(wld(136, 96, 111));
  EXPECT_NEAR(a.elo, 40.70, 0.01);
  EXPECT_NEAR(a.error, 30.43, 0.01);
  EXPECT_NEAR(a.nelo, 49.77, 0.01);
  EXPECT_NEAR(a.nelo_error, 36.77, 0.01);
  EXPECT_NEAR(a.los, 0.9960, 0.00005);

  const EloEstimate b = estimate_elo(wld(76, 89, 123));
  EXPECT_NEAR(b.nelo, -20.76, 0.01);
  EXPECT_NEAR(b.nelo_error, 40.13, 0.01);
  EXPECT_NEAR(b.los, 0.1553, 0.00005);
  EXPECT_EQ(a.text(), "+40.7 +/- 30.4");
}

TEST(Elo, PentanomialMatchesFastchess) {
  const EloEstimate a = estimate_elo(penta(34, 54, 31, 32, 64, 75));
  EXPECT_NEAR(a.elo, 55.58, 0.01);
  EXPECT_NEAR(a.error, 27.65, 0.01);
  EXPECT_NEAR(a.nelo, 57.94, 0.01);
  EXPECT_NEAR(a.nelo_error, 28.28, 0.01);

  const EloEstimate b = estimate_elo(penta(332, 433, 457, 41, 333, 334));
  EXPECT_NEAR(b.elo, -8.64, 0.01);
  EXPECT_NEAR(b.error, 10.33, 0.01);
  EXPECT_NEAR(b.nelo, -9.17, 0.01);
  EXPECT_NEAR(b.nelo_error, 10.96, 0.01);

  const EloEstimate c = estimate_elo(penta(7895, 8757, 5485, 200, 568, 9999));
  EXPECT_NEAR(c.elo, -21.04, 0.01);
  EXPECT_NEAR(c.error, 2.95, 0.01);
  EXPECT_NEAR(c.nelo, -19.01, 0.01);
  EXPECT_NEAR(c.nelo_error, 2.65, 0.01);
}

TEST(Elo, CleanSweepGivesOneSidedBound) {
  // 200 wins in 200 games: a non-win has chance below 1 - 0.05^(1/200) =
  // 0.01487, so the score is at least 0.98513, +728.5 Elo.
  const EloEstimate e = estimate_elo(WdlCounts{200, 0, 0});
  EXPECT_TRUE(e.one_sided());
  EXPECT_NEAR(e.lower, 728.5, 0.1);
  EXPECT_EQ(e.text(), "> +728 (95%)");
  const EloEstimate l = estimate_elo(WdlCounts{0, 0, 200});
  EXPECT_NEAR(l.upper, -728.5, 0.1);
}

TEST(Elo, PairsFromGames) {
  PentanomialCounts p;
  p.add_pair(1, 1);
  p.add_pair(1, 0);
  p.add_pair(0.5, 0.5);
  p.add_pair(0, 0.5);
  EXPECT_EQ(p.counts[4], 1);
  EXPECT_EQ(p.counts[2], 2);
  EXPECT_EQ(p.counts[1], 1);
  EXPECT_EQ(p.pairs(), 4);
  EXPECT_DOUBLE_EQ(p.score(), (2 + 1 + 1 + 0.5) / 8);
}

TEST(Sprt, BoundsFromAlphaAndBeta) {
  const Sprt s({0, 5, 0.05, 0.05});
  EXPECT_NEAR(s.lower_bound(), -2.944438979, 1e-9);  // ln(0.05 / 0.95)
  EXPECT_NEAR(s.upper_bound(), 2.944438979, 1e-9);
  const Sprt t({0, 5, 0.05, 0.1});
  EXPECT_NEAR(t.lower_bound(), std::log(0.1 / 0.95), 1e-12);
  EXPECT_NEAR(t.upper_bound(), std::log(0.9 / 0.05), 1e-12);
  EXPECT_EQ(s.decide(3.0), SprtDecision::kAccept);
  EXPECT_EQ(s.decide(-3.0), SprtDecision::kReject);
  EXPECT_EQ(s.decide(0.5), SprtDecision::kContinue);
}

TEST(Sprt, TrinomialMatchesFastchess) {
  EXPECT_NEAR(llr_trinomial(wld(21404, 21184, 40708), 0.5, 2.5), -1.57, 0.01 * 1.57);
  EXPECT_NEAR(llr_trinomial(wld(57433, 57030, 106593), 0, 2), -2.59, 0.01 * 2.59);
}

TEST(Sprt, PentanomialMatchesFastchess) {
  EXPECT_NEAR(llr_pentanomial(penta(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5), -3.07,
              0.01 * 3.07);
  EXPECT_NEAR(llr_pentanomial(penta(871, 26175, 55003, 980, 26678, 821), 0, 2), -4.98, 0.01 * 4.98);
}

TEST(Sprt, ExactAndApproximateAgreeOnLargeSamples) {
  const std::vector<double> counts = {871, 26175, 55983, 26678, 821};
  EXPECT_NEAR(gsprt_llr(counts, 0, 2), gsprt_llr_approx(counts, 0, 2), 0.02);
  const std::vector<double> wdl = {21184, 40708, 21404};
  EXPECT_NEAR(gsprt_llr(wdl, 0.5, 2.5), gsprt_llr_approx(wdl, 0.5, 2.5), 0.02);
}

TEST(Sprt, SymmetricHypothesesOnAnEvenScoreGiveZero) {
  EXPECT_NEAR(gsprt_llr({30, 40, 30}, -10, 10), 0, 1e-9);
  EXPECT_NEAR(gsprt_llr({5, 20, 50, 20, 5}, -5, 5), 0, 1e-9);
}

TEST(Sprt, ByHandForTwoOutcomes) {
  // With only losses and wins the most likely distribution of mean s is
  // (1 - s, s) itself, so the LLR is W ln(s1/s0) + L ln((1-s1)/(1-s0)).
  const double s0 = elo_to_score(0), s1 = elo_to_score(50);
  const double expected = 60 * std::log(s1 / s0) + 40 * std::log((1 - s1) / (1 - s0));
  EXPECT_NEAR(gsprt_llr({40, 60}, 0, 50), expected, 1e-9);
}

TEST(Sprt, DecidesOnSyntheticResults) {
  const Sprt sprt({0, 10, 0.05, 0.05});
  // A clearly stronger engine (57.5%, +52 Elo) passes within 300 pairs.
  PentanomialCounts strong;
  strong.counts = {15, 45, 120, 75, 45};
  EXPECT_EQ(sprt.decide(sprt.llr({}, strong)), SprtDecision::kAccept);
  // An equal one fails.
  PentanomialCounts equal;
  equal.counts = {200, 600, 1200, 600, 200};
  EXPECT_EQ(sprt.decide(sprt.llr({}, equal)), SprtDecision::kReject);
  // Too few games to tell.
  PentanomialCounts few;
  few.counts = {1, 2, 3, 2, 1};
  EXPECT_EQ(sprt.decide(sprt.llr({}, few)), SprtDecision::kContinue);
  // Only W/D/L while no pair is complete.
  EXPECT_GT(sprt.llr(WdlCounts{150, 30, 30}, {}), sprt.upper_bound());
}

TEST(Tuner, WeightsFileRoundTrip) {
  EvalParams p = default_eval_params();
  p.den_guard = 33;
  p.advance[3] = 41;
  const EvalParams q = parse_eval_params(format_eval_params(p, {"header"}), EvalParams{});
  EXPECT_EQ(q.den_guard, 33);
  EXPECT_EQ(q.advance[3], 41);
  EXPECT_THROW(parse_eval_params("no_such_weight = 3\n", p), std::runtime_error);
  EXPECT_THROW(parse_eval_params("tempo = x\n", p), std::runtime_error);
}

TEST(Tuner, TrainingDataLines) {
  const auto data = parse_training_data(
      "# comment\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1;1;35\n"
      "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1;0.5\n",
      "data");
  ASSERT_EQ(data.size(), 2u);
  EXPECT_EQ(data[0].result, 1.0f);
  EXPECT_TRUE(data[0].has_score);
  EXPECT_EQ(data[0].score, 35.0f);
  EXPECT_EQ(data[1].result, 0.5f);
  EXPECT_FALSE(data[1].has_score);
  EXPECT_THROW(parse_training_data("fen only\n", "data"), std::runtime_error);
  EXPECT_THROW(parse_training_data("7/5e1/7/7/7/7/E6/7/7 w;1;3x\n", "data"), std::runtime_error);
}

// With lambda 0 the target is the search score alone: scores made by an
// evaluation with one square weight changed must lead the fit back to it.
TEST(Tuner, FitsSearchScoresWithLambdaZero) {
  const RuleSetPtr rules = load_variant("standard");
  EvalParams truth = default_eval_params();
  const int start = truth.square_rank4[9];  // the Wolves' start squares: row 2, column 1
  truth.square_rank4[9] = start + 40;
  const Evaluator ev(*rules, truth);
  std::vector<TuningSample> data;
  std::mt19937 rng(11);
  for (int game = 0; game < 300; ++game) {
    Position pos(rules);
    for (int ply = 0; ply < 12; ++ply) {
      const MoveList moves = generate_moves(pos);
      if (moves.empty()) break;
      pos.do_move(moves[int(rng() % unsigned(moves.size()))]);
      const int e = ev.evaluate(pos);
      TuningSample s;
      s.fen = pos.fen();
      s.result = float(rng() % 3) / 2;  // noise the fit must ignore
      s.has_score = true;
      s.score = float(pos.side_to_move() == kBlue ? e : -e);
      data.push_back(s);
    }
  }
  TunerOptions opt;
  opt.k = 1;
  opt.lambda = 0;
  opt.l2 = 0;
  opt.rounds = 8;
  opt.min_step = 20;
  opt.only = {"square_rank4[9]"};
  const TunerResult r = tune_eval(rules, data, default_eval_params(), opt);
  EXPECT_NEAR(r.params.square_rank4[9], start + 40, 1);
  EXPECT_LT(r.final_loss, r.start_loss / 100);
}

}  // namespace
}  // namespace jungle::match
