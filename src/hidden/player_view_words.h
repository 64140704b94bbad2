#pragma once

// Words the view's files share in what they tell the user.

#include <string>

#include "core/types.h"

namespace jungle::hidden {

// "Blue Dog": a side's animal, as messages name it.
inline std::string piece_words(Side side, Animal a) {
  return side_name(side) + " " + std::string(animal_name(a));
}

}  // namespace jungle::hidden
