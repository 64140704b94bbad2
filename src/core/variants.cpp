#include "core/variants.h"

#include <algorithm>
#include <system_error>
#include <utility>

#include "core/embedded_variants.h"
#include "core/text_util.h"
#include "core/variant_loader.h"

// The public face of rule sets as data: which sets there are and how a name
// or path becomes Rules or a RuleSet. The schema (core/variant_schema) and
// the loading of files and their parents (core/variant_loader) sit behind it.

namespace jungle {

namespace fs = std::filesystem;
using rule_file::build;
using rule_file::check_merged;
using rule_file::find_embedded;
using rule_file::known_names;
using rule_file::load_builtin_set;
using rule_file::load_file_set;
using rule_file::Loaded;
using rule_file::Loader;
using rule_file::rules_or_throw;

Rules builtin_rules(std::string_view name) {
  Loaded loaded = load_builtin_set(name);
  return rules_or_throw(loaded);
}

Rules parse_rules(std::string_view toml_text, std::string_view origin,
                  const std::filesystem::path& base_dir) {
  Loaded loaded;
  loaded.origin = std::string(origin);
  Loader loader(loaded);
  // Named like the file it came from, so that a parent naming that file back is a cycle.
  fs::path as_path(origin);
  std::error_code ec;
  std::string identity = "file:" + std::string(origin);
  if (fs::exists(as_path, ec)) identity = "file:" + fs::weakly_canonical(as_path, ec).string();
  loaded.rules =
      loader.text(toml_text, std::string(origin), base_dir, identity, "", as_path.stem().string());
  if (loaded.issues.empty()) check_merged(loaded);
  return rules_or_throw(loaded);
}

Rules load_rules_file(const std::filesystem::path& path) {
  Loaded loaded = load_file_set(path);
  return rules_or_throw(loaded);
}

std::vector<VariantIssue> check_rules_file(const std::filesystem::path& path) {
  try {
    Loaded loaded = load_file_set(path);
    if (loaded.issues.empty()) build(loaded);
    return loaded.issues;
  } catch (const std::exception& e) {
    return {{path.string(), 0, 0, e.what()}};
  }
}

RuleSetPtr load_variant(std::string_view name_or_path) {
  Loaded loaded;
  std::error_code ec;
  if (find_embedded(name_or_path)) {
    loaded = load_builtin_set(name_or_path);
  } else if (name_or_path.ends_with(".toml") || fs::exists(fs::path(name_or_path), ec)) {
    loaded = load_file_set(fs::path(name_or_path));
  } else {
    throw VariantError({{std::string(name_or_path), 0, 0,
                         "unknown rule set " + in_quotes(name_or_path) +
                             " (known: " + known_names() + "; or give the path of a .toml file)"}});
  }
  RuleSetPtr set = loaded.issues.empty() ? build(loaded) : nullptr;
  if (!set) throw VariantError(std::move(loaded.issues));
  return set;
}

RuleSetPtr load_record_variant(std::string_view name_or_path,
                               const std::optional<std::filesystem::path>& folder) {
  if (find_embedded(name_or_path)) return load_variant(name_or_path);
  const fs::path path(name_or_path);
  std::string problem;
  if (!folder) {
    problem = "unknown rule set " + in_quotes(name_or_path) + " (known: " + known_names() +
              "; a record read from a file may also name a .toml file in its folder)";
  } else if (!name_or_path.ends_with(".toml")) {
    problem = "unknown rule set " + in_quotes(name_or_path) + " (known: " + known_names() +
              "; or the path of a .toml file in the record's folder)";
  } else if (path.is_absolute() || path.has_root_name() || path.has_root_directory()) {
    problem = "a record may name a rule set file only by a path relative to its folder, not " +
              in_quotes(name_or_path);
  } else {
    for (const fs::path& part : path) {
      if (part == "..") {
        problem = "a record may name a rule set file only inside its folder, not " +
                  in_quotes(name_or_path);
      }
    }
  }
  if (!problem.empty()) throw VariantError({{std::string(name_or_path), 0, 0, problem}});
  const fs::path base = folder->empty() ? fs::path(".") : *folder;
  Loaded loaded;
  loaded.origin = (base / path).lexically_normal().string();
  Loader loader(loaded);
  loader.confine_to(base);
  loaded.rules = loader.file((base / path).lexically_normal(), nullptr);
  if (loaded.issues.empty()) check_merged(loaded);
  RuleSetPtr set = loaded.issues.empty() ? build(loaded) : nullptr;
  if (!set) throw VariantError(std::move(loaded.issues));
  return set;
}

}  // namespace jungle
