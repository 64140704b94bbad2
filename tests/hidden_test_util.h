#pragma once

// Helpers for the hidden-pieces suites (hidden_*_test.cpp).

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/rule_set.h"
#include "hidden/hidden_game.h"
#include "hidden_search/move_reading.h"

namespace jungle::test {

// The averaged model of the enemy at 100 centipawns, 20% at random: the
// engine's reading until session 22 (the guessing model since), which the
// tests of that model and positions played by it set explicitly.
inline hidden::MoveReadingOptions averaged_reading() {
  hidden::MoveReadingOptions out;
  out.temperature = 100.0;
  out.uniform = 0.2;
  out.worlds = 0;
  out.activity = 0;
  return out;
}

// Red to move; every piece unshown. Red's Cat d6 stands beside Blue's
// Lion d5, Red's Elephant is on a9, Blue's on g1. To Blue, d6 is the Cat
// or the Elephant (a9 the other); to Red, d5 is the Lion or the Elephant
// (g1 the other). An Elephant on d6 would take d5 whichever it is; a Cat
// cannot, and is taken where it stands: it steps back (d6d7), which says
// it is the weaker animal (the belief's reading of moves, and its scores).
inline constexpr std::string_view kCatBesideLion = "e6/7/7/3c3/3L3/7/7/7/6E b 0 1";

// The standard rules with hidden pieces and these options.
inline RuleSetPtr hidden_rules(HiddenReveal reveal = HiddenReveal::kBoth,
                               FailedAttack failed = FailedAttack::kAttackerDies,
                               HiddenSetup setup = HiddenSetup::kShuffled) {
  Rules r;
  r.name = "x-hidden";
  r.hidden_pieces = true;
  r.hidden_reveal = reveal;
  r.failed_attack = failed;
  r.hidden_setup = setup;
  return RuleSet::make(r);
}

inline hidden::HiddenGame hidden_game_at(std::string_view fen, RuleSetPtr rules) {
  return hidden::HiddenGame(Position::from_fen(fen, std::move(rules)), "x-hidden");
}

// Plays a move ("d3d4") and returns the announcement's text.
inline std::string try_move(hidden::HiddenGame& game, std::string_view move) {
  const Geometry& g = game.rule_set().geometry();
  return hidden::observation_text(game.play(*g.parse_move_text(move)), g);
}

// The animals the piece on `square` can still be, as upper-case letters in
// rank order ("CD"); "-" for an empty square.
inline std::string candidates_on(const hidden::PlayerView& view, std::string_view square) {
  const int id = view.piece_at(view.rule_set().geometry().parse_square(square));
  if (id < 0) return "-";
  std::string out;
  const AnimalSet c = view.candidates(id);
  for (int a = 0; a < kAnimals; ++a) {
    if (c.contains(Animal(a))) out += animal_letter(Animal(a));
  }
  return out;
}

// The viewer's tries, as sorted "a3a4" strings.
inline std::vector<std::string> tries_of(const hidden::PlayerView& view) {
  std::vector<std::string> out;
  for (Move m : view.legal_moves()) out.push_back(view.rule_set().geometry().move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jungle::test
