#include "notation/record_text.h"

#include <sstream>
#include <vector>

#include "core/game_record.h"
#include "core/text_util.h"
#include "core/variants.h"
#include "notation/convert.h"
#include "notation/position_text.h"

namespace jungle::notation {

namespace {

// A game as a dialect record holds it: the tags and the moves' texts.
struct DialectGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;
};

std::string tag_of(const DialectGame& g, std::string_view name) {
  for (const auto& [key, value] : g.tags) {
    if (key == name) return value;
  }
  return "";
}

RuleSetPtr rules_of(const DialectGame& g, size_t game) {
  const std::string name = tag_of(g, "Variant");
  try {
    return name.empty() ? RuleSet::standard() : load_record_variant(name, std::nullopt);
  } catch (const std::exception& e) {
    throw NotationError("game " + std::to_string(game) + ": Variant " + in_double_quotes(name) +
                        ": " + e.what());
  }
}

// `[Name "value"]`, the value's \" and \\ unescaped; false for another line.
bool read_tag(const std::string& line, std::pair<std::string, std::string>& tag) {
  if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
  const size_t space = line.find(' ');
  if (space == std::string::npos || line[space + 1] != '"' || line[line.size() - 2] != '"') {
    return false;
  }
  tag.first = line.substr(1, space - 1);
  tag.second.clear();
  for (size_t i = space + 2; i + 2 < line.size(); ++i) {
    if (line[i] == '\\' && i + 3 < line.size()) ++i;
    tag.second += line[i];
  }
  return true;
}

std::vector<DialectGame> read_dialect_games(std::string_view text, Dialect d) {
  std::vector<DialectGame> games;
  std::istringstream in{std::string(text)};
  std::string line;
  bool in_moves = false;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    line = trim(line);
    if (line.empty()) continue;
    std::pair<std::string, std::string> tag;
    if (read_tag(line, tag)) {
      if (games.empty() || in_moves) games.emplace_back();
      in_moves = false;
      games.back().tags.push_back(tag);
      continue;
    }
    if (line.front() == '[') {
      throw NotationError(std::string(dialect_name(d)) + " record line " + std::to_string(number) +
                          ": not a tag pair [Name \"value\"]: " + in_quotes(line));
    }
    if (games.empty()) games.emplace_back();
    in_moves = true;
    games.back().moves.push_back(line);
  }
  return games;
}

std::string escape(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string convert_records(std::string_view text, Dialect from, Dialect to) {
  std::vector<DialectGame> games;
  if (from == Dialect::kJungle) {
    std::vector<GameRecord> records;
    try {
      records = read_records(text);
    } catch (const RecordError& e) {
      throw NotationError(e.what());
    }
    for (const GameRecord& r : records) {
      DialectGame g{r.tags, {}};
      for (const RecordedMove& m : r.moves) g.moves.push_back(r.board.move_text(m.move));
      games.push_back(g);
    }
  } else {
    games = read_dialect_games(text, from);
  }

  std::vector<GameRecord> ours;
  std::string out;
  for (size_t i = 0; i < games.size(); ++i) {
    DialectGame& g = games[i];
    const std::string where = "game " + std::to_string(i + 1);
    const std::string start = tag_of(g, "FEN");
    std::vector<std::string> moves;
    try {
      moves = convert_moves(g.moves, from, to, start, rules_of(g, i + 1));
      for (auto& [key, value] : g.tags) {
        if (key == "FEN") value = convert_position(value, from, to);
      }
    } catch (const NotationError& e) {
      throw NotationError(where + ": " + e.what());
    }
    if (to == Dialect::kJungle) {
      GameRecord r;
      r.tags = g.tags;
      for (const std::string& m : moves) {
        r.moves.push_back({*kStandardGeometry.parse_move_text(m), ""});
      }
      ours.push_back(r);
      continue;
    }
    for (const auto& [key, value] : g.tags) out += "[" + key + " \"" + escape(value) + "\"]\n";
    out += "\n";
    for (const std::string& m : moves) out += m + "\n";
    out += "\n";
  }
  return to == Dialect::kJungle ? write_records(ours) : out;
}

}  // namespace jungle::notation
