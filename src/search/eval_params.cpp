#include "search/eval_params.h"
#include "core/text_util.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/file_io.h"
#include "search/embedded_weights.h"

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
    EvalParams::SquareTable& table = p.square_table(rank);
    for (size_t i = 0; i < table.size(); ++i) {
      list.emplace_back("square_rank" + std::to_string(rank) + "[" + std::to_string(i) + "]",
                        &table[i]);
    }
  }
  return list;
}

namespace {

// The square tables by rank, 1..8.
constexpr EvalParams::SquareTable EvalParams::*kSquareTables[] = {
    &EvalParams::square_rank1, &EvalParams::square_rank2, &EvalParams::square_rank3,
    &EvalParams::square_rank4, &EvalParams::square_rank5, &EvalParams::square_rank6,
    &EvalParams::square_rank7, &EvalParams::square_rank8};

}  // namespace

EvalParams::SquareTable& EvalParams::square_table(int rank) {
  return this->*kSquareTables[std::clamp(rank, 1, 8) - 1];
}

const EvalParams::SquareTable& EvalParams::square_table(int rank) const {
  return this->*kSquareTables[std::clamp(rank, 1, 8) - 1];
}

EvalParams shipped_eval_params(std::string_view name) {
  for (const EmbeddedWeights& w : embedded_weights()) {
    if (w.name == name) return parse_eval_params(w.text, EvalParams{});
  }
  throw std::runtime_error("no shipped weights file weights/" + std::string(name) + ".txt");
}

const EvalParams& default_eval_params() {
  static const EvalParams kRiverBoard = shipped_eval_params("river-board");
  return kRiverBoard;
}

const EvalParams& open_board_eval_params() {
  static const EvalParams kOpenBoard = shipped_eval_params("open-board");
  return kOpenBoard;
}

std::string format_eval_params(const EvalParams& params, const std::vector<std::string>& header) {
  EvalParams copy = params;
  std::string out;
  for (const std::string& h : header) out += "# " + h + "\n";
  // A blank line around each table and a note before each square table,
  // so that a weights file reads like the struct it fills.
  std::string field;
  bool in_table = false;
  for (const auto& [name, value] : eval_param_list(copy)) {
    const size_t bracket = name.find('[');
    const std::string this_field = name.substr(0, bracket);
    const bool table = bracket != std::string::npos;
    if (this_field != field && (table || in_table) && !out.empty()) out += "\n";
    if (this_field != field && this_field.starts_with("square_rank")) {
      out += "# " + this_field + "[row * " + std::to_string(EvalParams::kSquareTableColumns) +
             " + column]: row = ranks from the own den, column = files from the dens' file\n";
    }
    field = this_field;
    in_table = table;
    out += name + " = " + std::to_string(*value) + "\n";
  }
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
