// jungle.VectorGame: N games stepped in C++ with the GIL released, reading
// and writing numpy arrays in place (docs/python.md, "VectorGame").

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.h"
#include "py_state.h"
#include "vector_game.h"

namespace py = pybind11;

namespace jungle::python {

namespace {

// The VectorGame and the arrays it writes, made once: step returns the same
// arrays each time, overwritten, so nothing is allocated or copied per step.
class PyVectorGame {
 public:
  PyVectorGame(std::shared_ptr<PyGame> game, int n, uint64_t seed, std::optional<int> max_steps,
               bool observations, bool fast, int threads)
      : game_(game),
        vector_(game, n, seed, max_steps ? *max_steps : game->max_game_length().value_or(1000),
                fast, threads) {
    const Board& board = game->board();
    if (observations) {
      observations_ = py::array_t<float>(
          {n, board.planes(false), board.geometry.ranks(), board.geometry.files()});
    }
    masks_ = py::array_t<uint8_t>({n, game->codec().num_distinct_actions()});
    rewards_ = py::array_t<float>({n, 2});
    terminated_ = py::array_t<bool>(n);
    truncated_ = py::array_t<bool>(n);
    players_ = py::array_t<int32_t>(n);
    actions_ = py::array_t<int64_t>(n);
    buffers_.observations = observations ? observations_.mutable_data() : nullptr;
    buffers_.masks = masks_.mutable_data();
    buffers_.rewards = rewards_.mutable_data();
    buffers_.terminated = terminated_.mutable_data();
    buffers_.truncated = truncated_.mutable_data();
    buffers_.players = players_.mutable_data();
    py::gil_scoped_release release;
    vector_.reset(buffers_);
  }

  py::dict reset() {
    {
      py::gil_scoped_release release;
      vector_.reset(buffers_);
    }
    return arrays();
  }

  py::dict step(const py::array_t<int64_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != vector_.size()) {
      throw std::invalid_argument("step takes one action a game: an array of shape (" +
                                  std::to_string(vector_.size()) + ",)");
    }
    {
      py::gil_scoped_release release;
      vector_.step(actions.data(), buffers_);
    }
    return arrays();
  }

  py::array_t<int64_t> sample_actions() {
    {
      py::gil_scoped_release release;
      vector_.sample_actions(actions_.mutable_data());
    }
    return actions_;
  }

  py::dict arrays() const {
    py::dict d;
    d["observations"] = observations_.size() ? py::object(observations_) : py::none();
    d["legal_mask"] = masks_;
    d["rewards"] = rewards_;
    d["terminated"] = terminated_;
    d["truncated"] = truncated_;
    d["current_player"] = players_;
    return d;
  }

  const VectorGame& vector() const { return vector_; }

  PyState state(int i) const {
    if (i < 0 || i >= vector_.size()) {
      throw pybind11::index_error("game " + std::to_string(i) + " of " +
                                  std::to_string(vector_.size()));
    }
    return PyState(game_, vector_.state(size_t(i)));
  }

 private:
  std::shared_ptr<const PyGame> game_;
  VectorGame vector_;
  VectorBuffers buffers_;
  py::array_t<float> observations_{0};
  py::array_t<uint8_t> masks_;
  py::array_t<float> rewards_;
  py::array_t<bool> terminated_;
  py::array_t<bool> truncated_;
  py::array_t<int32_t> players_;
  py::array_t<int64_t> actions_;
};

}  // namespace

void bind_vector_game(py::module_& m) {
  py::class_<PyVectorGame>(
      m, "VectorGame",
      "N games stepped together in C++ (GIL released), numpy arrays in and out without copies; "
      "a game that ends starts again; chance is drawn inside from the seed.")
      .def(py::init<std::shared_ptr<PyGame>, int, uint64_t, std::optional<int>, bool, bool, int>(),
           py::arg("game"), py::arg("n"), py::arg("seed") = 0, py::arg("max_steps") = py::none(),
           py::arg("observations") = true, py::arg("fast") = true, py::arg("threads") = 1,
           "max_steps: a game is truncated after this many actions (default: "
           "game.max_game_length(), or 1000); observations=False: no observation planes "
           "(faster); fast=False: play the open game through the general State too; threads: "
           "split the games between this many threads at each step (the same games whatever "
           "the number).")
      .def("reset", &PyVectorGame::reset,
           "Starts every game again; returns the arrays (as step does).")
      .def("step", &PyVectorGame::step, py::arg("actions"),
           "Plays one integer a game (shape (n,)); returns a dict of the arrays observations "
           "(n, planes, ranks, files) of the side to act, legal_mask (n, num_distinct_actions), "
           "rewards (n, 2) [Blue, Red], terminated (n), truncated (n), current_player (n). "
           "The same arrays every call, overwritten: copy what must be kept. A game that ended "
           "shows its rewards and flags, and already the observation of the next game.")
      .def("sample_actions", &PyVectorGame::sample_actions,
           "A uniformly random legal action of each game (the same array every call).")
      .def("state", &PyVectorGame::state, py::arg("i"),
           "A copy of game i as it stands, as a State (the game that started again, once one "
           "ended).")
      .def("arrays", &PyVectorGame::arrays, "The arrays as the last reset or step left them.")
      .def_property_readonly("num_envs", [](const PyVectorGame& v) { return v.vector().size(); })
      .def_property_readonly("max_steps",
                             [](const PyVectorGame& v) { return v.vector().max_steps(); })
      .def_property_readonly("threads", [](const PyVectorGame& v) { return v.vector().threads(); })
      .def_property_readonly(
          "fast", [](const PyVectorGame& v) { return v.vector().fast(); },
          "Whether the open game is played on core's positions directly.")
      .def("__len__", [](const PyVectorGame& v) { return v.vector().size(); });
}

}  // namespace jungle::python
