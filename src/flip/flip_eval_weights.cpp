#include "flip/flip_eval_weights.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace jungle::flip {

std::string flip_eval_weights_text(const FlipEvalWeights& w) {
  std::string text;
  for (const FlipEvalWeightName& n : kFlipEvalWeightNames) {
    // 17 significant digits: a double reads back as itself.
    char value[40];
    std::snprintf(value, sizeof value, "%.17g", w.*n.member);
    text += std::string(n.name) + " " + value + "\n";
  }
  return text;
}

FlipEvalWeights parse_flip_eval_weights(std::string_view text, std::string_view origin) {
  FlipEvalWeights w;
  std::vector<bool> seen(std::size(kFlipEvalWeightNames), false);
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto fail = [&](const std::string& what) {
      throw std::invalid_argument(std::string(origin) + ":" + std::to_string(number) + ": " + what);
    };
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string name, value, extra;
    if (!(words >> name)) continue;
    if (!(words >> value)) fail("'" + name + "' has no value");
    if (words >> extra) fail("expected '<name> <value>', found '" + extra + "' after the value");
    size_t i = 0;
    while (i < seen.size() && name != kFlipEvalWeightNames[i].name) ++i;
    if (i == seen.size()) {
      std::string known;
      for (const FlipEvalWeightName& n : kFlipEvalWeightNames) known += std::string(" ") + n.name;
      fail("unknown weight '" + name + "' (known:" + known + ")");
    }
    if (seen[i]) fail("'" + name + "' given twice");
    seen[i] = true;
    double v = 0;
    size_t used = 0;
    try {
      v = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != value.size() || !std::isfinite(v)) fail("'" + value + "' is not a finite number");
    w.*kFlipEvalWeightNames[i].member = v;
  }
  return w;
}

FlipEvalWeights load_flip_eval_weights(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::invalid_argument("cannot read the weights file '" + path + "'");
  std::ostringstream text;
  text << file.rdbuf();
  return parse_flip_eval_weights(text.str(), path);
}

}  // namespace jungle::flip
