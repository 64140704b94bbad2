// Flip Jungle at a terminal: its diagram with the pool of face-down
// animals under it, and a flip's event naming what it revealed.

#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "game/family_texts.h"
#include "game/flip_observation.h"

namespace jungle::game {

namespace {

// The pool under the board: both players know which animals are face down.
std::string pool_line(const flip::FlipPosition& pos) {
  std::string s = "Face down (" + std::to_string(pos.hidden_count()) + ")";
  for (Side side : {kBlue, kRed}) {
    std::string names;
    for (int a = 0; a < kAnimals; ++a) {
      if (pos.pool_count(make_piece(side, Animal(a))) == 0) continue;
      if (!names.empty()) names += ' ';
      names += animal_name(Animal(a));
    }
    s += (side == kBlue ? ": " : "; ") + side_name(side) + " " + (names.empty() ? "none" : names);
  }
  s += "\n";
  if (!pos.colours_known()) s += "Nobody has a colour yet: the first flip decides them.\n";
  return s;
}

class FlipText final : public ObservationText {
 public:
  std::string board(const Observation& o, const BoardStyle& style) const override {
    const flip::FlipPosition pos = position(o);
    return flip::diagram(pos, style.flipped) + pool_line(pos);
  }
  std::string event_words(const Observation& after) const override {
    const flip::FlipPosition pos = position(after);
    if (pos.history().empty() || !pos.history().back().action.is_flip()) return "";
    const flip::Ply& last = pos.history().back();
    return " and reveals the " + piece_words(last.revealed) + " (" + flip::ply_text(last) + ")";
  }
  std::string viewer_fen(const Observation& o) const override { return position(o).fen(); }
  std::vector<std::string> rules_lines(std::string_view variant) const override {
    return {flip::load_flip_rules(variant)->description};
  }

 private:
  static flip::FlipPosition position(const Observation& o) {
    return flip_position_of(flip::load_flip_rules(o.variant), o.position);
  }
};

}  // namespace

const ObservationText& flip_text() {
  static const FlipText text;
  return text;
}

}  // namespace jungle::game
