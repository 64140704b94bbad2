#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_set.h"
#include "core/rules.h"

namespace jungle {

// One problem found in a rule-set file, with its place (line 0 when the
// problem belongs to the file as a whole, e.g. an inheritance cycle).
struct VariantIssue {
  std::string origin;  // file path, or "<builtin NAME>"
  int line = 0;
  int column = 0;
  std::string message;
  std::string to_string() const;  // "FILE:LINE:COL: MESSAGE"
};

class VariantError : public std::runtime_error {
 public:
  explicit VariantError(std::vector<VariantIssue> issues);
  const std::vector<VariantIssue>& issues() const { return issues_; }
  // The issues on one line, joined by "; ", for a protocol's one-line error.
  std::string one_line() const;

 private:
  std::vector<VariantIssue> issues_;
};

// The rule sets shipped in variants/ and embedded in the binary, in display order.
std::vector<std::string> builtin_variant_names();
// Throws VariantError when no shipped set has that name.
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
