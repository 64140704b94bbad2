#pragma once

// Loading a rule set: its text checked before the TOML parser sees it, its
// inheritance chain followed (shipped sets and files, cycles and confinement
// to a folder refused), the merged result checked, and the RuleSet built.
// Internal to core: variants.cpp is the public face.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/embedded_variants.h"
#include "core/rule_set.h"
#include "core/shipped_variants.h"
#include "core/variant_schema.h"

namespace jungle::rule_file {

class Loader {
 public:
  explicit Loader(Loaded& out) : out_(out) {}

  // Files outside `folder` (after following links) are refused from now on.
  void confine_to(const std::filesystem::path& folder);

  // `from` is the `inherits` that names the set; nullptr for the set asked for.
  Rules builtin(std::string_view name, const Place* from);
  Rules file(const std::filesystem::path& path, const Place* from);
  // `identity` names the set for cycle detection ("file:PATH", "builtin:NAME");
  // `shipped` names the embedded set being read (its name must match), or "".
  Rules text(std::string_view toml_text, const std::string& origin,
             const std::filesystem::path& base_dir, const std::string& identity,
             std::string_view shipped, std::string_view default_name = {});

 private:
  void add(const Place& at, std::string message);
  bool in_cycle(const std::string& identity, const std::string& origin, const Place* from);
  Rules parent_rules(const std::string& value, const std::filesystem::path& base_dir, bool shipped,
                     const Place& at);

  Loaded& out_;
  std::vector<std::pair<std::string, std::string>> chain_;  // identity, origin
  std::optional<std::filesystem::path> confined_to_;
};

// Problems that only the merged chain shows; each points at the line that set the value.
void check_merged(Loaded& loaded);
Loaded load_builtin_set(std::string_view name);
Loaded load_file_set(const std::filesystem::path& path);
// Builds the RuleSet, turning its objections into issues; nullptr when it refused.
RuleSetPtr build(Loaded& loaded);
// The rules, or a VariantError with every issue.
Rules rules_or_throw(Loaded& loaded);

}  // namespace jungle::rule_file
