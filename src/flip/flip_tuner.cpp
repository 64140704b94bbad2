#include "flip/flip_tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string_view>

namespace jungle::flip {

std::vector<FlipTuningPoint> flip_tuning_points(const FlipRulesPtr& rules,
                                                const std::vector<FlipSample>& samples) {
  std::vector<FlipTuningPoint> data;
  data.reserve(samples.size());
  for (const FlipSample& s : samples) {
    const FlipPosition pos(rules, s.fen);
    data.push_back({flip_eval_features(pos), s.points});
  }
  return data;
}

namespace {

double loss_of(const FlipTuningPoint* begin, const FlipTuningPoint* end, const FlipEvalWeights& w,
               double k) {
  if (begin == end) return 0;
  double sum = 0;
  for (const FlipTuningPoint* p = begin; p != end; ++p) {
    const double predicted = 1 / (1 + std::exp(-flip_evaluate_features(p->features, w) / k));
    sum += (p->points - predicted) * (p->points - predicted);
  }
  return sum / double(end - begin);
}

// The K that minimises the loss, by golden-section search over log K: the
// loss has one minimum in K for any evaluation that predicts better than
// chance.
double fit_k(const FlipTuningPoint* begin, const FlipTuningPoint* end, const FlipEvalWeights& w) {
  double lo = std::log(1.0), hi = std::log(5000.0);
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
  double fa = loss_of(begin, end, w, std::exp(a)), fb = loss_of(begin, end, w, std::exp(b));
  while (hi - lo > 1e-7) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - golden * (hi - lo);
      fa = loss_of(begin, end, w, std::exp(a));
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + golden * (hi - lo);
      fb = loss_of(begin, end, w, std::exp(b));
    }
  }
  return std::exp((lo + hi) / 2);
}

// The size of a first step for each weight, by name: about a tenth of
// what would change play.
double unit_of(const std::string& name) {
  if (name == "hunt") return 0.01;
  if (name == "mobility") return 0.5;
  if (name.starts_with("value_")) return 1;  // a tenth of a Cat
  return 0.1;
}

}  // namespace

double flip_texel_loss(const std::vector<FlipTuningPoint>& data, const FlipEvalWeights& w,
                       double k) {
  return loss_of(data.data(), data.data() + data.size(), w, k);
}

FlipTunerResult tune_flip_eval(const std::vector<FlipTuningPoint>& data,
                               const FlipEvalWeights& start, const FlipTunerOptions& options) {
  std::vector<const FlipEvalWeightName*> fitted;
  for (const FlipEvalWeightName& n : kFlipEvalWeightNames) {
    if (options.only.empty() ||
        std::find(options.only.begin(), options.only.end(), n.name) != options.only.end()) {
      fitted.push_back(&n);
    }
  }
  for (const std::string& name : options.only) {
    if (std::none_of(std::begin(kFlipEvalWeightNames), std::end(kFlipEvalWeightNames),
                     [&](const FlipEvalWeightName& n) { return name == n.name; })) {
      throw std::invalid_argument("unknown weight '" + name + "'");
    }
  }
  const size_t train = data.size() - size_t(std::lround(double(data.size()) * options.validation));
  if (train == 0 || data.empty()) throw std::invalid_argument("no training positions");
  const FlipTuningPoint* begin = data.data();
  const FlipTuningPoint* split = begin + train;
  const FlipTuningPoint* end = begin + data.size();
  const auto log = [&](const std::string& line) {
    if (options.log) options.log(line);
  };

  FlipTunerResult r;
  r.k_held = std::any_of(fitted.begin(), fitted.end(), [](const FlipEvalWeightName* n) {
    return std::string_view(n->name).starts_with("value_");
  });
  r.train_positions = int(train);
  r.validation_positions = int(data.size() - train);
  r.weights = start;
  r.start_k = r.k = fit_k(begin, split, start);
  r.start_loss = loss_of(begin, split, start, r.k);
  r.start_validation = loss_of(split, end, start, r.k);
  double loss = r.start_loss;
  char text[200];
  std::snprintf(text, sizeof text, "start: K %.4f%s, loss %.8f, held out %.8f", r.k,
                r.k_held ? " (held: the values set the scale)" : "", loss, r.start_validation);
  log(text);
  for (int round = 1; round <= options.rounds; ++round) {
    const double before = loss;
    // Coordinate descent: each weight stepped while a step lowers the loss,
    // the step doubled after a success and halved after a failure.
    for (bool moved = true; moved;) {
      moved = false;
      for (const FlipEvalWeightName* n : fitted) {
        double& w = r.weights.*(n->member);
        double step = unit_of(n->name);
        const double smallest = step * 1e-4;
        while (step >= smallest) {
          bool better = false;
          for (const double sign : {1.0, -1.0}) {
            const double old = w;
            w = old + sign * step;
            // The hunting term is a maximum: linear in its weight only while
            // that weight is not negative.
            if (n->member == &FlipEvalWeights::hunt && w < 0) w = 0;
            const double l = w == old ? loss : loss_of(begin, split, r.weights, r.k);
            if (l < loss - 1e-12) {
              loss = l;
              better = moved = true;
              break;
            }
            w = old;
          }
          step = better ? step * 2 : step / 2;
        }
      }
    }
    if (!r.k_held) {
      r.k = fit_k(begin, split, r.weights);
      loss = loss_of(begin, split, r.weights, r.k);
    }
    std::string line = "round " + std::to_string(round) + ":";
    for (const FlipEvalWeightName* n : fitted) {
      std::snprintf(text, sizeof text, " %s %.5f", n->name, r.weights.*(n->member));
      line += text;
    }
    std::snprintf(text, sizeof text, ", K %.4f, loss %.8f, held out %.8f", r.k, loss,
                  loss_of(split, end, r.weights, r.k));
    log(line + text);
    if (before - loss < 1e-10) break;
  }
  r.final_loss = loss;
  r.final_validation = loss_of(split, end, r.weights, r.k);
  return r;
}

}  // namespace jungle::flip
