#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/types.h"

// One ply of a game as one viewer knows it, for a move list: read from
// that viewer's Observation alone (Family::seen_plies), so it names
// nothing the viewer was not shown. The web app writes every family's move
// list from it in one place (observation_json.h, seen_ply_json).

namespace jungle::game {

// What the arbiter of a hidden game announced of a try, as everyone hears it.
struct SeenAnnouncement {
  std::string text;     // as records write it: "e3e4:took=Tw"
  std::string outcome;  // "move", "took", "died", "bounced", ...
  // The animals the announcement showed, as letters; "" for none.
  std::string attacker;
  std::string defender;
  // The squares where animals drowned, each with its animal's letter where
  // it was shown ("" where not).
  std::vector<std::pair<std::string, std::string>> drowned;

  bool operator==(const SeenAnnouncement&) const = default;
};

struct SeenPly {
  std::string move;    // as the move list writes it: "a3a4"; a flip with what it revealed, "b2?=L"
  std::string action;  // the side's action: "a3a4", the flip "b2?", the try "e3e4"
  Side side = kBlue;   // the colour that acted; a flip's, the colour it revealed
  // Who acted: 0 the first player, 1 the second. The colour's seat, except
  // where the first flip gives the colours (the first player may be Red).
  int seat = 0;
  std::string revealed;  // what a flip turned over, as a letter ("L", "r"); "" for a move
  // A move's animal, the one it took and the mover's own lost in its
  // attack, as letters: "?" for an animal the viewer does not know, "" for
  // none.
  std::string piece;
  std::string captured;
  std::string lost;
  bool jump = false;  // it jumped across water
  std::string fen;    // the board after it as the viewer sees it
  std::optional<SeenAnnouncement> announcement;

  bool operator==(const SeenPly&) const = default;
};

}  // namespace jungle::game
