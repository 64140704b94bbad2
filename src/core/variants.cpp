#include "core/variants.h"

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>

#include "core/embedded_variants.h"
#include "core/file_io.h"

namespace jungle {

namespace fs = std::filesystem;

std::string VariantIssue::to_string() const {
  std::string text = origin;
  // A problem with the whole file (a missing file, a cycle) has no place to point at.
  if (line > 0) text += ":" + std::to_string(line) + ":" + std::to_string(column);
  return text + ": " + message;
}

namespace {

std::string join_issues(const std::vector<VariantIssue>& issues) {
  std::string text;
  for (const VariantIssue& issue : issues) {
    if (!text.empty()) text += '\n';
    text += issue.to_string();
  }
  return text.empty() ? std::string("invalid rule set") : text;
}

}  // namespace

VariantError::VariantError(std::vector<VariantIssue> issues)
    : std::runtime_error(join_issues(issues)), issues_(std::move(issues)) {}

namespace {

// The order players see the shipped sets in: the standard game first, then
// published versions, then single-rule changes, then the bigger departures.
constexpr std::string_view kDisplayOrder[] = {
    "standard",           "bush",          "wikipedia",        "dog-swims",       "universal-traps",
    "elephant-takes-rat", "leopard-jumps", "lion-tiger-equal", "tiger-over-lion", "anti-draw",
    "animal-checkers",
};

const EmbeddedVariant* find_embedded(std::string_view name) {
  for (const EmbeddedVariant& v : embedded_variants()) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

std::string known_names() {
  std::string text;
  for (const std::string& name : builtin_variant_names()) {
    if (!text.empty()) text += ", ";
    text += name;
  }
  return text;
}

std::string in_quotes(std::string_view s) {
  return "'" + std::string(s) + "'";
}

// Levenshtein distance, for "did you mean" hints on misspelt keys and animals.
int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = int(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = int(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The closest candidate when it is close enough to be a likely typo, else "".
std::string_view closest(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  int best_distance = word.size() < 4 ? 1 : 2;
  for (std::string_view candidate : candidates) {
    int d = edit_distance(word, candidate);
    if (d <= best_distance && (best.empty() || d < best_distance)) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

struct Place {
  std::string origin;
  int line = 0;
  int column = 0;
};

Place place_of(const std::string& origin, const toml::source_region& region) {
  return {origin, int(region.begin.line), int(region.begin.column)};
}

// What loading one rule set (with its whole inheritance chain) produced.
struct Loaded {
  std::string origin;  // of the set asked for, for problems that belong to no line
  Rules rules;
  std::vector<VariantIssue> issues;
  // Where the value of each "table.key" in force was written (the last file in
  // the chain that wrote it), to place problems found only after merging.
  std::map<std::string, Place> places;
};

// --- The schema ---------------------------------------------------------------

class FileReader;
using Reader = std::function<void(FileReader&, const toml::node&, Rules&, const std::string&)>;

struct Field {
  std::string_view table;
  std::string_view key;
  Reader read;
};

// Problems are reported against one file; FileReader carries its origin.
class FileReader {
 public:
  FileReader(Loaded& out, std::string origin) : out_(out), origin_(std::move(origin)) {}

  Place place(const toml::source_region& region) const { return place_of(origin_, region); }

  void issue(const toml::source_region& region, std::string message) {
    Place p = place(region);
    out_.issues.push_back({p.origin, p.line, p.column, std::move(message)});
  }
  void wrong_type(const toml::node& node, const std::string& what, std::string_view expected) {
    issue(node.source(), what + " must be " + std::string(expected) + ", not " + type_name(node));
  }

  // Reads an animal set; returns false (after reporting) when it is malformed.
  bool animal_set(const toml::node& node, const std::string& what, AnimalSet& out) {
    static constexpr std::string_view kExpected = "an array of animal names, \"all\" or \"none\"";
    if (const toml::value<std::string>* word = node.as_string()) {
      if (word->get() == "all") {
        out = AnimalSet::all();
        return true;
      }
      if (word->get() == "none") {
        out = AnimalSet::none();
        return true;
      }
      Animal a;
      std::string hint = parse_animal_name(word->get(), a)
                             ? " (write [\"" + word->get() + "\"] for a single animal)"
                             : "";
      issue(node.source(),
            what + " must be " + std::string(kExpected) + ", not " + in_quotes(word->get()) + hint);
      return false;
    }
    const toml::array* array = node.as_array();
    if (!array) {
      wrong_type(node, what, kExpected);
      return false;
    }
    AnimalSet set;
    bool ok = true;
    for (const toml::node& element : *array) {
      const toml::value<std::string>* name = element.as_string();
      if (!name) {
        wrong_type(element, "each animal in " + what, "a string");
        ok = false;
        continue;
      }
      Animal a;
      if (!parse_animal_name(name->get(), a)) {
        unknown_animal(element.source(), name->get(), what);
        ok = false;
      } else if (set.contains(a)) {
        issue(element.source(), std::string(animal_name(a)) + " appears twice in " + what);
        ok = false;
      } else {
        set.insert(a);
      }
    }
    if (ok) out = set;
    return ok;
  }

  void unknown_animal(const toml::source_region& region, std::string_view name,
                      const std::string& where) {
    static const std::vector<std::string_view> kNames = {"rat",     "cat",   "dog",     "wolf",
                                                         "leopard", "tiger", "lion",    "elephant",
                                                         "mouse",   "fox",   "panther", "cougar"};
    std::string lower(name);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    std::string_view guess = closest(lower, kNames);
    issue(region, "unknown animal " + in_quotes(name) + " in " + where +
                      (guess.empty() ? std::string(" (animals: rat, cat, dog, wolf, leopard, "
                                                   "tiger, lion, elephant)")
                                     : " (did you mean " + in_quotes(guess) + "?)"));
  }

  void record(const std::string& field, const toml::node& node) {
    out_.places[field] = place(node.source());
  }

 private:
  Loaded& out_;
  std::string origin_;
};

Reader bool_field(bool Rules::*member) {
  return [member](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    if (const toml::value<bool>* b = node.as_boolean()) {
      rules.*member = b->get();
    } else {
      r.wrong_type(node, what, "true or false");
    }
  };
}

// Upper bounds keep counters within what Position stores per piece and side.
Reader count_field(int Rules::*member, int low, int high) {
  return [=](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    const toml::value<int64_t>* n = node.as_integer();
    if (!n) {
      r.wrong_type(node, what, "a whole number");
    } else if (n->get() < low || n->get() > high) {
      r.issue(node.source(), what + " = " + std::to_string(n->get()) + " is outside " +
                                 std::to_string(low) + ".." + std::to_string(high));
    } else {
      rules.*member = int(n->get());
    }
  };
}

Reader set_field(AnimalSet Rules::*member) {
  return [member](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    r.animal_set(node, what, rules.*member);
  };
}

template <typename Enum>
Reader enum_field(Enum Rules::*member, std::vector<std::pair<std::string_view, Enum>> values) {
  return [=](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    std::string expected;
    for (size_t i = 0; i < values.size(); ++i) {
      if (i > 0) expected += i + 1 == values.size() ? " or " : ", ";
      expected += "\"" + std::string(values[i].first) + "\"";
    }
    const toml::value<std::string>* word = node.as_string();
    if (!word) {
      r.wrong_type(node, what, expected);
      return;
    }
    for (const auto& [text, value] : values) {
      if (word->get() == text) {
        rules.*member = value;
        return;
      }
    }
    r.issue(node.source(), "unknown value " + in_quotes(word->get()) + " for " + what +
                               " (expected " + expected + ")");
  };
}

const std::vector<Field>& schema() {
  static const std::vector<Field> kFields = {
      {"capture", "rat_takes_elephant", bool_field(&Rules::rat_takes_elephant)},
      {"capture", "elephant_takes_rat", bool_field(&Rules::elephant_takes_rat)},
      {"capture", "across_water_edge", bool_field(&Rules::capture_across_water_edge)},
      {"capture", "rat_takes_elephant_from_water",
       bool_field(&Rules::rat_takes_elephant_from_water)},
      {"board", "has_water", bool_field(&Rules::has_water)},
      {"board", "has_traps", bool_field(&Rules::has_traps)},
      {"water", "swimmers", set_field(&Rules::swimmers)},
      {"water", "turn_limit", count_field(&Rules::water_turn_limit, 0, 200)},
      {"jumps", "vertical", set_field(&Rules::vertical_jumpers)},
      {"jumps", "horizontal", set_field(&Rules::horizontal_jumpers)},
      {"jumps", "vertical_unblocked", set_field(&Rules::vertical_jump_unblocked)},
      {"jumps", "horizontal_unblocked", set_field(&Rules::horizontal_jump_unblocked)},
      {"traps", "weaken",
       enum_field<TrapRule>(&Rules::traps, {{"opponent", TrapRule::kOpponentTrapsWeaken},
                                            {"all", TrapRule::kAllTrapsWeaken}})},
      {"traps", "may_enter_own", set_field(&Rules::may_enter_own_traps)},
      {"traps", "may_enter", set_field(&Rules::may_enter_traps)},
      {"den", "own_allowed", bool_field(&Rules::own_den_allowed)},
      {"den", "food_limit", count_field(&Rules::den_food_limit, 0, 60000)},
      {"end", "no_legal_move",
       enum_field<NoMoveRule>(&Rules::no_legal_move,
                              {{"loss", NoMoveRule::kLoses}, {"draw", NoMoveRule::kDraw}})},
      {"end", "repetition",
       enum_field<RepetitionRule>(&Rules::repetition, {{"draw", RepetitionRule::kDraw},
                                                       {"bush", RepetitionRule::kBush},
                                                       {"none", RepetitionRule::kNone}})},
      {"end", "repetition_count", count_field(&Rules::repetition_count, 2, 100)},
      {"end", "no_capture_limit", count_field(&Rules::no_capture_limit, 0, 1000000)},
      {"pieces", "unique", bool_field(&Rules::unique_pieces)},
      {"pieces", "hidden", bool_field(&Rules::hidden_pieces)},
  };
  return kFields;
}

const std::vector<std::string_view>& table_names() {
  static const std::vector<std::string_view> kTables = {
      "ranks", "capture", "board", "water", "jumps", "traps", "den", "end", "pieces"};
  return kTables;
}

const std::vector<std::string_view>& top_level_keys() {
  static const std::vector<std::string_view> kKeys = [] {
    std::vector<std::string_view> keys = {"name", "inherits", "description", "start"};
    keys.insert(keys.end(), table_names().begin(), table_names().end());
    return keys;
  }();
  return kKeys;
}

bool is_table_name(std::string_view key) {
  return std::find(table_names().begin(), table_names().end(), key) != table_names().end();
}

std::vector<std::string_view> keys_of(std::string_view table) {
  std::vector<std::string_view> keys;
  for (const Field& f : schema()) {
    if (f.table == table) keys.push_back(f.key);
  }
  return keys;
}

std::string list_text(const std::vector<std::string_view>& words) {
  std::string text;
  for (std::string_view w : words) {
    if (!text.empty()) text += ", ";
    text += w;
  }
  return text;
}

// "unknown key 'swimers' in [water] (did you mean 'swimmers'?)"
std::string unknown_key_message(std::string_view key, std::string_view table) {
  std::string where = table.empty() ? "at the top level" : "in [" + std::string(table) + "]";
  std::string message = "unknown key " + in_quotes(key) + " " + where;
  std::vector<std::string_view> candidates = table.empty() ? top_level_keys() : keys_of(table);
  std::string_view guess = closest(key, candidates);
  if (!guess.empty()) return message + " (did you mean " + in_quotes(guess) + "?)";
  for (const Field& f : schema()) {
    if (f.key == key) return message + " (it belongs in [" + std::string(f.table) + "])";
  }
  Animal a;
  if (table.empty() && parse_animal_name(key, a)) return message + " (ranks go in [ranks])";
  return message + " (known keys: " + list_text(candidates) + ")";
}

// Only the shape: Position checks the rest (pieces on squares they may not
// stand on, duplicates, counters) when RuleSet::make sets the start up.
std::string fen_shape_problem(std::string_view fen) {
  std::istringstream in{std::string(fen)};
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  if (fields.size() < 2) return "a FEN needs a placement and a side to move";
  if (fields.size() > 6) return "a FEN has at most 6 fields, not " + std::to_string(fields.size());
  std::vector<std::string> ranks;
  std::string current;
  for (char c : fields[0]) {
    if (c == '/') {
      ranks.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  ranks.push_back(current);
  if (int(ranks.size()) != kRanks) {
    return "the placement must have 9 ranks separated by '/', not " + std::to_string(ranks.size());
  }
  for (int i = 0; i < kRanks; ++i) {
    int files = 0;
    Animal a;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '7') {
        files += c - '0';
      } else if (parse_animal_letter(c, a)) {
        ++files;
      } else {
        return "rank " + std::to_string(kRanks - i) + " has an unknown piece letter '" +
               std::string(1, c) + "'";
      }
    }
    if (files != kFiles) {
      return "rank " + std::to_string(kRanks - i) + " has " + std::to_string(files) +
             " files, not 7";
    }
  }
  if (fields[1] != "w" && fields[1] != "b") {
    return "the side to move must be 'w' or 'b', not '" + fields[1] + "'";
  }
  return "";
}

// toml::table iterates by key; problems read better in the order they were written.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(
    const toml::table& table) {
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [key, node] : table) entries.emplace_back(&key, &node);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const toml::source_position& pa = a.first->source().begin;
    const toml::source_position& pb = b.first->source().begin;
    return std::pair(pa.line, pa.column) < std::pair(pb.line, pb.column);
  });
  return entries;
}

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

// --- Loading ------------------------------------------------------------------

class Loader {
 public:
  explicit Loader(Loaded& out) : out_(out) {}

  // Files outside `folder` (after following links) are refused from now on.
  void confine_to(const fs::path& folder) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(folder.empty() ? fs::path(".") : folder, ec);
    confined_to_ = ec ? folder.lexically_normal() : canonical;
  }

  // `from` is the `inherits` that names the set; nullptr for the set asked for.
  Rules builtin(std::string_view name, const Place* from) {
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

  Rules file(const fs::path& path, const Place* from) {
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

  // `shipped` names the embedded set being read (its name must match), or "".
  Rules text(std::string_view toml_text, const std::string& origin, const fs::path& base_dir,
             const std::string& identity, std::string_view shipped,
             std::string_view default_name = {}) {
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
          std::string problem = fen_shape_problem(value->get());
          if (!problem.empty()) {
            reader.issue(node.source(), "start position: " + problem);
          } else {
            rules.start_fen = value->get();
            reader.record("start", node);
          }
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

 private:
  void add(const Place& at, std::string message) {
    out_.issues.push_back({at.origin, at.line, at.column, std::move(message)});
  }

  bool in_cycle(const std::string& identity, const std::string& origin, const Place* from) {
    auto it = std::find_if(chain_.begin(), chain_.end(),
                           [&](const auto& link) { return link.first == identity; });
    if (it == chain_.end()) return false;
    std::string path;
    for (; it != chain_.end(); ++it) path += it->second + " -> ";
    add(from ? *from : Place{origin}, "inheritance cycle: " + path + origin);
    return true;
  }

  static bool is_inside(const fs::path& path, const fs::path& folder) {
    auto p = path.begin();
    for (auto f = folder.begin(); f != folder.end(); ++f, ++p) {
      if (f->empty()) continue;  // the trailing "" of "dir/"
      if (p == path.end() || *p != *f) return false;
    }
    return true;
  }

  Rules parent_rules(const std::string& value, const fs::path& base_dir, bool shipped,
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

  void read_ranks(FileReader& reader, const toml::table& table, Rules& rules) {
    std::array<std::string, kAnimals> seen;
    for (auto [key_ptr, node_ptr] : in_file_order(table)) {
      const toml::key& key = *key_ptr;
      const toml::node& node = *node_ptr;
      std::string k(key.str());
      Animal a;
      if (!parse_animal_name(k, a)) {
        reader.unknown_animal(key.source(), k, "[ranks]");
        continue;
      }
      if (!seen[a].empty()) {
        reader.issue(key.source(), "the rank of the " + std::string(animal_name(a)) +
                                       " is given twice (" + in_quotes(seen[a]) + " and " +
                                       in_quotes(k) + ")");
        continue;
      }
      seen[a] = k;
      const toml::value<int64_t>* n = node.as_integer();
      std::string what = "[ranks] " + k;
      if (!n) {
        reader.wrong_type(node, what, "a whole number");
      } else if (n->get() < 0 || n->get() > 15) {
        reader.issue(node.source(), what + " = " + std::to_string(n->get()) + " is outside 0..15");
      } else {
        rules.rank[a] = int(n->get());
      }
    }
  }

  void read_table(FileReader& reader, const std::string& name, const toml::table& table,
                  Rules& rules) {
    for (auto [key_ptr, node_ptr] : in_file_order(table)) {
      const toml::key& key = *key_ptr;
      const toml::node& node = *node_ptr;
      std::string k(key.str());
      auto field = std::find_if(schema().begin(), schema().end(),
                                [&](const Field& f) { return f.table == name && f.key == k; });
      if (field == schema().end()) {
        reader.issue(key.source(), unknown_key_message(k, name));
        continue;
      }
      field->read(reader, node, rules, "[" + name + "] " + k);
      reader.record(name + "." + k, node);
    }
  }

  Loaded& out_;
  std::vector<std::pair<std::string, std::string>> chain_;  // identity, origin
  std::optional<fs::path> confined_to_;
};

// Problems that only the merged chain shows; each points at the line that set the value.
void check_merged(Loaded& loaded) {
  const Rules& r = loaded.rules;
  if (r.den_food_limit > 0 && !r.own_den_allowed) {
    auto it = loaded.places.find("den.food_limit");
    Place at = it != loaded.places.end() ? it->second : Place{loaded.origin};
    loaded.issues.push_back({at.origin, at.line, at.column,
                             "[den] food_limit needs own_allowed = true (a den the side may "
                             "not enter cannot be occupied)"});
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

// Builds the RuleSet, turning its objections into issues; nullptr when it refused.
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

}  // namespace

std::vector<std::string> builtin_variant_names() {
  std::vector<std::string> names;
  for (std::string_view name : kDisplayOrder) {
    if (find_embedded(name)) names.emplace_back(name);
  }
  // A set added to variants/ but not to kDisplayOrder still shows, after the others.
  for (const EmbeddedVariant& v : embedded_variants()) {
    if (std::find(names.begin(), names.end(), v.name) == names.end()) names.emplace_back(v.name);
  }
  return names;
}

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

}  // namespace jungle

namespace jungle {

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
