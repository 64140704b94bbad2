#include "web/games/variant_catalog.h"

#include <optional>

#include "core/rules_summary.h"
#include "core/secure_random.h"
#include "core/variants.h"
#include "flip/flip_rules.h"

namespace jungle::web {

Json squares_json(const Geometry& board, Bitboard squares) {
  Json list = Json::array();
  for (Square s = 0; s < board.squares(); ++s) {
    if (squares & square_bb(s)) list.push_back(board.square_name(s));
  }
  return list;
}

namespace {

Json describe(const RuleSet& rs) {
  const Rules& rules = rs.rules();
  const Geometry& g = rs.geometry();
  Json ranks = Json::object();
  for (int a = 0; a < kAnimals; ++a) {
    ranks[std::string(1, animal_letter(Animal(a)))] = rules.rank[a];
  }
  return Json{
      {"name", rules.name},
      {"description", rules.description},
      {"start_fen", rules.start_fen},
      {"ranks", ranks},
      {"board", {{"files", g.files()}, {"ranks", g.ranks()}}},
      {"water", squares_json(g, rs.water())},
      {"traps",
       {{"blue", squares_json(g, rs.traps(kBlue))}, {"red", squares_json(g, rs.traps(kRed))}}},
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

// A hidden set's rulings (docs/hidden.md), for the page's rules panel.
Json hidden_rulings(const Rules& rules) {
  return Json{
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

// A Flip Jungle set as the page draws and explains it (`kind: "flip"`),
// written from its family: its description, its start and board from a
// new game's observation; the colours, the quiet limit and the ranks (each
// animal's, every tile's face being one of them) from its rules.
Json describe_flip_set(const game::Family& family, const std::string& name) {
  const flip::FlipRulesPtr rules = flip::load_flip_rules(name);
  SecureRandom chance;  // nothing is drawn at a flip game's start
  const game::Observation start = family.new_state(name, "", chance)->observe(std::nullopt);
  const std::optional<game::ObservedBoard> board = family.observed_board(start);
  Json ranks = Json::object();
  for (int a = 0; a < kAnimals; ++a) ranks[std::string(1, animal_letter(Animal(a)))] = a + 1;
  const std::string description = family.variant_description(name);
  return Json{
      {"name", name},
      {"kind", "flip"},
      {"description", description},
      {"start_fen", start.start_fen},
      {"ranks", ranks},
      {"board", {{"files", board ? board->files : 0}, {"ranks", board ? board->ranks : 0}}},
      {"water", Json::array()},
      {"traps", {{"blue", Json::array()}, {"red", Json::array()}}},
      {"dens", {{"blue", nullptr}, {"red", nullptr}}},
      {"traps_weaken", "opponent"},
      {"summary", Json::array({description})},
      {"hidden_pieces", false},
      {"colours", rules->colours == flip::Colours::kFixed ? "fixed" : "first flip"},
      {"quiet_limit", rules->quiet_limit},
  };
}

}  // namespace

VariantCatalog::VariantCatalog() : description_(Json::array()) {
  for (const std::string& name : builtin_variant_names()) {
    RuleSetPtr rs = RuleSet::make(builtin_rules(name));
    Json d = describe(*rs);
    d["kind"] = "jungle";
    if (rs->rules().hidden_pieces) d["hidden"] = hidden_rulings(rs->rules());
    description_.push_back(std::move(d));
    if (!names_.empty()) names_ += ", ";
    names_ += name;
    sets_.emplace(name, std::move(rs));
    families_.emplace(name, &game::family_of_variant(name));
  }
  for (const std::string& name : flip::builtin_flip_names()) {
    const game::Family& family = game::family_of_variant(name);
    description_.push_back(describe_flip_set(family, name));
    families_.emplace(name, &family);
  }
}

RuleSetPtr VariantCatalog::get(std::string_view name) const {
  auto it = sets_.find(name);
  if (it == sets_.end()) {
    throw GameError(ErrorKind::kBadRequest, "unknown_variant",
                    "unknown rule set '" + std::string(name) + "'; the shipped sets are " + names_);
  }
  return it->second;
}

bool VariantCatalog::contains(std::string_view name) const {
  return sets_.find(name) != sets_.end();
}

const game::Family* VariantCatalog::family_of(std::string_view name) const {
  auto it = families_.find(name);
  return it == families_.end() ? nullptr : it->second;
}

}  // namespace jungle::web
