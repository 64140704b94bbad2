#pragma once

#include <pybind11/pybind11.h>

// Each part of the module binds its own classes (module.cpp calls them in order).

namespace jungle::python {

void bind_game(pybind11::module_& m);
void bind_vector_game(pybind11::module_& m);
void bind_engine(pybind11::module_& m);
void bind_tablebase(pybind11::module_& m);

}  // namespace jungle::python
