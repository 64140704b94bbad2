#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

// What a viewer's Observation shows on the board beyond its FEN, as plain
// data for a front end to draw (Family::observed_board): each piece or tile
// as the viewer knows it, chance's pool, and the rule-set terms a player is
// told. It is read from the Observation alone, so it holds nothing its
// viewer was not shown; the web app writes every family's drawing from it
// in one place.

namespace jungle::game {

// A piece or a face-down tile on a square, as the viewer knows it.
struct SeenPiece {
  std::string square;            // "c3"
  std::optional<Side> side;      // none for a face-down tile
  std::optional<Animal> animal;  // none where the viewer does not know it
  // Where viewers know different things: the animals it can still be (one
  // when known or deduced), whether an announcement showed it to both, and
  // the moves and attacks it made.
  std::vector<Animal> candidates;
  bool shown = false;
  int moves = 0;
};

struct ObservedBoard {
  int files = 0;
  int ranks = 0;
  // Every piece on the board, in the family's order.
  std::vector<SeenPiece> pieces;
  // Where viewers know different things: whether this is the truth, every
  // animal shown (the game is over), rather than the viewer's own knowledge.
  bool truth = false;
  // Where chance deals face-down tiles: the animals still face down, by
  // side and animal, how many tiles lie face down, and the plies since the
  // last flip or capture.
  std::optional<std::array<std::array<int, kAnimals>, kSides>> pool;
  int face_down = 0;
  int quiet_plies = 0;
  // Where each side's arrangement is secret: how it is decided ("chosen",
  // "fixed", "shuffled"), the viewer's own start squares, where it arranges
  // (none for a spectator), and the rule set's other terms a player is
  // told ({"reveal", "both"}, {"failed_attack", "bounce"}).
  std::string setup;
  std::vector<std::string> setup_squares;
  std::vector<std::pair<std::string, std::string>> terms;
};

}  // namespace jungle::game
