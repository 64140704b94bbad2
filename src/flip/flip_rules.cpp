#include "flip/flip_rules.h"

#include <toml++/toml.h>
#include <algorithm>
#include <system_error>

#include "core/file_io.h"
#include "flip/embedded_flip_variants.h"

namespace jungle::flip {

namespace {

constexpr std::string_view kDisplayOrder[] = {"flip", "flip-fixed", "flip-jungle"};

const EmbeddedVariant* find_embedded_flip(std::string_view name) {
  for (const EmbeddedVariant& v : embedded_flip_variants()) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

std::string place(std::string_view origin, const toml::source_region& at) {
  return std::string(origin) + ":" + std::to_string(at.begin.line) + ":" +
         std::to_string(at.begin.column) + ": ";
}

[[noreturn]] void fail(std::string_view origin, const toml::node& node, const std::string& what) {
  throw FlipRulesError(place(origin, node.source()) + what);
}

bool read_bool(std::string_view origin, const toml::node& node, std::string_view key) {
  if (const auto* v = node.as_boolean()) return v->get();
  fail(origin, node, "'" + std::string(key) + "' must be true or false");
}

int read_int(std::string_view origin, const toml::node& node, std::string_view key, int max) {
  if (const auto* v = node.as_integer(); v && v->get() >= 0 && v->get() <= max) {
    return int(v->get());
  }
  fail(origin, node,
       "'" + std::string(key) + "' must be a whole number from 0 to " + std::to_string(max));
}

// The value of a string key that must be one of `choices`; returns its index.
size_t read_choice(std::string_view origin, const toml::node& node, std::string_view key,
                   std::initializer_list<std::string_view> choices) {
  std::string list;
  for (std::string_view c : choices) list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
  if (const auto* v = node.as_string()) {
    size_t i = 0;
    for (std::string_view c : choices) {
      if (v->get() == c) return i;
      ++i;
    }
  }
  fail(origin, node, "'" + std::string(key) + "' must be one of " + list);
}

void read_flip_table(std::string_view origin, const toml::table& table, FlipRules& rules) {
  for (const auto& [key, node] : table) {
    const std::string_view k = key.str();
    if (k == "colours") {
      rules.colours = read_choice(origin, node, k, {"first-flip", "fixed"}) == 0
                          ? Colours::kFirstFlip
                          : Colours::kFixed;
    } else if (k == "equal_ranks") {
      rules.equal_ranks = read_choice(origin, node, k, {"both-die", "attacker-takes"}) == 0
                              ? EqualRanks::kBothDie
                              : EqualRanks::kAttackerTakes;
    } else if (k == "rat_takes_elephant") {
      rules.rat_takes_elephant = read_bool(origin, node, k);
    } else if (k == "elephant_takes_rat") {
      rules.elephant_takes_rat = read_bool(origin, node, k);
    } else if (k == "suicide") {
      rules.suicide = read_bool(origin, node, k);
    } else if (k == "flip_tiles") {
      rules.flip_tiles = read_choice(origin, node, k, {"any", "adjacent"}) == 0
                             ? FlipTiles::kAny
                             : FlipTiles::kAdjacent;
    } else if (k == "quiet_limit") {
      rules.quiet_limit = read_int(origin, node, k, 1000);
    } else if (k == "repetitions") {
      rules.repetitions = read_int(origin, node, k, 100);
      if (rules.repetitions == 1) fail(origin, node, "'repetitions' must be 0 (none) or 2 or more");
    } else if (k == "strongest_wins") {
      rules.strongest_wins = read_bool(origin, node, k);
    } else {
      fail(origin, node, "unknown key '" + std::string(k) + "' in [flip]");
    }
  }
}

std::string read_text(std::string_view name_or_path) {
  if (const EmbeddedVariant* v = find_embedded_flip(name_or_path)) return std::string(v->text);
  try {
    return read_small_file(std::filesystem::path(name_or_path), kMaxRuleFileBytes);
  } catch (const FileReadError& e) {
    throw FlipRulesError(e.what());
  }
}

}  // namespace

std::vector<std::string> builtin_flip_names() {
  std::vector<std::string> names;
  for (std::string_view name : kDisplayOrder) {
    if (find_embedded_flip(name)) names.emplace_back(name);
  }
  for (const EmbeddedVariant& v : embedded_flip_variants()) {
    if (std::find(names.begin(), names.end(), v.name) == names.end()) names.emplace_back(v.name);
  }
  return names;
}

bool is_flip_variant(std::string_view name_or_path) {
  if (find_embedded_flip(name_or_path)) return true;
  if (!name_or_path.ends_with(".toml")) return false;
  try {
    const std::string text =
        read_small_file(std::filesystem::path(name_or_path), kMaxRuleFileBytes);
    const toml::table doc = toml::parse(text, std::string(name_or_path));
    return doc["game"]["kind"].value_or(std::string()) == "flip";
  } catch (const std::exception&) {
    return false;
  }
}

FlipRules parse_flip_rules(std::string_view toml_text, std::string_view origin) {
  toml::table doc;
  try {
    doc = toml::parse(toml_text, std::string(origin));
  } catch (const toml::parse_error& e) {
    throw FlipRulesError(place(origin, e.source()) + std::string(e.description()));
  }
  FlipRules rules;
  rules.name = std::filesystem::path(origin).stem().string();
  bool kind_seen = false;
  for (const auto& [key, node] : doc) {
    const std::string_view k = key.str();
    if (k == "name") {
      if (!node.as_string()) fail(origin, node, "'name' must be a string");
      rules.name = node.as_string()->get();
    } else if (k == "description") {
      if (!node.as_string()) fail(origin, node, "'description' must be a string");
      rules.description = node.as_string()->get();
    } else if (k == "game") {
      const toml::table* game = node.as_table();
      if (!game) fail(origin, node, "[game] must be a table");
      for (const auto& [gk, gn] : *game) {
        if (gk.str() != "kind")
          fail(origin, gn, "unknown key '" + std::string(gk.str()) + "' in [game]");
        if (read_choice(origin, gn, "kind", {"flip"}) == 0) kind_seen = true;
      }
    } else if (k == "flip") {
      const toml::table* table = node.as_table();
      if (!table) fail(origin, node, "[flip] must be a table");
      read_flip_table(origin, *table, rules);
    } else {
      fail(origin, node, "unknown key '" + std::string(k) + "'");
    }
  }
  if (!kind_seen) {
    throw FlipRulesError(std::string(origin) + ": a flip rule set needs [game] kind = \"flip\"");
  }
  return rules;
}

FlipRulesPtr load_flip_rules(std::string_view name_or_path) {
  const bool shipped = find_embedded_flip(name_or_path) != nullptr;
  if (!shipped && !name_or_path.ends_with(".toml")) {
    std::string known;
    for (const std::string& n : builtin_flip_names()) known += (known.empty() ? "" : ", ") + n;
    throw FlipRulesError("unknown flip rule set '" + std::string(name_or_path) +
                         "' (known: " + known + "; or the path of a .toml file)");
  }
  const std::string origin =
      shipped ? "<builtin " + std::string(name_or_path) + ">" : std::string(name_or_path);
  FlipRules rules = parse_flip_rules(read_text(name_or_path), origin);
  if (shipped) rules.name = std::string(name_or_path);
  return std::make_shared<const FlipRules>(std::move(rules));
}

}  // namespace jungle::flip
