#include "search/eval_params.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/file_io.h"

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

// The square tables by rank, 1..8.
constexpr std::array<int, 36> EvalParams::*kSquareTables[] = {
    &EvalParams::square_rank1, &EvalParams::square_rank2, &EvalParams::square_rank3,
    &EvalParams::square_rank4, &EvalParams::square_rank5, &EvalParams::square_rank6,
    &EvalParams::square_rank7, &EvalParams::square_rank8};

}  // namespace

std::array<int, 36>& EvalParams::square_table(int rank) {
  return this->*kSquareTables[std::clamp(rank, 1, 8) - 1];
}

const std::array<int, 36>& EvalParams::square_table(int rank) const {
  return this->*kSquareTables[std::clamp(rank, 1, 8) - 1];
}

const EvalParams& default_eval_params() {
  static const EvalParams kDefaults;
  return kDefaults;
}

const EvalParams& open_board_eval_params() {
  static const EvalParams kOpenBoard = [] {
    EvalParams p;
    p.rank_value = {0, 150, 200, 250, 300, 400, 600, 700, 800};
    p.swimmer_bonus = 80;
    p.vertical_jump_bonus = 60;
    p.horizontal_jump_bonus = 40;
    p.elephant_killer_bonus = 90;
    p.advance = {0, 140, 70, 40, 26, 18, 13, 9, 6, 4, 3, 2, 1, 0, 0, 0};
    p.advance_strength_percent = 4;
    p.den_guard = 30;
    p.trapped_enemy = 60;
    p.swimmer_in_water = 15;
    p.jump_lane_open = 0;
    p.rat_attacks_elephant = 40;
    p.tempo = 12;
    for (int rank = 1; rank <= 8; ++rank) p.square_table(rank).fill(0);
    return p;
  }();
  return kOpenBoard;
}

namespace {

std::string trim(std::string_view s) {
  const size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return {};
  const size_t b = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(a, b - a + 1));
}

}  // namespace

std::string format_eval_params(const EvalParams& params, const std::vector<std::string>& header) {
  EvalParams copy = params;
  std::string out;
  for (const std::string& h : header) out += "# " + h + "\n";
  for (const auto& [name, value] : eval_param_list(copy))
    out += name + " = " + std::to_string(*value) + "\n";
  return out;
}

EvalParams parse_eval_params(std::string_view text, const EvalParams& base) {
  EvalParams params = base;
  std::map<std::string, int*> by_name;
  for (const auto& [name, value] : eval_param_list(params)) by_name[name] = value;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    const std::string t = trim(line);
    if (t.empty()) continue;
    const size_t eq = t.find('=');
    const std::string where = "weights line " + std::to_string(number) + ": ";
    if (eq == std::string::npos) throw std::runtime_error(where + "expected NAME = VALUE");
    const std::string name = trim(t.substr(0, eq));
    const std::string value = trim(t.substr(eq + 1));
    auto it = by_name.find(name);
    if (it == by_name.end()) throw std::runtime_error(where + "unknown weight '" + name + "'");
    try {
      size_t used = 0;
      *it->second = std::stoi(value, &used);
      if (used != value.size()) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::runtime_error(where + "'" + value + "' is not a whole number");
    }
  }
  return params;
}

EvalParams load_eval_params_file(const std::filesystem::path& path, const EvalParams& base) {
  return parse_eval_params(read_small_file(path, kMaxWeightsFileBytes), base);
}

}  // namespace jungle
