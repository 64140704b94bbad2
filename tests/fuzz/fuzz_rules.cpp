// Rule-set files: any text either fails with issues that each say where, or
// gives rules that make a rule set whose start position has legal moves
// that play and unplay cleanly.

#include <filesystem>
#include <string>

#include "core/movegen.h"
#include "core/position.h"
#include "core/variants.h"
#include "fuzz_common.h"

using namespace jungle;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // `inherits` paths resolve against an empty folder, so that only shipped
  // sets can be named.
  static const std::filesystem::path base = [] {
    auto dir = std::filesystem::temp_directory_path() / "jungle-fuzz-rules";
    std::filesystem::create_directories(dir);
    return dir;
  }();
  Rules rules;
  try {
    rules = parse_rules(text, "<fuzz>", base);
  } catch (const VariantError& e) {
    fuzz::require(!e.issues().empty(), "a VariantError lists its issues", text);
    for (const VariantIssue& issue : e.issues())
      fuzz::require(!issue.message.empty(), "each issue says what is wrong", text);
    return 0;
  }
  RuleSetPtr rs;
  try {
    rs = RuleSet::make(rules);
  } catch (const std::exception&) {
    return 0;  // rules that pass the reader but make no rule set are reported as errors
  }
  Position pos(rs);
  for (Move m : generate_moves(pos)) {
    pos.do_move(m);
    game_result(pos);
    pos.undo_move();
  }
  return 0;
}
