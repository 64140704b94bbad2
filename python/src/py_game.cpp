#include "py_game.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "core/position.h"
#include "flip/flip_position.h"
#include "flip/flip_rules.h"
#include "game/rules_of_family.h"

namespace jungle::python {

PyGame::PyGame(std::string variant)
    : family_(&game::family_of_variant(variant)),
      variant_(std::move(variant)),
      codec_(Geometry(), false) {
  const std::string_view name = family_->name();
  if (name == "flip") {
    board_.kind = BoardKind::kFlip;
    board_.flip_rules = flip::load_flip_rules(variant_);
    board_.geometry = flip::kFlipGeometry;
    // Each flip and each capture starts the quiet count again: at most 16
    // of each, then the limit; chance completes each flip.
    const int quiet = board_.flip_rules->quiet_limit;
    if (quiet > 0) max_game_length_ = (2 * flip::kFlipSquares + 1) * quiet + flip::kFlipSquares;
  } else {
    const bool hides = name == "hidden";
    board_.kind = hides ? BoardKind::kHidden : BoardKind::kOpen;
    board_.rules = game::load_rules_hiding(variant_, hides);
    board_.geometry = board_.rules->geometry();
    // Each capture starts the no-capture count again: at most one a piece.
    const int limit = board_.rules->rules().no_capture_limit;
    const Position start(board_.rules);
    const int pieces = std::popcount(start.occupied());
    if (limit > 0) max_game_length_ = (pieces + 1) * limit;
  }
  codec_ = ActionCodec(board_.geometry, board_.kind == BoardKind::kFlip);
}

std::unique_ptr<game::State> PyGame::new_state(std::string_view fen,
                                               std::optional<uint64_t> seed) const {
  std::mt19937_64 chance(seed ? *seed
                              : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}());
  return family_->new_state(variant_, fen, chance);
}

int player_of(const game::Actor& actor) {
  if (actor.is_side()) return int(actor.side);
  return actor.is_chance() ? kChancePlayer : kTerminalPlayer;
}

Side side_of_player(int player) {
  if (player != 0 && player != 1) {
    throw std::invalid_argument("player " + std::to_string(player) +
                                " is not a side: 0 is Blue, 1 is Red");
  }
  return Side(player);
}

Square turning_square(const PyGame& game, const game::State& state) {
  if (!state.actor().is_chance() || state.actions().empty()) return kNoSquare;
  const std::string& last = state.actions().back();
  if (last.empty() || last.back() != '?') return kNoSquare;
  return game.codec().geometry().parse_square(std::string_view(last).substr(0, last.size() - 1));
}

std::vector<int> legal_codes(const PyGame& game, const game::State& state) {
  std::vector<int> out;
  for (const std::string& text : state.legal_actions()) out.push_back(game.codec().encode(text));
  std::sort(out.begin(), out.end());
  return out;
}

std::string apply_code(const PyGame& game, game::State& state, int action) {
  const std::string text = game.codec().decode(action, state.legal_actions());
  if (text.empty()) {
    const std::string what =
        state.actor().is_chance()
            ? "chance's outcome " + std::to_string(action)
            : "action " + std::to_string(action) + " (" + game.codec().describe(action) + ")";
    throw game::ActionError(what + " is not legal here" +
                            (state.over() ? ": the game is over" : ""));
  }
  return state.apply(text);
}

std::array<double, 2> returns_of(const game::State& state) {
  switch (state.result()) {
    case GameResult::kBlueWins:
      return {1.0, -1.0};
    case GameResult::kRedWins:
      return {-1.0, 1.0};
    default:
      return {0.0, 0.0};
  }
}

}  // namespace jungle::python
