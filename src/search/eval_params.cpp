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
  for (int rank = 1; rank <= 8; ++rank) {
    std::array<int, 36>& table = p.square_table(rank);
    for (size_t i = 0; i < table.size(); ++i) {
      list.emplace_back("square_rank" + std::to_string(rank) + "[" + std::to_string(i) + "]",
                        &table[i]);
    }
  }
  return list;
}

namespace {

// One body for the const and non-const accessors.
template <typename Params>
auto& square_table_of(Params& p, int rank) {
  switch (rank) {
    case 2:
      return p.square_rank2;
    case 3:
      return p.square_rank3;
    case 4:
      return p.square_rank4;
    case 5:
      return p.square_rank5;
    case 6:
      return p.square_rank6;
    case 7:
      return p.square_rank7;
    default:
      return rank <= 1 ? p.square_rank1 : p.square_rank8;
  }
}

}  // namespace

std::array<int, 36>& EvalParams::square_table(int rank) {
  return square_table_of(*this, rank);
}

const std::array<int, 36>& EvalParams::square_table(int rank) const {
  return square_table_of(*this, rank);
}

const EvalParams& default_eval_params() {
  static const EvalParams kDefaults;
  return kDefaults;
}

}  // namespace jungle
