#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "action_codec.h"
#include "game/family.h"
#include "game/state.h"
#include "planes.h"

// The module's Game and State (OpenSpiel's names): a rule set of any
// family, and one game of it played through game::State, its actions as the
// integers of ActionCodec.

namespace jungle::python {

// OpenSpiel's player ids.
inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

class PyGame {
 public:
  // A shipped rule set's name or a rule file's path, of any family.
  explicit PyGame(std::string variant);

  const game::Family& family() const { return *family_; }
  const std::string& variant() const { return variant_; }
  const ActionCodec& codec() const { return codec_; }
  const Board& board() const { return board_; }
  // An upper bound on the actions of one game, chance's included, from the
  // rule set's no-capture (flip: quiet) limit; nothing where it sets none.
  std::optional<int> max_game_length() const { return max_game_length_; }

  // A new game from the start or `fen`; a hidden game's set-up is drawn
  // with `seed` (a random seed when none is given).
  std::unique_ptr<game::State> new_state(std::string_view fen, std::optional<uint64_t> seed) const;

 private:
  const game::Family* family_;
  std::string variant_;
  Board board_;
  ActionCodec codec_;
  std::optional<int> max_game_length_;
};

// The integer player of an actor: 0 Blue, 1 Red, kChancePlayer, kTerminalPlayer.
int player_of(const game::Actor& actor);
// The side of a player id, refusing anything but 0 and 1.
Side side_of_player(int player);
// The square of the flip chance is to complete, or kNoSquare.
Square turning_square(const PyGame& game, const game::State& state);
// The legal integers of `state`, ascending (chance's outcomes while chance acts).
std::vector<int> legal_codes(const PyGame& game, const game::State& state);
// Applies the integer `action` (a side's, or chance's outcome); throws
// ActionError naming it when it is not legal now.
std::string apply_code(const PyGame& game, game::State& state, int action);
// +1 for the winner, -1 for the loser, 0 each for a draw or a game going on.
std::array<double, 2> returns_of(const game::State& state);

}  // namespace jungle::python
