#include "core/variant_schema.h"

#include <algorithm>
#include <array>
#include <functional>

#include "core/geometry.h"
#include "core/spelling_hints.h"
#include "core/text_util.h"

namespace jungle::rule_file {

namespace {

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

using Reader = std::function<void(FileReader&, const toml::node&, Rules&, const std::string&)>;

struct Field {
  std::string_view table;
  std::string_view key;
  Reader read;
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

// A list of square names ("d1"), read as files and ranks: whether they lie on
// the board is checked once the board's size is known (board_problem).
bool read_squares(FileReader& r, const toml::node& node, const std::string& what,
                  std::vector<BoardSquare>& out) {
  const toml::array* list = node.as_array();
  if (!list) {
    r.wrong_type(node, what, "a list of square names like [\"d1\", \"d9\"]");
    return false;
  }
  std::vector<BoardSquare> squares;
  for (const toml::node& item : *list) {
    const toml::value<std::string>* name = item.as_string();
    BoardSquare square;
    if (!name || !Geometry::parse_coordinates(name->get(), square.file, square.rank)) {
      r.issue(item.source(), what + ": " +
                                 (name ? in_quotes(name->get()) : std::string("a value")) +
                                 " is not a square name like 'd1'");
      return false;
    }
    squares.push_back(square);
  }
  out = std::move(squares);
  return true;
}

Reader squares_field(std::vector<BoardSquare> Rules::*member) {
  return [member](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    read_squares(r, node, what, rules.*member);
  };
}

Reader traps_field(Side side) {
  return [side](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    read_squares(r, node, what, rules.trap_squares[side]);
  };
}

// The older key for both directions of captures across the water's edge.
Reader across_edge_field() {
  return [](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    if (const toml::value<bool>* b = node.as_boolean()) {
      rules.set_capture_across_water_edge(b->get());
    } else {
      r.wrong_type(node, what, "true or false");
    }
  };
}

template <typename Enum>
Reader enum_field(Enum Rules::*member, std::vector<std::pair<std::string_view, Enum>> values) {
  return [=](FileReader& r, const toml::node& node, Rules& rules, const std::string& what) {
    std::string expected;
    for (size_t i = 0; i < values.size(); ++i) {
      if (i > 0) expected += i + 1 == values.size() ? " or " : ", ";
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "\"" + string.
      expected += '"';
      expected += values[i].first;
      expected += '"';
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
      {"capture", "elephant_never_takes_rat", bool_field(&Rules::elephant_never_takes_rat)},
      {"capture", "across_water_edge", across_edge_field()},
      {"capture", "water_to_land", bool_field(&Rules::capture_water_to_land)},
      {"capture", "land_to_water", bool_field(&Rules::capture_land_to_water)},
      {"capture", "rat_takes_elephant_from_water",
       bool_field(&Rules::rat_takes_elephant_from_water)},
      {"board", "files", count_field(&Rules::files, 1, Geometry::kMaxFiles)},
      {"board", "ranks", count_field(&Rules::ranks, 1, Geometry::kMaxSquares)},
      {"board", "dens", squares_field(&Rules::dens)},
      {"board", "blue_traps", traps_field(kBlue)},
      {"board", "red_traps", traps_field(kRed)},
      {"board", "water", squares_field(&Rules::water_squares)},
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
      {"traps", "trapped_rank",
       enum_field<TrappedRank>(&Rules::trapped_rank,
                               {{"defence", TrappedRank::kDefence}, {"zero", TrappedRank::kZero}})},
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
      {"hidden", "setup",
       enum_field<HiddenSetup>(&Rules::hidden_setup, {{"shuffled", HiddenSetup::kShuffled},
                                                      {"chosen", HiddenSetup::kChosen},
                                                      {"fixed", HiddenSetup::kFixed}})},
      {"hidden", "reveal",
       enum_field<HiddenReveal>(&Rules::hidden_reveal, {{"both", HiddenReveal::kBoth},
                                                        {"loser", HiddenReveal::kLoser},
                                                        {"none", HiddenReveal::kNone}})},
      {"hidden", "failed_attack",
       enum_field<FailedAttack>(&Rules::failed_attack,
                                {{"attacker_dies", FailedAttack::kAttackerDies},
                                 {"bounce", FailedAttack::kBounce},
                                 {"refused", FailedAttack::kRefused}})},
  };
  return kFields;
}

const std::vector<std::string_view>& table_names() {
  static const std::vector<std::string_view> kTables = {
      "ranks", "capture", "board", "water", "jumps", "traps", "den", "end", "pieces", "hidden"};
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

std::vector<std::string_view> keys_of(std::string_view table) {
  std::vector<std::string_view> keys;
  for (const Field& f : schema()) {
    if (f.table == table) keys.push_back(f.key);
  }
  return keys;
}

}  // namespace

Place place_of(const std::string& origin, const toml::source_region& region) {
  return {origin, int(region.begin.line), int(region.begin.column)};
}

void FileReader::issue(const toml::source_region& region, std::string message) {
  Place p = place(region);
  out_.issues.push_back({p.origin, p.line, p.column, std::move(message)});
}

void FileReader::wrong_type(const toml::node& node, const std::string& what,
                            std::string_view expected) {
  issue(node.source(), what + " must be " + std::string(expected) + ", not " + type_name(node));
}

bool FileReader::animal_set(const toml::node& node, const std::string& what, AnimalSet& out) {
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

void FileReader::unknown_animal(const toml::source_region& region, std::string_view name,
                                const std::string& where) {
  static const std::vector<std::string_view> kNames = {"rat",     "cat",   "dog",     "wolf",
                                                       "leopard", "tiger", "lion",    "elephant",
                                                       "mouse",   "fox",   "panther", "cougar"};
  std::string_view guess = closest_spelling(lower(name), kNames);
  issue(region, "unknown animal " + in_quotes(name) + " in " + where +
                    (guess.empty() ? std::string(" (animals: rat, cat, dog, wolf, leopard, "
                                                 "tiger, lion, elephant)")
                                   : " (did you mean " + in_quotes(guess) + "?)"));
}

void FileReader::record(const std::string& field, const toml::node& node) {
  out_.places[field] = place(node.source());
}

bool is_table_name(std::string_view key) {
  return std::find(table_names().begin(), table_names().end(), key) != table_names().end();
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

std::string unknown_key_message(std::string_view key, std::string_view table) {
  std::string where = table.empty() ? "at the top level" : "in [" + std::string(table) + "]";
  std::string message = "unknown key " + in_quotes(key) + " " + where;
  std::vector<std::string_view> candidates = table.empty() ? top_level_keys() : keys_of(table);
  std::string_view guess = closest_spelling(key, candidates);
  if (!guess.empty()) return message + " (did you mean " + in_quotes(guess) + "?)";
  for (const Field& f : schema()) {
    if (f.key == key) return message + " (it belongs in [" + std::string(f.table) + "])";
  }
  Animal a;
  if (table.empty() && parse_animal_name(key, a)) return message + " (ranks go in [ranks])";
  return message + " (known keys: " +
         join(std::vector<std::string>(candidates.begin(), candidates.end()), ", ") + ")";
}

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

}  // namespace jungle::rule_file
