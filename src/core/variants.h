#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "core/rules.h"
#include "core/shipped_variants.h"
#include "core/variant_error.h"

namespace jungle {

// The rules of the shipped set of that name (shipped_variants.h lists
// them). Throws VariantError when no shipped set has that name.
Rules builtin_rules(std::string_view name);

// Parses a rule set written in TOML. A set may name its parent with
// `inherits = "NAME"` (a shipped set) or a path (relative to `base_dir`);
// without one it starts from RULES.md's defaults. Throws VariantError with
// every problem found, each with its line.
Rules parse_rules(std::string_view toml_text, std::string_view origin,
                  const std::filesystem::path& base_dir = {});
Rules load_rules_file(const std::filesystem::path& path);

// Every problem in a rule-set file (empty when it is valid); never throws.
std::vector<VariantIssue> check_rules_file(const std::filesystem::path& path);

// For --variant and the Variant option: a shipped set's name, or a path to a
// .toml file. Throws VariantError.
RuleSetPtr load_variant(std::string_view name_or_path);

// For a game record's Variant tag, which comes with the record and not from
// the user: a shipped set's name, or the path of a .toml file relative to
// `folder` (the record file's folder) that stays inside it, as must every
// file it inherits from. Without a folder (a record from the network or a
// string) only the shipped sets. Rule files are read only when regular and
// at most kMaxRuleFileBytes (core/file_io.h). Throws VariantError.
RuleSetPtr load_record_variant(std::string_view name_or_path,
                               const std::optional<std::filesystem::path>& folder);

}  // namespace jungle
