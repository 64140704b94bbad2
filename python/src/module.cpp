// The module jungle._jungle, which python/jungle/__init__.py re-exports as
// `jungle` (docs/python.md).

#include <pybind11/pybind11.h>

#include "bindings.h"

PYBIND11_MODULE(_jungle, m) {
  m.doc() =
      "Jungle (Dou Shou Qi) in every family -- the open game, Flip Jungle (chance) and hidden "
      "pieces (private information) -- through one OpenSpiel-shaped interface: load_game, "
      "Game, State, VectorGame, Engine. See docs/python.md.";
  jungle::python::bind_game(m);
  jungle::python::bind_vector_game(m);
  jungle::python::bind_engine(m);
  jungle::python::bind_tablebase(m);
}
