#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/types.h"

// What one player, or a spectator, knows of a game: the only thing engines,
// clients and the Python module ever receive (OpenSpiel's observation per
// player). A State makes it (state.h, observe); nothing in it may name what
// its viewer was not shown, so an engine given an Observation cannot see
// the truth of a hidden game: the type carries no more.

namespace jungle::game {

// Who looks: a side, or nobody (a spectator, who knows what was announced).
using Viewer = std::optional<Side>;

// "blue", "red", "spectator".
std::string viewer_name(Viewer viewer);

struct Observation {
  std::string family;   // the family's name: "open", "flip", "hidden"
  std::string variant;  // the rule set as records name it: "standard", "flip", "hidden", a path
  Viewer viewer;
  // The game as the engine protocol's `position` command takes it, in the
  // family's one documented syntax (docs/engine.md, "Protocol"): "fen F moves a3a4
  // ...", "fen F moves b2?=L a1a2", "hidden blue fen V moves e3e4:took=Tw".
  // Replaying it gives back exactly what the viewer knows.
  std::string position;
  // The board as the viewer sees it, as text (unknown animals as X and x,
  // face-down tiles as ?).
  std::string diagram;
  // The viewer's start and the position now in the family's FEN
  // (docs/records.md), as `diagram` shows it: what the viewer was not shown
  // stays unknown (X and x, face-down ?). Once a game whose players know
  // different things is over, its truth is public and these are the truth.
  std::string start_fen;
  std::string fen;
  // The side whose turn it is; none while chance acts or once it is over.
  std::optional<Side> to_move;
  // What the viewer may do now: empty unless it is to move.
  std::vector<std::string> legal_actions;
  int plies = 0;
  GameResult result = GameResult::kOngoing;
  // "Blue wins: the Lion entered Red's den"; "" while it goes on.
  std::string result_message;

  bool operator==(const Observation&) const = default;
};

}  // namespace jungle::game
