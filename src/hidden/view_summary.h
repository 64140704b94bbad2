#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hidden/hidden_game.h"

// A view of a hidden game as plain data, for front ends that serialize it
// (the web app's JSON): built from one player's view (or a spectator's) and
// the arbiter's public result, never from the truth while the game goes on.

namespace jungle::hidden {

struct PieceSummary {
  Side side = kBlue;
  std::string square;              // "c3"; "" once the piece has left the board
  std::optional<Animal> animal;    // the viewer's own, or one announced
  bool shown = false;              // announced to both players
  std::vector<Animal> candidates;  // what it can still be (one animal when known or deduced)
  int moves = 0;                   // moves and attacks it made
};

struct ViewSummary {
  Viewer viewer;
  std::string fen;  // the view FEN (docs/hidden.md)
  Side side_to_move = kBlue;
  int move_number = 1;
  std::vector<PieceSummary> pieces;        // both sides, each piece once
  std::vector<std::string> announcements;  // "e3e4:took=Tw", in order
  std::vector<std::string> legal_moves;    // the viewer's tries when it is to move
  GameResult result = GameResult::kOngoing;
  std::string termination;     // the Termination tag ("" while going on)
  std::string result_message;  // "Blue wins: ..." ("" while going on)
  // Only once the game is over: the secret set-up and the board, every
  // animal shown.
  std::string truth_start_fen;
  std::string truth_fen;
};

// What `viewer` may be shown of `game`.
ViewSummary summarize(const HiddenGame& game, Viewer viewer);
// What a view holds by itself (no result but the one the board shows).
ViewSummary summarize(const PlayerView& view);

}  // namespace jungle::hidden
