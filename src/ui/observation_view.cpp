// The families' ways of drawing and wording their observations on a
// terminal, chosen by Observation::family. Each reads the position text
// with the family's own reader (src/game/*_observation.h), which is what an
// engine would read: nothing here can see more than the viewer.

#include "ui/observation_view.h"

#include <stdexcept>

#include "core/rules_summary.h"
#include "core/variants.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "game/flip_observation.h"
#include "game/hidden_observation.h"
#include "game/open_observation.h"
#include "hidden/player_view.h"

namespace jungle {

namespace {

bool is(const game::Observation& o, const char* family) {
  return o.family == family;
}

Position open_position(const game::Observation& o) {
  return game::open_position_of(load_variant(o.variant), o.position);
}
flip::FlipPosition flip_position(const game::Observation& o) {
  return game::flip_position_of(flip::load_flip_rules(o.variant), o.position);
}
hidden::PlayerView hidden_view(const game::Observation& o) {
  return game::hidden_view_of(load_variant(o.variant), o.position);
}

std::string piece_words(Piece p) {
  return side_name(side_of(p)) + " " + std::string(animal_name(animal_of(p)));
}

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

}  // namespace

std::string board_text(const game::Observation& o, const BoardStyle& style) {
  if (is(o, "open")) return render_board(open_position(o), style);
  if (is(o, "flip")) {
    const flip::FlipPosition pos = flip_position(o);
    return flip::diagram(pos, style.flipped) + pool_line(pos);
  }
  if (is(o, "hidden")) return hidden_view(o).diagram(style.flipped);
  return o.diagram;
}

std::string event_words(const game::Observation& after) {
  if (is(after, "flip")) {
    const flip::FlipPosition pos = flip_position(after);
    if (pos.history().empty() || !pos.history().back().action.is_flip()) return "";
    const flip::Ply& last = pos.history().back();
    return " and reveals the " + piece_words(last.revealed) + " (" + flip::ply_text(last) + ")";
  }
  if (is(after, "hidden")) {
    const hidden::PlayerView view = hidden_view(after);
    if (view.history().empty()) return "";
    return ": " + announcement_words(view.history().back(), view.rule_set().geometry());
  }
  return "";
}

std::string viewer_fen(const game::Observation& o) {
  if (is(o, "open")) return open_position(o).fen();
  if (is(o, "flip")) return flip_position(o).fen();
  if (is(o, "hidden")) return hidden_view(o).fen();
  throw std::invalid_argument("no FEN for a game of the family '" + o.family + "'");
}

std::vector<std::string> deductions(const game::Observation& o) {
  std::vector<std::string> out;
  if (!is(o, "hidden") || !o.viewer) return out;
  const hidden::PlayerView view = hidden_view(o);
  const Geometry& g = view.rule_set().geometry();
  for (int id : view.side_pieces(opponent(*o.viewer))) {
    const hidden::PieceInfo& p = view.pieces()[size_t(id)];
    std::string line = (p.on_board() ? g.square_name(p.square) : std::string("gone")) + ": ";
    if (p.known) {
      line += std::string(animal_name(*p.known)) + (p.shown ? " (shown)" : "");
    } else {
      const AnimalSet c = view.candidates(id);
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

std::vector<std::string> rules_lines(const game::Observation& o) {
  if (is(o, "flip")) return {flip::load_flip_rules(o.variant)->description};
  return rules_summary(*load_variant(o.variant));
}

}  // namespace jungle
