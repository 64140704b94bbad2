// A hidden game at a terminal: the viewer's view, the arbiter's
// announcements in words, and what the viewer has worked out about the
// animals it cannot see.

#include "core/rules_summary.h"
#include "core/variants.h"
#include "game/family_texts.h"
#include "game/hidden_observation.h"
#include "hidden/player_view.h"

namespace jungle::game {

namespace {

// A hidden game's announcement as the arbiter would say it aloud.
std::string announcement_words(const hidden::Observation& o, const Geometry& g) {
  using hidden::Outcome;
  const std::string from = g.square_name(o.move.from()), to = g.square_name(o.move.to());
  const std::string attacker = o.attacker_shown != kNoPiece
                                   ? "the " + piece_words(o.attacker_shown) + " on " + from
                                   : side_name(o.mover) + "'s piece on " + from;
  const std::string defender = o.defender_shown != kNoPiece
                                   ? "the " + piece_words(o.defender_shown) + " on " + to
                                   : side_name(opponent(o.mover)) + "'s piece on " + to;
  std::string text;
  switch (o.outcome) {
    case Outcome::kMove:
      text = side_name(o.mover) + " moves " + from + " to " + to;
      break;
    case Outcome::kTook:
      text = attacker + " takes " + defender;
      break;
    case Outcome::kDied:
      text = attacker + " attacks " + defender + " and is removed";
      break;
    case Outcome::kBounced:
      text = attacker + " attacks " + defender + " and bounces back";
      break;
    case Outcome::kRefused:
      text = side_name(o.mover) + "'s attack " + from + to + " is refused; " + side_name(o.mover) +
             " moves again";
      break;
  }
  for (const auto& [s, p] : o.drowned) {
    text += "; " + (p != kNoPiece ? "the " + piece_words(p) : side_name(o.mover) + "'s piece") +
            " on " + g.square_name(s) + " drowns";
  }
  return text + " (" + hidden::observation_text(o, g) + ")";
}

class HiddenText final : public ObservationText {
 public:
  std::string board(const Observation& o, const BoardStyle& style) const override {
    return view(o).diagram(style.flipped);
  }
  std::string event_words(const Observation& after) const override {
    const hidden::PlayerView v = view(after);
    if (v.history().empty()) return "";
    return ": " + announcement_words(v.history().back(), v.rule_set().geometry());
  }
  std::string viewer_fen(const Observation& o) const override { return view(o).fen(); }
  std::vector<std::string> deductions(const Observation& o) const override {
    std::vector<std::string> out;
    if (!o.viewer) return out;
    const hidden::PlayerView v = view(o);
    const Geometry& g = v.rule_set().geometry();
    for (int id : v.side_pieces(opponent(*o.viewer))) {
      const hidden::PieceInfo& p = v.pieces()[size_t(id)];
      std::string line = (p.on_board() ? g.square_name(p.square) : std::string("gone")) + ": ";
      if (p.known) {
        line += std::string(animal_name(*p.known)) + (p.shown ? " (shown)" : "");
      } else {
        const AnimalSet c = v.candidates(id);
        std::string list;
        for (int a = 0; a < kAnimals; ++a) {
          if (!c.contains(Animal(a))) continue;
          if (!list.empty()) list += ' ';
          list += animal_name(Animal(a));
        }
        line += list;
      }
      out.push_back(line);
    }
    return out;
  }
  std::vector<std::string> rules_lines(std::string_view variant) const override {
    return rules_summary(*load_variant(variant));
  }

 private:
  static hidden::PlayerView view(const Observation& o) {
    return hidden_view_of(load_variant(o.variant), o.position);
  }
};

}  // namespace

const ObservationText& hidden_text() {
  static const HiddenText text;
  return text;
}

}  // namespace jungle::game
