#include "game/rules_of_family.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

namespace jungle::game {

RuleSetPtr load_board_rules(std::string_view name_or_path) {
  const std::vector<std::string> names = builtin_variant_names();
  if (std::find(names.begin(), names.end(), name_or_path) == names.end()) {
    return load_variant(name_or_path);  // a file, or no rule set: the loader says which
  }
  static std::mutex mutex;
  static std::map<std::string, RuleSetPtr, std::less<>> shipped;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = shipped.find(name_or_path); it != shipped.end()) return it->second;
  }
  RuleSetPtr rules = load_variant(name_or_path);
  const std::lock_guard<std::mutex> lock(mutex);
  return shipped.emplace(std::string(name_or_path), std::move(rules)).first->second;
}

RuleSetPtr load_rules_hiding(std::string_view variant, bool hides_pieces) {
  RuleSetPtr rules;
  try {
    rules = load_board_rules(variant);
  } catch (const std::exception& e) {
    throw std::invalid_argument(e.what());
  }
  if (rules->rules().hidden_pieces != hides_pieces) {
    throw std::invalid_argument("variant '" + std::string(variant) + "' " +
                                (hides_pieces ? "hides no pieces: it is the open game's"
                                              : "hides pieces: it is the hidden family's"));
  }
  return rules;
}

std::vector<std::string> board_rules_problems(std::string_view path) {
  std::vector<std::string> out;
  for (const VariantIssue& issue : check_rules_file(std::filesystem::path(path))) {
    out.push_back(issue.to_string());
  }
  return out;
}

}  // namespace jungle::game
