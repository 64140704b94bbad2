#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game/board_drawing.h"
#include "game/observation.h"

// How a family's observations read to a person at a terminal: the board,
// the last event in words, the viewer's FEN, what the viewer has worked out
// and the rules. Each family gives one (Family::text), so the terminal
// draws every family with the same calls and never asks which it plays.
// Each function reads only the Observation it is given, with the family's
// own position reader (what an engine would read): a hidden game's truth
// cannot reach the screen through them.

namespace jungle::game {

class ObservationText {
 public:
  virtual ~ObservationText() = default;

  // The board, turned around with style.flipped (Red's end at the bottom):
  // the open game drawn by render_board (colours, Chinese characters, the
  // last move framed); Flip Jungle's diagram with the pool of face-down
  // animals, which both players know; a hidden game's view with the animals
  // the viewer has not been shown as X and x.
  virtual std::string board(const Observation& o, const BoardStyle& style) const = 0;
  // What the last action did, in words, after its action text: "" for an
  // open-game move, " and reveals the Blue Lion (b2?=L)" for a flip, ": the
  // Blue Wolf on e3 takes Red's piece on e4 (e3e4:took=w)" for a hidden
  // try. `after` is any viewer's observation once the action (and chance's
  // outcome) is played: events are what every viewer is told.
  virtual std::string event_words(const Observation& after) const {
    (void)after;
    return "";
  }
  // The position as the viewer knows it, as FEN: a hidden game's view FEN,
  // never the truth.
  virtual std::string viewer_fen(const Observation& o) const = 0;
  // What the viewer has worked out about pieces it cannot see, one line a
  // piece ("a9: Rat Cat Dog"); empty where every piece is in sight.
  virtual std::vector<std::string> deductions(const Observation& o) const {
    (void)o;
    return {};
  }
  // The rule set in words, one line each.
  virtual std::vector<std::string> rules_lines(std::string_view variant) const = 0;
};

}  // namespace jungle::game
