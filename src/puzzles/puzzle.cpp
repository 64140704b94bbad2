#include "puzzles/puzzle.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variants.h"

namespace jungle::puzzles {

namespace {

using nlohmann::json;

// FNV-1a: a hash that is the same on every machine and in every build, so
// that an id names the same puzzle for good.
uint64_t fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : text) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

// The placement and the side to move: the first two fields of a FEN.
std::string placement_and_side(const Position& pos) {
  const std::string fen = pos.fen();
  const size_t space = fen.find(' ');
  const size_t end = space == std::string::npos ? space : fen.find(' ', space + 1);
  return fen.substr(0, end);
}

class LineReader {
 public:
  LineReader(const json& object, int line) : object_(object), line_(line) {}

  [[noreturn]] void fail(std::string_view field, const std::string& message) const {
    throw PuzzleFormatError(line_, "field '" + std::string(field) + "' " + message);
  }
  const json& field(std::string_view name) const {
    const auto it = object_.find(name);
    if (it == object_.end()) fail(name, "is missing");
    return *it;
  }
  std::string string(std::string_view name) const {
    const json& v = field(name);
    if (!v.is_string()) fail(name, "must be a string");
    return v.get<std::string>();
  }
  int integer(std::string_view name, int low, int high) const {
    const json& v = field(name);
    if (!v.is_number_integer()) fail(name, "must be an integer");
    const int64_t n = v.get<int64_t>();
    if (n < low || n > high) {
      fail(name, "must be between " + std::to_string(low) + " and " + std::to_string(high) +
                     ", not " + std::to_string(n));
    }
    return int(n);
  }
  std::vector<std::string> strings(std::string_view name) const {
    const json& v = field(name);
    if (!v.is_array()) fail(name, "must be an array of strings");
    std::vector<std::string> out;
    for (const json& item : v) {
      if (!item.is_string()) fail(name, "must be an array of strings");
      out.push_back(item.get<std::string>());
    }
    return out;
  }

 private:
  const json& object_;
  int line_;
};

}  // namespace

std::string_view goal_name(Goal g) {
  return g == Goal::kWin ? "win" : "defend";
}

bool is_theme_name(std::string_view name) {
  return std::find(std::begin(kThemeNames), std::end(kThemeNames), name) != std::end(kThemeNames);
}

std::string puzzle_id(std::string_view variant, const Position& pos) {
  char text[17];
  std::snprintf(
      text, sizeof text, "%016llx",
      static_cast<unsigned long long>(fnv1a(std::string(variant) + " " + placement_and_side(pos))));
  return std::string(text, 12);
}

PuzzleFormatError::PuzzleFormatError(int line, const std::string& message)
    : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}

std::string puzzle_json(const Puzzle& p) {
  // Written field by field, in this order, so that the file reads the same
  // whatever the JSON library's ordering (ordered_json keeps insertion order).
  nlohmann::ordered_json j;
  j["id"] = p.id;
  j["variant"] = p.variant;
  j["fen"] = p.fen;
  j["goal"] = goal_name(p.goal);
  j["solution"] = p.solution;
  j["themes"] = p.themes;
  j["rating"] = p.rating;
  j["depth"] = p.depth;
  j["source"] = p.source;
  return j.dump();
}

Puzzle parse_puzzle_line(std::string_view text, int line) {
  const json object = json::parse(text.begin(), text.end(), nullptr, false);
  if (object.is_discarded()) throw PuzzleFormatError(line, "not valid JSON");
  if (!object.is_object()) throw PuzzleFormatError(line, "not a JSON object");
  const LineReader r(object, line);
  Puzzle p;
  p.id = r.string("id");
  p.variant = r.string("variant");
  RuleSetPtr rules;
  try {
    rules = load_record_variant(p.variant, std::nullopt);
  } catch (const std::exception&) {
    r.fail("variant", "names no shipped rule set: '" + p.variant + "'");
  }
  p.fen = r.string("fen");
  Position pos(rules);
  try {
    pos = Position::from_fen(p.fen, rules);
  } catch (const FenError& e) {
    r.fail("fen", std::string("is not a position: ") + e.what());
  }
  if (game_result(pos) != GameResult::kOngoing) r.fail("fen", "is a finished game");
  const std::string goal = r.string("goal");
  if (goal == "win") {
    p.goal = Goal::kWin;
  } else if (goal == "defend") {
    p.goal = Goal::kDefend;
  } else {
    r.fail("goal", "must be \"win\" or \"defend\", not \"" + goal + "\"");
  }
  p.solution = r.strings("solution");
  if (p.solution.empty()) r.fail("solution", "has no move");
  if (p.solution.size() % 2 == 0) r.fail("solution", "must end with a move of the player");
  for (size_t i = 0; i < p.solution.size(); ++i) {
    if (game_result(pos) != GameResult::kOngoing) {
      r.fail("solution", "goes on after the game is over, at move " + std::to_string(i + 1));
    }
    std::string why;
    const std::optional<Move> m = parse_move(pos, p.solution[i], &why);
    if (!m) {
      r.fail("solution", "move " + std::to_string(i + 1) + ": " + why);
    }
    pos.do_move(*m);
  }
  p.themes = r.strings("themes");
  for (const std::string& t : p.themes) {
    if (!is_theme_name(t)) r.fail("themes", "names an unknown theme '" + t + "'");
  }
  p.rating = r.integer("rating", 0, 4000);
  p.depth = r.integer("depth", 0, 128);
  p.source = r.string("source");
  return p;
}

Database read_database(std::string_view text) {
  Database db;
  int line = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view content = text.substr(start, end - start);
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    ++line;
    start = end + 1;
    if (content.find_first_not_of(" \t") == std::string_view::npos) continue;
    try {
      db.puzzles.push_back({line, parse_puzzle_line(content, line)});
    } catch (const PuzzleFormatError& e) {
      db.errors.push_back(e);
    }
  }
  return db;
}

}  // namespace jungle::puzzles
