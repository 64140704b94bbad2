#include "search/eval_params.h"

namespace jungle {

std::vector<std::pair<std::string, int*>> eval_param_list(EvalParams& p) {
  std::vector<std::pair<std::string, int*>> list;
  for (size_t i = 1; i < p.rank_value.size(); ++i) {
    list.emplace_back("rank_value[" + std::to_string(i) + "]", &p.rank_value[i]);
  }
  list.emplace_back("swimmer_bonus", &p.swimmer_bonus);
  list.emplace_back("vertical_jump_bonus", &p.vertical_jump_bonus);
  list.emplace_back("horizontal_jump_bonus", &p.horizontal_jump_bonus);
  list.emplace_back("elephant_killer_bonus", &p.elephant_killer_bonus);
  for (size_t i = 1; i < p.advance.size(); ++i) {
    list.emplace_back("advance[" + std::to_string(i) + "]", &p.advance[i]);
  }
  list.emplace_back("advance_strength_percent", &p.advance_strength_percent);
  list.emplace_back("den_guard", &p.den_guard);
  list.emplace_back("trapped_enemy", &p.trapped_enemy);
  list.emplace_back("swimmer_in_water", &p.swimmer_in_water);
  list.emplace_back("jump_lane_open", &p.jump_lane_open);
  list.emplace_back("rat_attacks_elephant", &p.rat_attacks_elephant);
  list.emplace_back("tempo", &p.tempo);
  return list;
}

const EvalParams& default_eval_params() {
  static const EvalParams kDefaults;
  return kDefaults;
}

}  // namespace jungle
