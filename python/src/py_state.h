#pragma once

#include <pybind11/numpy.h>

#include <memory>
#include <optional>

#include "game/state.h"
#include "planes.h"
#include "py_game.h"

// jungle.State: one game of a PyGame, as the module's classes hand it
// around (game_bindings.cpp binds it; VectorGame.state makes one).

namespace jungle::python {

struct PyState {
  std::shared_ptr<const PyGame> game;
  std::unique_ptr<game::State> state;

  PyState(std::shared_ptr<const PyGame> g, std::unique_ptr<game::State> s)
      : game(std::move(g)), state(std::move(s)) {}
  PyState clone() const { return PyState(game, state->clone()); }

  game::Observation observation(std::optional<int> player) const {
    return state->observe(player ? game::Viewer(side_of_player(*player)) : std::nullopt);
  }
  pybind11::array_t<float> tensor(std::optional<int> player, bool information) const {
    const Board& board = game->board();
    pybind11::array_t<float> out(
        {board.planes(information), board.geometry.ranks(), board.geometry.files()});
    observation_planes(board, observation(player), turning_square(*game, *state), information,
                       out.mutable_data());
    return out;
  }
};

}  // namespace jungle::python
