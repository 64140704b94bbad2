#include "tune/tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "core/position.h"
#include "core/text_util.h"
#include "search/evaluation.h"

namespace jungle::match {

namespace {

constexpr double kLn10Over400 = 2.302585092994046 / 400;
// Positions of one game sit together in the data; holding out whole blocks
// keeps a game's positions on one side of the split.
constexpr size_t kValidationBlock = 64;

double sigmoid(double k, double eval) {
  return 1 / (1 + std::exp(-k * kLn10Over400 * eval));
}

int blue_eval(const Evaluator& ev, const Position& pos) {
  const int e = ev.evaluate(pos);
  return pos.side_to_move() == kBlue ? e : -e;
}

// Every listed position evaluated by every evaluator, each position parsed
// once: visit(position index, evaluator index, Blue's eval).
template <typename Visit>
void evaluate_all(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                  const std::vector<size_t>& which, const std::vector<const Evaluator*>& evaluators,
                  Visit visit) {
  for (size_t n = 0; n < which.size(); ++n) {
    const Position pos = Position::from_fen(data[which[n]].fen, rules);
    for (size_t j = 0; j < evaluators.size(); ++j) visit(n, j, blue_eval(*evaluators[j], pos));
  }
}

std::vector<double> evals_with(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                               const std::vector<size_t>& which, const EvalParams& params) {
  const Evaluator ev(*rules, params);
  std::vector<double> out(which.size());
  evaluate_all(rules, data, which, {&ev}, [&](size_t n, size_t, int e) { out[n] = e; });
  return out;
}

// What each position's sigmoid should predict, by data index: its game's
// result, mixed with its search score when lambda < 1.
std::vector<double> targets_of(const std::vector<TuningSample>& data, double k, double lambda) {
  std::vector<double> target(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    const TuningSample& s = data[i];
    target[i] = s.has_score ? lambda * s.result + (1 - lambda) * sigmoid(k, s.score) : s.result;
  }
  return target;
}

double loss_of(const std::vector<double>& evals, const std::vector<double>& target,
               const std::vector<size_t>& which, double k) {
  if (which.empty()) return 0;
  double sum = 0;
  for (size_t n = 0; n < which.size(); ++n) {
    const double d = target[which[n]] - sigmoid(k, evals[n]);
    sum += d * d;
  }
  return sum / double(which.size());
}

double fit_k(const std::vector<double>& evals, const std::vector<double>& target,
             const std::vector<size_t>& which) {
  // The loss is unimodal in K: golden-section search.
  double a = 0.01, b = 5.0;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = loss_of(evals, target, which, c), fd = loss_of(evals, target, which, d);
  for (int i = 0; i < 80; ++i) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = loss_of(evals, target, which, c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = loss_of(evals, target, which, d);
    }
  }
  return (a + b) / 2;
}

std::string fmt(const char* format, double a, double b = 0, double c = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, format, a, b, c);
  return buf;
}

// The slopes of each position's evaluation by weight, stored sparsely: a
// square-table weight touches only positions with a piece on its squares.
struct SparseFeatures {
  std::vector<size_t> start{0};  // position n's entries: [start[n], start[n + 1])
  std::vector<uint32_t> index;   // weight, ascending within a position
  std::vector<float> slope;
};

// The loss of the evaluation's linear model around `origin`: eval_n =
// base_n + sum_p features_np (x_p - origin_p), minimised by damped
// Gauss-Newton (Levenberg-Marquardt). Its step adapts to each weight's own
// scale, which matters when rank values are hundreds and a percentage is 4.
struct LinearModel {
  const std::vector<double>& target;  // by data index
  const std::vector<size_t>& which;
  const std::vector<double>& base;
  const SparseFeatures& features;
  size_t P;
  double k;
  double l2;
  const std::vector<double>& anchor;
  const std::vector<double>& origin;

  double loss(const std::vector<double>& x) const {
    double sum = 0;
    for (size_t n = 0; n < which.size(); ++n) {
      const double d = target[which[n]] - sigmoid(k, eval(n, x));
      sum += d * d;
    }
    double reg = 0;
    for (size_t p = 0; p < P; ++p) reg += l2 * (x[p] - anchor[p]) * (x[p] - anchor[p]);
    return sum / double(which.size()) + reg;
  }

  double eval(size_t n, const std::vector<double>& x) const {
    double e = base[n];
    for (size_t i = features.start[n]; i < features.start[n + 1]; ++i) {
      const uint32_t p = features.index[i];
      e += features.slope[i] * (x[p] - origin[p]);
    }
    return e;
  }

  // Gradient and Gauss-Newton matrix of the loss at x.
  void derivatives(const std::vector<double>& x, std::vector<double>& grad,
                   std::vector<double>& hess) const {
    grad.assign(P, 0);
    hess.assign(P * P, 0);
    const double c = k * kLn10Over400;
    std::vector<double> row;
    for (size_t n = 0; n < which.size(); ++n) {
      const double s = sigmoid(k, eval(n, x));
      const double g = s * (1 - s) * c;  // d sigmoid / d eval
      const double r = target[which[n]] - s;
      const size_t first = features.start[n], count = features.start[n + 1] - first;
      const uint32_t* index = &features.index[first];
      row.resize(count);
      for (size_t i = 0; i < count; ++i) row[i] = g * features.slope[first + i];
      for (size_t i = 0; i < count; ++i) {
        grad[index[i]] -= r * row[i];
        double* h = &hess[index[i] * P];
        for (size_t j = i; j < count; ++j) h[index[j]] += row[i] * row[j];
      }
    }
    const double scale = 2.0 / double(which.size());
    for (size_t p = 0; p < P; ++p) {
      grad[p] = grad[p] * scale + 2 * l2 * (x[p] - anchor[p]);
      for (size_t q = p; q < P; ++q) {
        hess[p * P + q] *= scale;
        hess[q * P + p] = hess[p * P + q];
      }
      hess[p * P + p] += 2 * l2;
    }
  }

  std::vector<double> minimise(int iterations,
                               const std::function<void(const std::string&)>& log) const {
    std::vector<double> x = origin, grad, hess;
    double current = loss(x);
    double lambda = 1e-3;
    for (int it = 0; it < iterations && lambda < 1e8; ++it) {
      derivatives(x, grad, hess);
      std::vector<double> a = hess;
      for (size_t p = 0; p < P; ++p) a[p * P + p] += lambda * hess[p * P + p] + 1e-12;
      std::vector<double> step(P);
      for (size_t p = 0; p < P; ++p) step[p] = -grad[p];
      if (!solve(a, step)) {
        lambda *= 10;
        continue;
      }
      std::vector<double> next(P);
      for (size_t p = 0; p < P; ++p) next[p] = x[p] + step[p];
      const double l = loss(next);
      if (l < current) {
        const bool converged = current - l < 1e-9;
        x = next;
        current = l;
        lambda = std::max(lambda / 3, 1e-7);
        if (converged) break;
      } else {
        lambda *= 10;
      }
    }
    if (log) log(fmt("  linear model: loss %.6f", current));
    return x;
  }

  // Gaussian elimination with partial pivoting; false when singular.
  bool solve(std::vector<double>& a, std::vector<double>& b) const {
    for (size_t col = 0; col < P; ++col) {
      size_t pivot = col;
      for (size_t r = col + 1; r < P; ++r)
        if (std::abs(a[r * P + col]) > std::abs(a[pivot * P + col])) pivot = r;
      if (std::abs(a[pivot * P + col]) < 1e-300) return false;
      if (pivot != col) {
        for (size_t c = 0; c < P; ++c) std::swap(a[col * P + c], a[pivot * P + c]);
        std::swap(b[col], b[pivot]);
      }
      for (size_t r = col + 1; r < P; ++r) {
        const double f = a[r * P + col] / a[col * P + col];
        if (f == 0) continue;
        for (size_t c = col; c < P; ++c) a[r * P + c] -= f * a[col * P + c];
        b[r] -= f * b[col];
      }
    }
    for (size_t i = P; i-- > 0;) {
      double sum = b[i];
      for (size_t c = i + 1; c < P; ++c) sum -= a[i * P + c] * b[c];
      b[i] = sum / a[i * P + i];
    }
    return true;
  }
};

}  // namespace

std::vector<TuningSample> parse_training_data(std::string_view text, std::string_view origin) {
  std::vector<TuningSample> out;
  size_t pos = 0;
  for (int number = 1; pos < text.size(); ++number) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string line = trim(text.substr(pos, end - pos));
    pos = end + 1;
    if (line.empty() || line[0] == '#') continue;
    const size_t semi = line.find(';');
    const std::string where = std::string(origin) + ":" + std::to_string(number) + ": ";
    if (semi == std::string::npos) throw std::runtime_error(where + "expected FEN;RESULT");
    const size_t semi2 = line.find(';', semi + 1);
    const std::string result = trim(
        line.substr(semi + 1, semi2 == std::string::npos ? std::string::npos : semi2 - semi - 1));
    TuningSample s;
    if (semi2 != std::string::npos) {
      const std::string score = trim(line.substr(semi2 + 1));
      try {
        size_t used = 0;
        s.score = float(std::stoi(score, &used));
        if (used != score.size()) throw std::invalid_argument("");
      } catch (const std::exception&) {
        throw std::runtime_error(where + "score '" + score + "' is not a whole number");
      }
      s.has_score = true;
    }
    s.fen = trim(line.substr(0, semi));
    if (result == "1" || result == "1.0" || result == "1-0") {
      s.result = 1;
    } else if (result == "0" || result == "0.0" || result == "0-1") {
      s.result = 0;
    } else if (result == "0.5" || result == "1/2-1/2") {
      s.result = 0.5f;
    } else {
      throw std::runtime_error(where + "result '" + result + "' is not 1, 0.5 or 0");
    }
    out.push_back(std::move(s));
  }
  return out;
}

double texel_loss(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                  const EvalParams& params, double k) {
  std::vector<size_t> all(data.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return loss_of(evals_with(rules, data, all, params), targets_of(data, k, 1.0), all, k);
}

TunerResult tune_eval(const RuleSetPtr& rules, const std::vector<TuningSample>& data,
                      const EvalParams& start, const TunerOptions& opt) {
  auto log = [&](const std::string& s) {
    if (opt.log) opt.log(s);
  };
  TunerResult result;
  std::vector<size_t> train, held;
  for (size_t i = 0; i < data.size(); ++i) {
    // The golden ratio spreads the held-out blocks evenly through the data.
    const double slot = std::fmod(double(i / kValidationBlock) * 0.6180339887498949, 1.0);
    (slot < opt.validation ? held : train).push_back(i);
  }
  if (train.empty()) throw std::runtime_error("no training positions");
  result.train_positions = int(train.size());
  result.validation_positions = int(held.size());

  EvalParams current = start;
  std::vector<std::pair<std::string, int*>> names = eval_param_list(current);
  std::vector<size_t> tuned;  // indices into eval_param_list
  for (size_t p = 0; p < names.size(); ++p) {
    bool chosen = opt.only.empty();
    for (const std::string& s : opt.only) chosen |= names[p].first.find(s) != std::string::npos;
    if (chosen) tuned.push_back(p);
  }
  if (tuned.empty()) throw std::runtime_error("no weight matches the selection");
  const size_t P = tuned.size();
  auto weight = [&](EvalParams& params, size_t p) {
    return eval_param_list(params)[tuned[p]].second;
  };

  std::vector<double> evals = evals_with(rules, data, train, current);
  result.k = opt.k > 0 ? opt.k : fit_k(evals, targets_of(data, 1, 1.0), train);
  const double k = result.k;
  const std::vector<double> target = targets_of(data, k, opt.lambda);
  double best_loss = loss_of(evals, target, train, k);
  result.start_loss = best_loss;
  result.start_validation = loss_of(evals_with(rules, data, held, current), target, held, k);
  log(fmt("K %.4f, lambda %.2f, start loss %.6f", k, opt.lambda, best_loss) +
      fmt(" (validation %.6f)", result.start_validation));
  log(std::to_string(train.size()) + " training positions, " + std::to_string(held.size()) +
      " held out, " + std::to_string(P) + " weights");

  std::vector<double> anchor(P);
  for (size_t p = 0; p < P; ++p) anchor[p] = *weight(current, p);
  SparseFeatures features;
  std::vector<double> base(train.size());

  for (int round = 0; round < opt.rounds; ++round) {
    // The local linear model: base eval plus the slope of each weight.
    std::vector<EvalParams> nudged(2 * P, current);
    std::vector<std::unique_ptr<Evaluator>> owned;
    std::vector<const Evaluator*> evaluators;
    owned.push_back(std::make_unique<Evaluator>(*rules, current));
    for (size_t p = 0; p < P; ++p) {
      *weight(nudged[2 * p], p) += opt.nudge;
      *weight(nudged[2 * p + 1], p) -= opt.nudge;
      owned.push_back(std::make_unique<Evaluator>(*rules, nudged[2 * p]));
      owned.push_back(std::make_unique<Evaluator>(*rules, nudged[2 * p + 1]));
    }
    for (const auto& e : owned) evaluators.push_back(e.get());
    std::vector<int> plus(P);
    features = SparseFeatures{};
    evaluate_all(rules, data, train, evaluators, [&](size_t n, size_t j, int e) {
      if (j == 0) {
        base[n] = e;
      } else if (j % 2 == 1) {
        plus[(j - 1) / 2] = e;
      } else {
        const size_t p = (j - 1) / 2;
        if (plus[p] != e) {
          features.index.push_back(uint32_t(p));
          features.slope.push_back(float(double(plus[p] - e) / (2.0 * opt.nudge)));
        }
        if (p == P - 1) features.start.push_back(features.index.size());
      }
    });

    std::vector<double> origin(P);
    for (size_t p = 0; p < P; ++p) origin[p] = *weight(current, p);
    const LinearModel model{target, train, base, features, P, k, opt.l2, anchor, origin};
    const std::vector<double> goal = model.minimise(opt.iterations, log);
    // A trust region: no weight moves further than this in one round, so the
    // linear model stays near where it was measured.
    std::vector<double> clipped(P);
    for (size_t p = 0; p < P; ++p) {
      const double limit = std::max(opt.min_step, opt.max_step * std::abs(origin[p]));
      clipped[p] = std::clamp(goal[p], origin[p] - limit, origin[p] + limit);
    }
    // The linear model is only right near `origin` (the strength percentage
    // scales other weights): halve the step until the true loss agrees.
    bool improved = false;
    for (int halving = 0; halving < 6 && !improved; ++halving) {
      const double scale = std::ldexp(1.0, -halving);
      EvalParams candidate = current;
      bool moved = false;
      for (size_t p = 0; p < P; ++p) {
        const int w = int(std::lround(origin[p] + scale * (clipped[p] - origin[p])));
        moved |= w != *weight(candidate, p);
        *weight(candidate, p) = w;
      }
      if (!moved) break;
      const double loss = loss_of(evals_with(rules, data, train, candidate), target, train, k);
      log(fmt("round %.0f: true loss %.6f with %.3g of the step", round + 1, loss, scale));
      if (loss < best_loss) {
        best_loss = loss;
        current = candidate;
        improved = true;
      }
    }
    if (!improved) {
      log("no further improvement: stopping");
      break;
    }
  }
  result.params = current;
  result.final_loss = best_loss;
  result.final_validation = loss_of(evals_with(rules, data, held, current), target, held, k);
  log(fmt("final loss %.6f (validation %.6f, was %.6f)", best_loss, result.final_validation,
          result.start_validation));
  return result;
}

}  // namespace jungle::match
