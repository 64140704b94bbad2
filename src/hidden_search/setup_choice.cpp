#include "hidden_search/setup_choice.h"

#include <algorithm>
#include <random>
#include <utility>

#include "search/evaluation.h"

namespace jungle::hidden {

namespace {

// Each ordering of the start squares' animals in which every animal may
// stand where it is, valued by `value`.
template <class Value>
void each_order(const RuleSet& rules, Side side, Arrangement& arrangement, size_t k,
                std::vector<Animal>& left, Value&& value) {
  if (k == arrangement.size()) {
    value(arrangement);
    return;
  }
  for (size_t i = 0; i < left.size(); ++i) {
    const Animal a = left[i];
    if (!(rules.standable(side, a) & square_bb(arrangement[k].first))) continue;
    arrangement[k].second = a;
    left.erase(left.begin() + long(i));
    each_order(rules, side, arrangement, k + 1, left, value);
    left.insert(left.begin() + long(i), a);
  }
}

}  // namespace

std::vector<Arrangement> sensible_arrangements(const RuleSetPtr& rules_ptr, Side side, int margin) {
  const RuleSet& rules = *rules_ptr;
  const Evaluator evaluator(rules);
  const Arrangement usual = start_arrangement(rules, side);
  const Arrangement enemy = start_arrangement(rules, opponent(side));
  std::vector<std::pair<int, Arrangement>> valued;
  Arrangement arrangement = usual;
  std::vector<Animal> animals;
  for (const auto& [square, animal] : usual) animals.push_back(animal);
  each_order(rules, side, arrangement, 0, animals, [&](const Arrangement& a) {
    const Position start =
        side == kBlue ? start_with(rules_ptr, a, enemy) : start_with(rules_ptr, enemy, a);
    const int v = evaluator.evaluate(start);
    valued.emplace_back(start.side_to_move() == side ? v : -v, a);
  });
  std::stable_sort(valued.begin(), valued.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<Arrangement> out;
  if (valued.empty()) return {usual};
  for (const auto& [v, a] : valued) {
    if (v < valued.front().first - margin) break;
    out.push_back(a);
  }
  return out;
}

Arrangement draw_arrangement(const std::vector<Arrangement>& sensible, RandomBits rng) {
  return sensible[size_t(std::uniform_int_distribution<size_t>(0, sensible.size() - 1)(rng))];
}

}  // namespace jungle::hidden
