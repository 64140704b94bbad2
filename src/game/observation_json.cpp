#include "game/observation_json.h"

#include <stdexcept>
#include <string>

namespace jungle::game {

namespace {

nlohmann::json side_json(std::optional<Side> s) {
  if (!s) return nullptr;
  return *s == kBlue ? "blue" : "red";
}

const nlohmann::json& field(const nlohmann::json& j, const char* name) {
  if (!j.is_object() || !j.contains(name)) {
    throw std::invalid_argument(std::string("observation: no '") + name + "' field");
  }
  return j.at(name);
}

std::string text_field(const nlohmann::json& j, const char* name) {
  const nlohmann::json& v = field(j, name);
  if (!v.is_string()) {
    throw std::invalid_argument(std::string("observation: '") + name + "' must be a string");
  }
  return v.get<std::string>();
}

std::optional<Side> side_field(const nlohmann::json& j, const char* name, bool spectator_ok) {
  const nlohmann::json& v = field(j, name);
  if (v.is_null()) return std::nullopt;
  const std::string s = v.is_string() ? v.get<std::string>() : "";
  if (s == "blue") return kBlue;
  if (s == "red") return kRed;
  if (spectator_ok && s == "spectator") return std::nullopt;
  throw std::invalid_argument(std::string("observation: '") + name + "' must be \"blue\", \"red\"" +
                              (spectator_ok ? ", \"spectator\"" : " or null"));
}

}  // namespace

nlohmann::json observation_json(const Observation& o) {
  return {{"family", o.family},
          {"variant", o.variant},
          {"viewer", viewer_name(o.viewer)},
          {"position", o.position},
          {"diagram", o.diagram},
          {"startFen", o.start_fen},
          {"fen", o.fen},
          {"toMove", side_json(o.to_move)},
          {"legalActions", o.legal_actions},
          {"plies", o.plies},
          {"result", std::string(result_tag(o.result))},
          {"resultMessage", o.result_message}};
}

Observation observation_from_json(const nlohmann::json& j) {
  Observation o;
  o.family = text_field(j, "family");
  o.variant = text_field(j, "variant");
  o.viewer = side_field(j, "viewer", true);
  o.position = text_field(j, "position");
  o.diagram = text_field(j, "diagram");
  o.start_fen = text_field(j, "startFen");
  o.fen = text_field(j, "fen");
  o.to_move = side_field(j, "toMove", false);
  const nlohmann::json& actions = field(j, "legalActions");
  if (!actions.is_array())
    throw std::invalid_argument("observation: 'legalActions' must be a list");
  for (const nlohmann::json& a : actions) {
    if (!a.is_string()) {
      throw std::invalid_argument("observation: 'legalActions' must hold strings");
    }
    o.legal_actions.push_back(a.get<std::string>());
  }
  const nlohmann::json& plies = field(j, "plies");
  if (!plies.is_number_integer() || plies.get<int64_t>() < 0) {
    throw std::invalid_argument("observation: 'plies' must be a whole number, 0 or more");
  }
  o.plies = plies.get<int>();
  const std::optional<GameResult> result = result_from_tag(text_field(j, "result"));
  if (!result) throw std::invalid_argument("observation: 'result' must be 1-0, 0-1, 1/2-1/2 or *");
  o.result = *result;
  o.result_message = text_field(j, "resultMessage");
  return o;
}

namespace {

// A letter, or null for none.
nlohmann::json letter_json(const std::string& letter) {
  if (letter.empty()) return nullptr;
  return letter;
}

}  // namespace

nlohmann::json seen_ply_json(const SeenPly& p, int ply) {
  nlohmann::json m{{"ply", ply},
                   {"move", p.move},
                   {"action", p.action},
                   {"side", side_json(p.side)},
                   {"seat", side_json(Side(p.seat))},
                   {"fen", p.fen}};
  if (!p.revealed.empty()) {
    m["revealed"] = p.revealed;
    return m;
  }
  m["piece"] = p.piece;
  m["captured"] = letter_json(p.captured);
  m["lost"] = letter_json(p.lost);
  m["jump"] = p.jump;
  if (const std::optional<SeenAnnouncement>& a = p.announcement) {
    nlohmann::json drowned = nlohmann::json::array();
    for (const auto& [square, piece] : a->drowned) {
      drowned.push_back({{"square", square}, {"piece", letter_json(piece)}});
    }
    m["announcement"] = a->text;
    m["outcome"] = a->outcome;
    m["attacker"] = letter_json(a->attacker);
    m["defender"] = letter_json(a->defender);
    m["drowned"] = drowned;
  }
  return m;
}

}  // namespace jungle::game
