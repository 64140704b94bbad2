#pragma once

// The leak check of the hidden-piece web tests (tests/web_hidden_*_test.cpp):
// what each reader (a side, or a spectator) was sent, and every animal of
// the enemy in it that the game's announcements had not shown by then.

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace jungle::web {

using Json = nlohmann::json;

// Whose eyes: a side, or a spectator (nobody).
struct Eyes {
  std::optional<char> side;  // 'b' (Blue) or 'r' (Red)
  bool enemy(char letter) const {
    const bool blue_piece = std::isupper(static_cast<unsigned char>(letter)) != 0;
    if (!side) return true;
    return *side == 'b' ? !blue_piece : blue_piece;
  }
};

inline const std::string kAnimalLetters = "ELTPWDCR";
inline const std::vector<std::string> kAnimalNames = {"Elephant", "Lion", "Tiger", "Leopard",
                                                      "Wolf",     "Dog",  "Cat",   "Rat"};

// The animals (FEN letters) the arbiter showed in the first `n`
// announcements of a game: `e3e4:took=Tw`, `~b5=r`.
inline std::set<char> shown_in(const std::vector<std::string>& announcements, size_t n) {
  std::set<char> shown;
  static const std::regex kShown("=([A-Za-z?])([A-Za-z?])?");
  for (size_t i = 0; i < n && i < announcements.size(); ++i) {
    const std::string& a = announcements[i];
    for (auto it = std::sregex_iterator(a.begin(), a.end(), kShown); it != std::sregex_iterator();
         ++it) {
      for (size_t k = 1; k <= 2; ++k) {
        const std::string g = (*it)[k].str();
        if (!g.empty() && g[0] != '?') shown.insert(g[0]);
      }
    }
  }
  return shown;
}

// What one reader was sent at one moment, with the number of announcements
// the game had then.
struct Seen {
  std::string where;  // "GET /api/games/1 as blue", "event 7 (move) to red"
  Eyes eyes;
  size_t announcements = 0;
  bool over = false;  // sent once the game was over: the truth is allowed
  Json body;
};

// Everything in `j` that names an animal of the enemy: letters of FEN
// placements, one-letter pieces, "Red Tiger". `candidates` (what a piece
// can still be, deduced) and `announcement` texts are the view's own words.
inline void leaks_in(const Json& j, const std::string& key, const Eyes& eyes,
                     const std::set<char>& allowed, std::vector<std::string>& found) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (k == "candidates" || k == "announcement") continue;
      leaks_in(v, k, eyes, allowed, found);
    }
    return;
  }
  if (j.is_array()) {
    for (const Json& v : j) leaks_in(v, key, eyes, allowed, found);
    return;
  }
  if (!j.is_string()) return;
  const std::string s = j.get<std::string>();
  auto check_letter = [&](char c, const std::string& how) {
    if (kAnimalLetters.find(char(std::toupper(static_cast<unsigned char>(c)))) == std::string::npos)
      return;
    if (eyes.enemy(c) && !allowed.count(c)) found.push_back(how + " '" + s + "' (" + key + ")");
  };
  // A FEN: its placement is the first word with 8 slashes.
  const std::string placement = s.substr(0, s.find(' '));
  if (std::count(placement.begin(), placement.end(), '/') >= 8) {
    for (char c : placement) check_letter(c, "FEN letter " + std::string(1, c) + " in");
    return;
  }
  if (s.size() == 1) check_letter(s[0], "piece");
  for (size_t a = 0; a < kAnimalNames.size(); ++a) {
    for (const char* side : {"Blue ", "Red "}) {
      const std::string phrase = side + kAnimalNames[a];
      if (s.find(phrase) == std::string::npos) continue;
      const char c = side[0] == 'B' ? kAnimalLetters[a] : char(std::tolower(kAnimalLetters[a]));
      check_letter(c, "name " + phrase + " in");
    }
  }
  if (key == "truth_fen" || key == "truth_start_fen") found.push_back("the truth in " + key);
}

// Every leak in what was seen, judged by the game's announcements (from its
// arbiter's record, once over): a reader may be sent its own animals and
// those shown so far, and everything once the game is over.
inline std::vector<std::string> leaks(const std::vector<Seen>& seen,
                                      const std::vector<std::string>& announcements) {
  std::vector<std::string> out;
  for (const Seen& s : seen) {
    if (s.over) continue;
    const std::set<char> allowed = shown_in(announcements, s.announcements);
    std::vector<std::string> found;
    leaks_in(s.body, "", s.eyes, allowed, found);
    for (const std::string& f : found) out.push_back(s.where + ": " + f);
  }
  return out;
}

// The announcements of an arbiter's record, in order.
inline std::vector<std::string> record_announcements(const std::string& record) {
  std::vector<std::string> out;
  std::istringstream lines(record);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '[') continue;
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w.find('.') != std::string::npos || w == "*" || w == "1-0" || w == "0-1" ||
          w == "1/2-1/2")
        continue;
      out.push_back(w);
    }
  }
  return out;
}

inline std::string record_tag(const std::string& record, const std::string& name) {
  const std::string open = "[" + name + " \"";
  const size_t at = record.find(open);
  if (at == std::string::npos) return "";
  return record.substr(at + open.size(), record.find('"', at + open.size()) - at - open.size());
}

// The answer without what differs between two games played alike (ids,
// times, tokens, codes), for comparing them byte for byte.
inline Json normalized(Json j) {
  if (j.is_object()) {
    for (const char* k : {"id", "created_ms", "updated_ms", "now_ms", "seat_tokens", "code", "game",
                          "left_ms", "taken_ms"}) {
      j.erase(k);
    }
    for (auto& [k, v] : j.items()) v = normalized(v);
  } else if (j.is_array()) {
    for (auto& v : j) v = normalized(v);
  }
  return j;
}

}  // namespace jungle::web
