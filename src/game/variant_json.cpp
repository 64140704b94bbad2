// A 7x9 or 7x7 rule set as a front end draws and explains it.

#include "game/variant_json.h"

#include <string>

#include "core/rules_summary.h"

namespace jungle::game {

namespace {

// A square list as names: ["b4", "c4", ...].
nlohmann::json square_name_list(const Geometry& board, Bitboard squares) {
  nlohmann::json list = nlohmann::json::array();
  for (Square s = 0; s < board.squares(); ++s) {
    if (squares & square_bb(s)) list.push_back(board.square_name(s));
  }
  return list;
}

}  // namespace

nlohmann::json board_variant_json(const RuleSet& rs) {
  using Json = nlohmann::json;
  const Rules& rules = rs.rules();
  const Geometry& g = rs.geometry();
  Json ranks = Json::object();
  for (int a = 0; a < kAnimals; ++a) {
    ranks[std::string(1, animal_letter(Animal(a)))] = rules.rank[a];
  }
  return Json{
      {"name", rules.name},
      {"kind", "jungle"},
      {"description", rules.description},
      {"start_fen", rules.start_fen},
      {"ranks", ranks},
      {"board", {{"files", g.files()}, {"ranks", g.ranks()}}},
      {"water", square_name_list(g, rs.water())},
      {"traps",
       {{"blue", square_name_list(g, rs.traps(kBlue))},
        {"red", square_name_list(g, rs.traps(kRed))}}},
      // A board without dens reports null for each.
      {"dens",
       {{"blue", rs.den(kBlue) == kNoSquare ? Json(nullptr) : Json(g.square_name(rs.den(kBlue)))},
        {"red", rs.den(kRed) == kNoSquare ? Json(nullptr) : Json(g.square_name(rs.den(kRed)))}}},
      // Which traps weaken a piece: the enemy's ("opponent") or any ("all").
      {"traps_weaken", rules.traps == TrapRule::kAllTrapsWeaken ? "all" : "opponent"},
      // The rules in sentences, for the page's rules panel.
      {"summary", rules_summary(rs)},
      {"hidden_pieces", rules.hidden_pieces},
  };
}

nlohmann::json hidden_rulings_json(const Rules& rules) {
  return nlohmann::json{
      {"setup", rules.hidden_setup == HiddenSetup::kChosen  ? "chosen"
                : rules.hidden_setup == HiddenSetup::kFixed ? "fixed"
                                                            : "shuffled"},
      {"reveal", rules.hidden_reveal == HiddenReveal::kLoser  ? "loser"
                 : rules.hidden_reveal == HiddenReveal::kNone ? "none"
                                                              : "both"},
      {"failed_attack", rules.failed_attack == FailedAttack::kBounce    ? "bounce"
                        : rules.failed_attack == FailedAttack::kRefused ? "refused"
                                                                        : "attacker_dies"},
  };
}

}  // namespace jungle::game
