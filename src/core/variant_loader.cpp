#include "core/variant_loader.h"

#include <algorithm>
#include <system_error>

#include "core/fen.h"
#include "core/file_io.h"
#include "core/shipped_variants.h"
#include "core/text_util.h"

namespace jungle::rule_file {

namespace fs = std::filesystem;

namespace {

// --- Text the TOML parser is not given ----------------------------------------

// The length of the UTF-8 sequence at `i`, or 0 when it is not a valid one
// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF).
size_t utf8_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned min = 0, code = 0;
  if ((c & 0xE0) == 0xC0) {
    n = 2, min = 0x80, code = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3, min = 0x800, code = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4, min = 0x10000, code = c & 0x07;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

// What in a rule file's text must not reach the TOML parser (toml++ 3.3
// stops on an assertion or worse on a NUL byte or a non-ASCII bare key), or
// "" when nothing does; `at` receives its line and column. Everything else,
// broken TOML included, the parser reports itself.
std::string toml_input_problem(std::string_view text, Place& at) {
  enum class In { kCode, kComment, kBasic, kLiteral, kMultiBasic, kMultiLiteral };
  In in = In::kCode;
  int line = 1, column = 1;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    at.line = line;
    at.column = column;
    if (c == '\0') return "a NUL byte; a rule file is text";
    const size_t n = utf8_length(text, i);
    if (n == 0) return "a byte that is not UTF-8 text";
    if (n > 1 && in == In::kCode) {
      return "a non-ASCII character outside a string or comment (keys must be ASCII; quote "
             "other text)";
    }
    size_t step = n;
    const std::string_view rest = text.substr(i);
    switch (in) {
      case In::kCode:
        if (c == '#') {
          in = In::kComment;
        } else if (rest.starts_with("\"\"\"")) {
          in = In::kMultiBasic, step = 3;
        } else if (rest.starts_with("'''")) {
          in = In::kMultiLiteral, step = 3;
        } else if (c == '"') {
          in = In::kBasic;
        } else if (c == '\'') {
          in = In::kLiteral;
        }
        break;
      case In::kComment:
        if (c == '\n') in = In::kCode;
        break;
      case In::kBasic:
      case In::kMultiBasic:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n' &&
            static_cast<unsigned char>(text[i + 1]) < 0x80 && text[i + 1] != '\0') {
          step = 2;  // an escaped character, '"' included
        } else if (in == In::kBasic && (c == '"' || c == '\n')) {
          in = In::kCode;  // an unclosed string is the parser's to report
        } else if (in == In::kMultiBasic && rest.starts_with("\"\"\"")) {
          in = In::kCode, step = 3;
        }
        break;
      case In::kLiteral:
        if (c == '\'' || c == '\n') in = In::kCode;
        break;
      case In::kMultiLiteral:
        if (rest.starts_with("'''")) in = In::kCode, step = 3;
        break;
    }
    for (size_t k = 0; k < step; ++k) {
      const unsigned char b = static_cast<unsigned char>(text[i + k]);
      if (b == '\n') {
        ++line;
        column = 1;
      } else if ((b & 0xC0) != 0x80) {
        ++column;  // one column a character, as the parser counts them
      }
    }
    i += step;
  }
  return {};
}

bool is_inside(const fs::path& path, const fs::path& folder) {
  auto p = path.begin();
  for (auto f = folder.begin(); f != folder.end(); ++f, ++p) {
    if (f->empty()) continue;  // the trailing "" of "dir/"
    if (p == path.end() || *p != *f) return false;
  }
  return true;
}

}  // namespace

void Loader::confine_to(const fs::path& folder) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(folder.empty() ? fs::path(".") : folder, ec);
  confined_to_ = ec ? folder.lexically_normal() : canonical;
}

Rules Loader::builtin(std::string_view name, const Place* from) {
  std::string identity = "builtin:" + std::string(name);
  std::string origin = "<builtin " + std::string(name) + ">";
  const EmbeddedVariant* variant = find_embedded(name);
  if (!variant) {
    add(from ? *from : Place{std::string(name)},
        "unknown rule set " + in_quotes(name) + " (known: " + known_names() + ")");
    return Rules{};
  }
  if (in_cycle(identity, origin, from)) return Rules{};
  return text(variant->text, origin, {}, identity, name);
}

Rules Loader::file(const fs::path& path, const Place* from) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  std::string identity = "file:" + (ec ? path.string() : canonical.string());
  std::string origin = path.string();
  if (in_cycle(identity, origin, from)) return Rules{};
  if (confined_to_ && (ec || !is_inside(canonical, *confined_to_))) {
    add(from ? *from : Place{origin},
        "the rule set file " + in_quotes(origin) + " is outside the folder " +
            in_quotes(confined_to_->string()) + " that it may be read from");
    return Rules{};
  }
  std::string content;
  try {
    content = read_small_file(path, kMaxRuleFileBytes);
  } catch (const FileReadError& e) {
    std::string problem = e.reason();
    if (from) problem += ": the parent rule set " + in_quotes(origin);
    add(from ? *from : Place{origin}, problem);
    return Rules{};
  }
  return text(content, origin, path.parent_path(), identity, "", path.stem().string());
}

Rules Loader::text(std::string_view toml_text, const std::string& origin, const fs::path& base_dir,
                   const std::string& identity, std::string_view shipped,
                   std::string_view default_name) {
  FileReader reader(out_, origin);
  Place bad{origin};
  if (std::string problem = toml_input_problem(toml_text, bad); !problem.empty()) {
    add(bad, problem);
    return Rules{};
  }
  toml::table doc;
  try {
    doc = toml::parse(toml_text, origin);
  } catch (const toml::parse_error& e) {
    reader.issue(e.source(), std::string(e.description()));
    return Rules{};
  }
  chain_.push_back({identity, origin});

  Rules rules;
  std::string parent = "standard";
  if (const toml::node* inherits = doc.get("inherits")) {
    if (const toml::value<std::string>* value = inherits->as_string()) {
      Place at = reader.place(inherits->source());
      rules = parent_rules(value->get(), base_dir, !shipped.empty(), at);
      parent = rules.name;
    } else {
      reader.wrong_type(*inherits, "inherits", "the name of a rule set or a path");
    }
  }
  // Keep each file's own problems in line order (the table iterates by key).
  size_t first_own_issue = out_.issues.size();

  const toml::node* name_node = nullptr;
  const toml::node* start_node = nullptr;
  bool has_description = false;
  for (auto [key_ptr, node_ptr] : in_file_order(doc)) {
    const toml::key& key = *key_ptr;
    const toml::node& node = *node_ptr;
    std::string k(key.str());
    if (k == "inherits") continue;
    if (k == "name" || k == "description" || k == "start") {
      const toml::value<std::string>* value = node.as_string();
      if (!value) {
        reader.wrong_type(node, k, "a string");
      } else if (k == "name") {
        name_node = &node;
        if (value->get().empty()) reader.issue(node.source(), "name must not be empty");
        rules.name = value->get();
      } else if (k == "description") {
        has_description = true;
        rules.description = value->get();
      } else {
        start_node = &node;  // read once [board] has given the board's size
      }
    } else if (is_table_name(k)) {
      if (const toml::table* table = node.as_table()) {
        if (k == "ranks") {
          read_ranks(reader, *table, rules);
        } else {
          read_table(reader, k, *table, rules);
        }
      } else {
        reader.wrong_type(node, k, "a table ([" + k + "])");
      }
    } else {
      reader.issue(key.source(), unknown_key_message(k, ""));
    }
  }

  if (start_node != nullptr) {
    // The FEN reader Position uses, for what the text says; where the pieces may
    // stand waits for the merged rules (build()).
    const std::string& fen = start_node->as_string()->get();
    try {
      if (Geometry::valid(rules.files, rules.ranks))
        read_fen(fen, Geometry(rules.files, rules.ranks));
      rules.start_fen = fen;
      reader.record("start", *start_node);
    } catch (const FenError& e) {
      reader.issue(start_node->source(), std::string("start position: ") + e.what());
    }
  }

  if (name_node == nullptr) {
    if (!shipped.empty()) {
      reader.issue(
          {}, "a shipped rule set must give its name (name = \"" + std::string(shipped) + "\")");
    }
    rules.name = std::string(default_name.empty() ? "custom" : default_name);
  } else if (!shipped.empty() && rules.name != shipped) {
    reader.issue(name_node->source(), "the name " + in_quotes(rules.name) +
                                          " differs from the file name " + in_quotes(shipped));
  }
  if (!has_description) rules.description = "Based on " + parent;

  std::stable_sort(out_.issues.begin() + long(first_own_issue), out_.issues.end(),
                   [](const VariantIssue& a, const VariantIssue& b) {
                     return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                   });
  chain_.pop_back();
  return rules;
}

void Loader::add(const Place& at, std::string message) {
  out_.issues.push_back({at.origin, at.line, at.column, std::move(message)});
}

bool Loader::in_cycle(const std::string& identity, const std::string& origin, const Place* from) {
  auto it = std::find_if(chain_.begin(), chain_.end(),
                         [&](const auto& link) { return link.first == identity; });
  if (it == chain_.end()) return false;
  std::string path;
  for (; it != chain_.end(); ++it) path += it->second + " -> ";
  add(from ? *from : Place{origin}, "inheritance cycle: " + path + origin);
  return true;
}

Rules Loader::parent_rules(const std::string& value, const fs::path& base_dir, bool shipped,
                           const Place& at) {
  bool looks_like_path = value.ends_with(".toml") || value.find('/') != std::string::npos ||
                         value.find('\\') != std::string::npos;
  if (!looks_like_path && find_embedded(value)) return builtin(value, &at);
  if (shipped) {
    add(at, "a shipped rule set may inherit only shipped sets, not " + in_quotes(value));
    return Rules{};
  }
  fs::path path(value);
  if (path.is_relative() && !base_dir.empty()) path = (base_dir / path).lexically_normal();
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    if (looks_like_path) {
      add(at, "parent rule set file " + in_quotes(path.string()) + " not found");
    } else {
      add(at, "unknown parent rule set " + in_quotes(value) + " (known: " + known_names() +
                  "; or give the path of a .toml file)");
    }
    return Rules{};
  }
  return file(path, &at);
}

void check_merged(Loaded& loaded) {
  const Rules& r = loaded.rules;
  if (std::optional<BoardProblem> problem = board_problem(r)) {
    auto it = loaded.places.find(problem->key);
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column, problem->message});
    return;  // the checks below, and build(), need a sound board
  }
  if (r.den_food_limit > 0 && !r.own_den_allowed) {
    auto it = loaded.places.find("den.food_limit");
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column,
                             "[den] food_limit needs own_allowed = true (a den the side may "
                             "not enter cannot be occupied)"});
  }
  // Hidden pieces: each side's deductions (src/hidden) follow one animal per
  // piece, and David Bush's rule judges the animal being chased, which the
  // mover may not know.
  if (r.hidden_pieces && !r.unique_pieces) {
    auto it = loaded.places.find("pieces.unique");
    if (it == loaded.places.end()) it = loaded.places.find("pieces.hidden");
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column,
                             "[pieces] hidden = true needs unique = true (each hidden piece "
                             "is one of its side's animals, each animal once)"});
  }
  if (r.hidden_pieces && r.repetition == RepetitionRule::kBush) {
    auto it = loaded.places.find("end.repetition");
    if (it == loaded.places.end()) it = loaded.places.find("pieces.hidden");
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column,
                             "[end] repetition = \"bush\" cannot be played with hidden pieces: "
                             "David Bush's rule judges the animal being chased, which the "
                             "mover may not know"});
  }
  if (r.elephant_takes_rat && r.elephant_never_takes_rat) {
    auto it = loaded.places.find("capture.elephant_never_takes_rat");
    if (it == loaded.places.end()) it = loaded.places.find("capture.elephant_takes_rat");
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column,
                             "[capture] elephant_takes_rat and elephant_never_takes_rat are both "
                             "true; set at most one"});
  }
}

Loaded load_builtin_set(std::string_view name) {
  Loaded loaded;
  loaded.origin = "<builtin " + std::string(name) + ">";
  Loader loader(loaded);
  loaded.rules = loader.builtin(name, nullptr);
  if (loaded.issues.empty()) check_merged(loaded);
  return loaded;
}

Loaded load_file_set(const fs::path& path) {
  Loaded loaded;
  loaded.origin = path.string();
  Loader loader(loaded);
  loaded.rules = loader.file(path, nullptr);
  if (loaded.issues.empty()) check_merged(loaded);
  return loaded;
}

RuleSetPtr build(Loaded& loaded) {
  Place at{loaded.origin};
  try {
    return RuleSet::make(loaded.rules);
  } catch (const std::invalid_argument& e) {
    std::string message = e.what();
    auto start = loaded.places.find("start");
    if (message.starts_with("start position") && start != loaded.places.end()) at = start->second;
    loaded.issues.push_back({at.origin, at.line, at.column, message});
  } catch (const std::exception& e) {
    loaded.issues.push_back({at.origin, 0, 0, e.what()});
  }
  return nullptr;
}

Rules rules_or_throw(Loaded& loaded) {
  if (!loaded.issues.empty()) throw VariantError(std::move(loaded.issues));
  return std::move(loaded.rules);
}

}  // namespace jungle::rule_file
