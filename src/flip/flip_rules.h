#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

// Flip Jungle (斗兽棋翻翻棋): the 4x4 game with all sixteen animals face down.
// Its rule sets are data like the 7x9 game's, in variants/flip/*.toml (shipped
// and embedded) or any .toml file with `[game] kind = "flip"`; published
// versions differ, and each difference is one key here (docs/rule-details.md).

namespace jungle::flip {

// Who plays which colour.
enum class Colours {
  kFirstFlip,  // as in banqi: the colour of the first piece flipped is the first player's
  kFixed,      // Blue moves first, Red second, decided before the game
};

// When two animals of the same rank meet.
enum class EqualRanks {
  kBothDie,        // 同归于尽: both are removed, the attacker's square empties
  kAttackerTakes,  // as in Jungle: the attacker takes and advances
};

// Which face-down tiles a player may turn over.
enum class FlipTiles {
  kAny,       // any face-down tile
  kAdjacent,  // one next to an own face-up piece (any while it has none)
};

struct FlipRules {
  std::string name = "flip";
  std::string description;
  Colours colours = Colours::kFirstFlip;
  EqualRanks equal_ranks = EqualRanks::kBothDie;
  bool rat_takes_elephant = true;
  bool elephant_takes_rat = false;
  // A "suicide" move: attacking a stronger piece, which loses the attacker.
  // Without it a weaker piece may not attack a stronger one at all.
  bool suicide = false;
  FlipTiles flip_tiles = FlipTiles::kAny;
  int quiet_limit = 40;  // plies with no capture and no flip that draw; 0: none
  int repetitions = 3;   // the occurrence of a position that draws; 0: none
  // A side wins at once when its strongest piece takes, and is taken by,
  // nothing the opponent has left (face-up or still in the pool).
  bool strongest_wins = false;
};

using FlipRulesPtr = std::shared_ptr<const FlipRules>;

class FlipRulesError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The shipped flip sets, in display order ("flip", "flip-fixed", ...).
std::vector<std::string> builtin_flip_names();
// True for a shipped flip set's name, or a .toml file whose [game] kind is "flip".
bool is_flip_variant(std::string_view name_or_path);
// Parses a flip rule set; throws FlipRulesError with "ORIGIN:LINE:COL: MESSAGE".
FlipRules parse_flip_rules(std::string_view toml_text, std::string_view origin);
// A shipped set's name or a path to a .toml file; throws FlipRulesError.
FlipRulesPtr load_flip_rules(std::string_view name_or_path);

}  // namespace jungle::flip
